import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** Keeps the mail in the outbox at once; SMTP delivery (when configured) follows off the request. */
  send(message: MailMessage): Promise<void>;
  /** Waits for deliveries under way: graceful shutdown and tests. */
  flush(): Promise<void>;
};

export const MAIL_FROM = 'Afiliados <no-reply@afiliados.local>';

/**
 * With SMTP_URL the mail goes through that server; without it the outbox table is the only copy,
 * so the embedded default works offline. The log names the recipient and subject, never the body:
 * bodies carry reset links.
 */
export function createMailer(db: Db, smtpUrl: string | undefined, log: FastifyBaseLogger): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, message: MailMessage) {
    if (!transport) return;
    try {
      await transport.sendMail({ from: MAIL_FROM, ...message });
      await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id));
    } catch (error) {
      log.warn({ to: message.to, subject: message.subject, err: (error as Error).message }, 'mail not delivered');
      await db
        .update(outbox)
        .set({ error: (error as Error).message })
        .where(eq(outbox.id, id))
        .catch(() => {});
    }
  }

  return {
    async send(message) {
      const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
      log.info({ to: message.to, subject: message.subject, via: transport ? 'smtp' : 'outbox' }, 'mail queued');
      if (!row || !transport) return;
      const delivery = deliver(row.id, message).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}

/** How many mails with this subject went to this address in the last `withinMs`: caps on repeated notices. */
export async function countRecentMails(db: Db, to: string, subject: string, withinMs: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.subject, subject), gt(outbox.createdAt, new Date(Date.now() - withinMs))));
  return row?.n ?? 0;
}
