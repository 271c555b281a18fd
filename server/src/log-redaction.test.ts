import { ADMIN_ROLE } from '@contract/auth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, mailsTo, PASSWORD } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/helper';
import { REDACTED, redactText } from './log-redaction';

describe('redactText', () => {
  test.each([
    ['an argon2 hash', 'value $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA in the middle', '$argon2'],
    ['a session token', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', 'eyJ'],
    ['an API key', 'key afk_Zm9vYmFyYmF6cXV4cXV1eA used', 'afk_'],
    ['a signing secret', 'secret whsec_Zm9vYmFyYmF6cXV4cXV1eA', 'whsec_'],
    ['a webhook secret in standard base64', 'secret whsec_ab+/Zm9v/YmFy+YmF6cXV4cXV1eA== kept', 'YmF6'],
    ['a SHA-256 digest', `hash ${'ab'.repeat(32)}`, 'abab'],
    ['a reset link token', 'GET /auth/resetar-senha/Zm9vYmFyYmF6cXV4cXV1eA?x=1', 'Zm9vYmFy'],
    [
      'a failed query’s parameters',
      'Failed query: insert into "users" values ($1, $2)\nparams: ana@x.com,Senha-secreta-1',
      'Senha',
    ],
    ['a unique violation’s value', 'Key (key_hash)=(deadbeef) already exists.', 'deadbeef'],
  ])('hides %s', (_what, text, secret) => {
    const safe = redactText(text);
    expect(safe).not.toContain(secret);
    expect(safe).toContain(REDACTED);
  });

  test('leaves ordinary text alone', () => {
    const text = 'GET /api/v1/sales?page=2 answered 200 for request 1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
    expect(redactText(text)).toBe(text);
  });
});

describe('the log of failed writes', () => {
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: {
        write(line: string) {
          lines.push(line);
        },
      },
    });
  });
  afterAll(async () => t.close());

  test('a request is one line once answered: method, redacted URL, status and time; no "incoming request"', async () => {
    const from = lines.length;
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ready?token=eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl',
    });
    expect(answer.statusCode).toBe(200);
    const mine = lines
      .slice(from)
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string }; responseTime?: unknown })
      .filter((line) => line.req?.url?.startsWith('/api/v1/ready') || line.msg === 'incoming request');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/ready?token=[redacted]' },
      res: { statusCode: 200 },
    });
    expect(typeof mine[0]?.responseTime).toBe('number');
  });

  test('holds no password, hash, key, secret or token when every write fails on purpose', async () => {
    const admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
    const ana = await createSignedIn(t.app, t.database.db);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: ana.user.email } });
    let resetToken = '';
    for (let tries = 0; tries < 50 && !resetToken; tries += 1) {
      const text = (await mailsTo(t.database.db, ana.user.email)).at(-1)?.text ?? '';
      resetToken = text.match(/\/auth\/resetar-senha\/([\w-]+)/)?.[1] ?? '';
      if (!resetToken) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(resetToken).not.toBe('');

    // From here on, every write to the tables that hold secrets fails, as a broken disk would.
    await t.database.db.execute(sql`
      create function refuse_on_purpose() returns trigger language plpgsql as $$
      begin raise exception 'write refused on purpose by the test'; end $$`);
    for (const table of ['users', 'api_keys', 'password_resets']) {
      await t.database.db.execute(
        sql.raw(`create trigger refuse_${table} before insert or update on ${table}
                 for each row execute function refuse_on_purpose()`),
      );
    }
    const newPassword = 'Outra-senha-secreta-42';
    const attempts = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          first_name: 'Nova',
          last_name: 'Pessoa',
          email: 'nova.pessoa@example.com',
          password: newPassword,
          accept_terms: true,
        },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: admin.headers,
        payload: { name: 'Loja', signed: true },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/change-password',
        headers: ana.headers,
        payload: { current_password: PASSWORD, new_password: newPassword },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { token: resetToken, password: newPassword },
      }),
    ]);
    for (const attempt of attempts) expect(attempt.statusCode).toBe(500);

    const log = lines.join('');
    // The failures were logged, with what went wrong...
    expect(log.match(/unexpected error/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
    expect(log).toContain('write refused on purpose by the test');
    // ...and without a single secret.
    for (const secret of [PASSWORD, newPassword, resetToken, admin.token, ana.token]) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toMatch(/afk_|whsec_/);
    expect(log).not.toMatch(/\beyJ[\w-]+\./);
    expect(log).not.toMatch(/\b[0-9a-f]{64}\b/);
    expect(log).not.toMatch(/params: (?!\[redacted\])/);
  });

  test('names the socket peer as the remote address, not what a forged X-Forwarded-For claims', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      remoteAddress: '10.7.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    const incoming = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req?.url === '/api/v1/health');
    expect(incoming.map((entry) => entry.req.remoteAddress)).toEqual(['10.7.0.1']);
    expect(lines.join('')).not.toContain('203.0.113.9');
  });
});
