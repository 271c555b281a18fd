import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '5' } });
});
afterAll(async () => t.close());

const login = (email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: ip,
    payload: { email, password: 'wrong-password-1' },
  });

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
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: `10.3.0.${i + 1}`,
        payload: { email: user.email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  test('POST /auth/login for one account beyond its limit of failures answers 429, whatever the IP', async () => {
    const user = await createUser(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(user.email, `10.1.0.${i + 1}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
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
});
