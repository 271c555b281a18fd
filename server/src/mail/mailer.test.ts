import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, PASSWORD } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/helper';

type Received = { to: string[]; subject: string; text: string };
const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('mail through SMTP', () => {
  test('a password reset reaches a real SMTP server and its link resets the password', async () => {
    const user = await createUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(202);
    await t.app.tasks.drain();
    await t.app.mailer.flush();
    const mail = received.find((m) => m.to.includes(user.email));
    expect(mail?.subject).toBe('Reset your password');
    const token = mail?.text.match(/http:\/\/portal\.test\/auth\/resetar-senha\/([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: 'smtp-senha-5' },
    });
    expect(reset.statusCode).toBe(204);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: 'smtp-senha-5' },
    });
    expect(login.statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });
});
