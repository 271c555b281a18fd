import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, createUser, mailsTo, PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { levels, networks, users } from '../../db/schema';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
});
afterAll(async () => t.close());

const as =
  (headers: Record<string, string>) => (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });

describe('users', () => {
  test('POST /users registers an affiliate who sets a password from the emailed link and signs in', async () => {
    const api = as(admin.headers);
    const res = await api('POST', '/users', {
      first_name: 'Rafa',
      last_name: 'Mendes',
      email: 'rafa@example.com',
      role: 'Afiliado',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      role: 'Afiliado',
      affiliate_status: 'approved',
      has_password: false,
      active: true,
    });
    const mail = (await mailsTo(t.database.db, 'rafa@example.com')).at(-1);
    expect(mail?.subject).toBe('Seu acesso ao programa de afiliados');
    const token = mail?.text.match(/\/auth\/resetar-senha\/([\w-]+)/)?.[1];
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: 'rafa@example.com', password: 'anything-1' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/reset-password',
          payload: { token, password: 'minha-senha-1' },
        })
      ).statusCode,
    ).toBe(204);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'rafa@example.com', password: 'minha-senha-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.codigo_afiliado).toMatch(/^AF/);
  });

  test('GET /users searches, filters by role and status, sorts and pages', async () => {
    const api = as(admin.headers);
    await api('POST', '/users', {
      first_name: 'Zeca',
      last_name: 'Busca',
      email: 'zeca.busca@example.com',
      role: 'Administrador',
    });
    const found = await api('GET', '/users?q=busca&role=Administrador');
    expect(found.json().items.map((u: { email: string }) => u.email)).toEqual(['zeca.busca@example.com']);
    const paged = await api('GET', '/users?page_size=1&page=2&sort=email');
    expect(paged.json()).toMatchObject({ page: 2, page_size: 1 });
    expect(paged.json().items).toHaveLength(1);
    expect(paged.json().total).toBeGreaterThan(2);
    expect((await api('GET', '/users?page_size=101')).statusCode).toBe(400);
  });

  test('a duplicate email is 409 on the email', async () => {
    const res = await as(admin.headers)('POST', '/users', {
      first_name: 'A',
      last_name: 'B',
      email: admin.user.email.toUpperCase(),
      role: 'Afiliado',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].field).toBe('email');
  });

  test('the last administrator can be neither demoted nor deactivated', async () => {
    const fresh = await createTestApp();
    const only = await createSignedIn(fresh.app, fresh.database.db, { role: ADMIN_ROLE });
    const api = (method: 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      fresh.app.inject({ method, url: `/api/v1${url}`, headers: only.headers, payload: payload as object });
    const demote = await api('PATCH', `/users/${only.user.id}`, { role: 'Afiliado' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('LAST_ADMIN');
    expect((await api('DELETE', `/users/${only.user.id}`)).json().code).toBe('LAST_ADMIN');
    await fresh.close();
  });

  test('DELETE /users/:id deactivates: the person cannot sign in and their sessions end', async () => {
    const person = await createSignedIn(t.app, t.database.db);
    const res = await as(admin.headers)('DELETE', `/users/${person.user.id}`);
    expect(res.json()).toMatchObject({ active: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: person.headers })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: person.user.email, password: PASSWORD },
    });
    expect(login.json().code).toBe('ACCOUNT_DEACTIVATED');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row?.deletedAt).not.toBeNull();
  });

  test('affiliates may not manage people', async () => {
    const affiliate = await createSignedIn(t.app, t.database.db);
    expect((await as(affiliate.headers)('GET', '/users')).statusCode).toBe(403);
  });
});

describe('affiliate settings', () => {
  test('PATCH /affiliates/:id sets level, network, code and PIX key, audited', async () => {
    const [level] = await t.database.db
      .insert(levels)
      .values({ name: 'Nível X', rank: 9, commissionBps: 900 })
      .returning();
    const [network] = await t.database.db.insert(networks).values({ name: 'Rede X' }).returning();
    const person = await createUser(t.database.db);
    const api = as(admin.headers);
    const res = await api('PATCH', `/affiliates/${person.affiliateId}`, {
      level_id: level?.id,
      network_id: network?.id,
      code: 'PARCEIRO01',
      pix_key: { type: 'email', key: 'Pix@Example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      level_id: level?.id,
      network_id: network?.id,
      code: 'PARCEIRO01',
      pix_key: { type: 'email', key: 'pix@example.com' },
    });
    const trail = await api('GET', `/audit?entity=affiliate&entity_id=${person.affiliateId}`);
    expect(trail.json().items[0]).toMatchObject({ action: 'affiliate.update', after: { code: 'PARCEIRO01' } });
  });

  test.each([
    ['level_id', { level_id: 999_999 }],
    ['network_id', { network_id: 999_999 }],
    ['code', { code: 'bad code' }],
    ['pix_key.key', { pix_key: { type: 'cpf', key: '111' } }],
    ['status', { status: 'pending' }],
  ])('refuses a bad %s naming it', async (field, change) => {
    const person = await createUser(t.database.db);
    const res = await as(admin.headers)('PATCH', `/affiliates/${person.affiliateId}`, change);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });

  test('a code used by another affiliate is 409 on the code', async () => {
    const first = await createUser(t.database.db);
    const second = await createUser(t.database.db);
    await as(admin.headers)('PATCH', `/affiliates/${first.affiliateId}`, { code: 'UNICO123' });
    const res = await as(admin.headers)('PATCH', `/affiliates/${second.affiliateId}`, { code: 'UNICO123' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].field).toBe('code');
  });

  test('suspending an affiliate ends their session and blocks sign-in; approving again lets them back', async () => {
    const person = await createSignedIn(t.app, t.database.db);
    const api = as(admin.headers);
    await api('PATCH', `/affiliates/${person.user.affiliateId}`, { status: 'suspended' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: person.headers })).statusCode).toBe(401);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: person.user.email, password: PASSWORD },
      });
    expect((await login()).json().code).toBe('ACCOUNT_SUSPENDED');
    await api('PATCH', `/affiliates/${person.user.affiliateId}`, { status: 'approved' });
    expect((await login()).statusCode).toBe(200);
  });

  test('DELETE /affiliates/:id deactivates the person behind the affiliate', async () => {
    const person = await createUser(t.database.db);
    const res = await as(admin.headers)('DELETE', `/affiliates/${person.affiliateId}`);
    expect(res.json()).toMatchObject({ id: person.id, active: false });
  });
});
