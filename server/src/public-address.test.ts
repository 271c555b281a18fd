import { ADMIN_ROLE } from '@contract/auth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, createUser, mailsTo } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/helper';

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

describe('the public address in links and mails', () => {
  test('POST /links behind the trusted proxy, without PUBLIC_URL: the forwarded host and scheme', async () => {
    expect(await linkUrl(behindProxy, PROXY, forwarded)).toMatch(/^https:\/\/afiliados\.example\.com\.br\/r\/\w+$/);
  });

  test('POST /auth/forgot-password behind the trusted proxy: the mail links to the forwarded host', async () => {
    expect(await resetMailText(behindProxy, PROXY, forwarded)).toContain(
      'https://afiliados.example.com.br/auth/resetar-senha/',
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
