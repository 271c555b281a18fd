import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, PASSWORD } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/helper';
import { startSmtpPeer } from '../../test/smtp';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
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
    const mail = smtp.mailsTo(user.email)[0];
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
