import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  /** Each header as it came, by its lower-case name (the value after the colon). */
  headers: Record<string, string>;
};

/** A real SMTP server on a free port that keeps what it receives; point SMTP_URL at `url`. */
export async function startSmtpPeer() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      if (refusals > 0) {
        refusals--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            headers: Object.fromEntries(
              mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]),
            ),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** What reached this address, oldest first. */
    mailsTo: (address: string) => received.filter((mail) => mail.to.includes(address)),
    /** The next `n` mails are refused with a 451 (a temporary failure), as a busy server does. */
    refuseNext(n: number) {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
