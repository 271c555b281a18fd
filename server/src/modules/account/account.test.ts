import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { affiliates, users } from '../../db/schema';
import { notifyUsers } from '../notifications/notifications.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const image = (format: 'png' | 'jpeg' | 'webp', size = 600) =>
  sharp({ create: { width: size, height: Math.round(size * 0.75), channels: 3, background: '#2a4fc7' } })
    .toFormat(format)
    .toBuffer();

describe('account', () => {
  test('GET /me/account shows my names, language, role and affiliate details', async () => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/account', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'Afiliado',
      language: 'en',
      two_factor_enabled: false,
      affiliate: { id: user.affiliateId, status: 'approved', pix_key: null },
    });
  });

  test('PATCH /me changes names and language and answers the new user state', async () => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers,
      payload: { first_name: 'Ana Paula', last_name: 'Souza', language: 'pt' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ nome: 'Ana Paula', sobrenome: 'Souza' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Ana Paula', language: 'pt' });
  });

  test.each([
    ['cpf', '529.982.247-25', '52998224725'],
    ['phone', '(11) 98765-4321', '+5511987654321'],
    ['random', '123e4567-e89b-42d3-a456-426614174000', '123e4567-e89b-42d3-a456-426614174000'],
  ])('PATCH /me keeps a valid %s PIX key in canonical form', async (type, key, canonical) => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers,
      payload: { pix_key: { type, key } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().account.affiliate.pix_key).toEqual({ type, key: canonical });
    const [row] = await t.database.db.select().from(affiliates).where(eq(affiliates.userId, user.id));
    expect(row).toMatchObject({ pixKey: canonical, pixKeyType: type });
  });

  test('PATCH /me refuses a PIX key that does not fit its type, naming pix_key.key, changing nothing', async () => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers,
      payload: { first_name: 'Changed', pix_key: { type: 'cpf', key: '123.456.789-00' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('pix_key.key');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.firstName).not.toBe('Changed');
  });

  test('PATCH /me refuses a PIX key for an administrator', async () => {
    const { headers } = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers,
      payload: { pix_key: { type: 'email', key: 'a@b.com' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('pix_key');
  });
});

describe('PUT /me/avatar', () => {
  test.each(['png', 'jpeg', 'webp'] as const)('a %s becomes a 256 px WebP served publicly', async (format) => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/avatar',
      headers: { ...headers, 'content-type': `image/${format}` },
      payload: await image(format),
    });
    expect(res.statusCode).toBe(200);
    const avatarUrl = res.json().user.avatar as string;
    expect(avatarUrl).toMatch(new RegExp(`^/api/v1/avatars/${user.id}\\?v=\\d+$`));
    const served = await t.app.inject({ method: 'GET', url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'webp']);
  });

  test('refuses something that is not an image, naming avatar', async () => {
    const { headers } = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/avatar',
      headers: { ...headers, 'content-type': 'image/png' },
      payload: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'avatar' });
  });

  test('refuses an image over 2 MB, naming avatar', async () => {
    const { headers } = await createSignedIn(t.app, t.database.db);
    const big = Buffer.concat([await image('png', 64), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/avatar',
      headers: { ...headers, 'content-type': 'image/png' },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].field).toBe('avatar');
  });
});

describe('GET /me/export', () => {
  test('gives my records as a JSON download, and only mine', async () => {
    const me = await createSignedIn(t.app, t.database.db);
    const other = await createSignedIn(t.app, t.database.db);
    await notifyUsers(t.database.db, [me.user.id], { kind: 'x', title: 'Mine', text: '1' });
    await notifyUsers(t.database.db, [other.user.id], { kind: 'x', title: 'Not mine', text: '2' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/export', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="afiliados-meus-dados-/);
    const data = res.json();
    expect(data.account.email).toBe(me.user.email);
    expect(data.notifications.map((n: { title: string }) => n.title)).toEqual(['Mine']);
    // The device of the sign-in that made `me`'s session, the postback and coupons (none yet) too.
    expect(data.sign_in_devices.length).toBeGreaterThan(0);
    expect(data.postback).toBeNull();
    expect(data.coupons).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('password');
  });
});
