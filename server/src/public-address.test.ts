import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, createUser, mailsTo } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/helper';
import { affiliates } from './db/schema';

/** Issue 18: every server writes the one public address into links and mails, never its own port. */
const PROXY = '10.0.8.1';
const forwarded = { 'x-forwarded-host': 'afiliados.example.com.br', 'x-forwarded-proto': 'https' };

let behindProxy: TestApp;
let configured: TestApp;
beforeAll(async () => {
  behindProxy = await createTestApp({ env: { PUBLIC_URL: '', PORT: '3111', TRUST_PROXY: PROXY } });
  configured = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.com', TRUST_PROXY: PROXY } });
});
afterAll(async () => {
  await behindProxy.close();
  await configured.close();
});

async function linkUrl(t: TestApp, remoteAddress: string, headers: Record<string, string>) {
  const admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
  const affiliate = await createSignedIn(t.app, t.database.db);
  const campaign = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: admin.headers,
    payload: {
      name: `Loja ${remoteAddress}`,
      destination_url: 'https://loja.example.com/',
      cookie_days: 30,
      hold_days: 7,
    },
  });
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/v1/links',
    remoteAddress,
    headers: { ...affiliate.headers, ...headers },
    payload: { campaign_id: campaign.json().id },
  });
  return link.json().url as string;
}

async function resetMailText(t: TestApp, remoteAddress: string, headers: Record<string, string>) {
  const user = await createUser(t.database.db);
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/forgot-password',
    remoteAddress,
    headers,
    payload: { email: user.email },
  });
  await t.app.tasks.drain();
  return (await mailsTo(t.database.db, user.email)).at(-1)?.text ?? '';
}

/** An affiliate's redemption approved by an admin through the proxy: the text of the mail that says so. */
async function redemptionMailText(t: TestApp, remoteAddress: string, headers: Record<string, string>) {
  const db = t.database.db;
  const admin = await createSignedIn(t.app, db, { role: ADMIN_ROLE });
  const person = await createSignedIn(t.app, db);
  const affiliateId = person.user.affiliateId ?? 0;
  await db
    .update(affiliates)
    .set({ pixKey: person.user.email, pixKeyType: 'email' })
    .where(eq(affiliates.id, affiliateId));
  const campaign = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: admin.headers,
    payload: {
      name: `Resgate ${remoteAddress}`,
      destination_url: 'https://loja.example.com/',
      commission_type: 'percent',
      commission_value: 10_000,
      cookie_days: 30,
      hold_days: 0,
    },
  });
  const sale = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sales',
    headers: admin.headers,
    payload: {
      campaign_id: campaign.json().id,
      affiliate_id: affiliateId,
      amount_cents: 500_000,
      payment_method: 'pix',
      status: 'approved',
    },
  });
  expect(sale.statusCode, sale.body).toBe(201);
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/v1/redemptions',
    headers: person.headers,
    payload: { amount_cents: 5_000, method: 'pix' },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/v1/redemptions/${asked.json().id}/approve`,
    remoteAddress,
    headers: { ...admin.headers, ...headers },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  await t.app.tasks.drain();
  return (await mailsTo(db, person.user.email)).at(-1)?.text ?? '';
}

describe('the public address in links and mails', () => {
  test('POST /links behind the trusted proxy, without PUBLIC_URL: the forwarded host and scheme', async () => {
    expect(await linkUrl(behindProxy, PROXY, forwarded)).toMatch(/^https:\/\/afiliados\.example\.com\.br\/r\/\w+$/);
  });

  test('POST /auth/forgot-password behind the trusted proxy: the mail links to the forwarded host', async () => {
    expect(await resetMailText(behindProxy, PROXY, forwarded)).toContain(
      'https://afiliados.example.com.br/auth/resetar-senha/',
    );
  });

  test('POST /redemptions/:id/approve behind the trusted proxy: the mail links to the forwarded host', async () => {
    expect(await redemptionMailText(behindProxy, PROXY, forwarded)).toContain(
      'https://afiliados.example.com.br/resgates',
    );
  });

  test('a forwarded host from anyone but the proxy is ignored (no stranger picks the host of a reset mail)', async () => {
    const text = await resetMailText(behindProxy, '203.0.113.9', { ...forwarded, host: 'evil.example' });
    expect(text).not.toContain('example.com.br');
    expect(text).not.toContain('evil.example');
    expect(text).toContain('http://localhost:3111/auth/resetar-senha/');
  });

  test('PUBLIC_URL wins over any forwarded host', async () => {
    expect(await linkUrl(configured, PROXY, forwarded)).toMatch(/^https:\/\/portal\.example\.com\/r\/\w+$/);
    expect(await resetMailText(configured, PROXY, forwarded)).toContain(
      'https://portal.example.com/auth/resetar-senha/',
    );
  });
});
