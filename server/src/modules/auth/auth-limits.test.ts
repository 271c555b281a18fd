import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { ACCOUNT_FAILURES, ADDRESS_FAILURES } from '../../plugins/rate-limit';

let t: TestApp;
let trusting: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '5', LOG_LEVEL: 'warn' },
    logStream: { write: (line) => logLines.push(line) },
  });
  trusting = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: '10.0.6.1' } });
});
afterAll(async () => {
  await t.close();
  await trusting.close();
});

const login = (
  email: string,
  ip: string,
  options: { password?: string; headers?: Record<string, string>; app?: TestApp } = {},
) =>
  (options.app ?? t).app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: ip,
    headers: options.headers,
    payload: { email, password: options.password ?? 'wrong-password-1' },
  });

const xff = (address: string) => ({ 'x-forwarded-for': address });

describe('rate limits on sign-in and password recovery', () => {
  test('POST /auth/login from one IP beyond its limit answers 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(`person${i}@example.com`, '10.0.0.1')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const limited = await login('someone-else@example.com', '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await login('person0@example.com', '10.0.0.2')).statusCode).toBe(401);
  });

  test('POST /auth/login: successful sign-ins do not use up the account limit', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < 12; i++) {
      const res = await login(user.email, `10.3.0.${i + 1}`, { password: PASSWORD });
      expect(res.statusCode).toBe(200);
    }
  });

  test('POST /auth/forgot-password is limited per IP too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        remoteAddress: '10.2.0.1',
        payload: { email: `x${i}@example.com` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  test.each([
    ['/auth/login', { email: 42, password: 'wrong-password-1' }],
    ['/auth/login', { email: ['a@example.com'], password: 'wrong-password-1' }],
    ['/auth/two-steps', { challenge: { a: 1 }, code: '123456' }],
    ['/auth/forgot-password', { email: null }],
    ['/auth/register', { email: 7 }],
  ])(
    'POST %s with a body field of the wrong type answers 400 problem+json, and the limits do not fail',
    async (url, payload) => {
      const before = logLines.length;
      const res = await t.app.inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress: '10.4.0.1', payload });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().code).toBe('VALIDATION');
      expect(logLines.slice(before).filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
    },
  );
});

describe('the address the limits count', () => {
  test('a forged X-Forwarded-For is ignored by default: the per-address limit still applies', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await login(`forger${i}@example.com`, '10.5.0.1', { headers: xff(`203.0.113.${i}`) })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  test('X-Forwarded-For names the client when TRUST_PROXY names the proxy that sent it', async () => {
    const viaProxy = [];
    for (let i = 0; i < 6; i++) {
      viaProxy.push(
        (await login(`client${i}@example.com`, '10.0.6.1', { app: trusting, headers: xff(`198.51.100.${i}`) }))
          .statusCode,
      );
    }
    expect(viaProxy).toEqual([401, 401, 401, 401, 401, 401]);
    const oneClient = [];
    for (let i = 0; i < 6; i++) {
      oneClient.push(
        (await login(`same${i}@example.com`, '10.0.6.1', { app: trusting, headers: xff('198.51.100.77') })).statusCode,
      );
    }
    expect(oneClient).toEqual([401, 401, 401, 401, 401, 429]);
    // Sent by anyone else, the header is a forgery again.
    const direct = [];
    for (let i = 0; i < 6; i++) {
      direct.push(
        (await login(`direct${i}@example.com`, '10.0.7.1', { app: trusting, headers: xff(`192.0.2.${i}`) })).statusCode,
      );
    }
    expect(direct).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('no lockout weapon (decision 012)', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp();
  });
  afterAll(async () => open.close());
  const loginOpen = (email: string, ip: string, password?: string) => login(email, ip, { app: open, password });

  test("POST /auth/login: after a stranger's 50 wrong passwords the owner signs in from another address, and the stranger stays stopped", async () => {
    const owner = await createUser(open.database.db);
    const strangers = ['10.20.0.1', '10.20.0.2', '10.20.0.3', '10.20.0.4', '10.20.0.5'];
    for (const ip of strangers) {
      for (let i = 0; i < ADDRESS_FAILURES; i++) expect((await loginOpen(owner.email, ip)).statusCode).toBe(401);
    }
    for (const ip of strangers) expect((await loginOpen(owner.email, ip)).statusCode).toBe(429);
    // Even the right password from a stranger's address waits out the window.
    expect((await loginOpen(owner.email, '10.20.0.1', PASSWORD)).statusCode).toBe(429);
    expect((await loginOpen(owner.email, '10.20.9.9', PASSWORD)).statusCode).toBe(200);
  });

  test('POST /auth/login: the account-wide ceiling stops failures spread over many addresses, but not an address that signed in before', async () => {
    const owner = await createUser(open.database.db);
    expect((await loginOpen(owner.email, '10.21.0.1', PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < ACCOUNT_FAILURES; i++) {
      const ip = `10.22.${Math.floor(i / 200)}.${(i % 200) + 1}`;
      expect((await loginOpen(owner.email, ip)).statusCode).toBe(401);
    }
    expect((await loginOpen(owner.email, '10.23.0.1')).statusCode).toBe(429);
    expect((await loginOpen(owner.email, '10.21.0.1')).statusCode).toBe(401);
    expect((await loginOpen(owner.email, '10.21.0.1', PASSWORD)).statusCode).toBe(200);
  });
});
