import { ADMIN_ROLE } from '@contract/auth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, createUser, PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('maintenance mode', () => {
  test('only an admin may switch it', async () => {
    const affiliate = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/maintenance',
      headers: affiliate.headers,
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(403);
  });

  test('while on, the API answers 503 to everyone but admins, and says so publicly', async () => {
    const admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
    const affiliate = await createSignedIn(t.app, t.database.db);
    const waiting = await createUser(t.database.db);

    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/maintenance',
      headers: admin.headers,
      payload: { enabled: true, message: 'Voltamos às 14h.' },
    });
    expect(on.statusCode).toBe(200);

    const status = await t.app.inject({ method: 'GET', url: '/api/v1/settings/maintenance' });
    expect(status.json()).toEqual({ enabled: true, message: 'Voltamos às 14h.' });

    const blocked = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: affiliate.headers });
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json()).toMatchObject({ code: 'MAINTENANCE', detail: 'Voltamos às 14h.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(503);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: waiting.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json().code).toBe('MAINTENANCE');

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: admin.headers })).statusCode).toBe(200);
    const adminLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: admin.user.email, password: PASSWORD },
    });
    expect(adminLogin.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);

    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/maintenance',
      headers: admin.headers,
      payload: { enabled: false },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: affiliate.headers })).statusCode).toBe(200);
  });
});
