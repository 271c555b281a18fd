import { createHmac } from 'node:crypto';
import { ADMIN_ROLE } from '@contract/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildApp } from '../../app';
import { affiliates, apiKeys, campaigns, ledgerEntries, sales } from '../../db/schema';
import { API_KEY_CACHE_MS } from './api-keys.service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let anaCode: string;
let campaignId: number;
let signed: { id: number; key: string; secret: string };
let unsigned: { id: number; key: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, t.database.db);
  anaCode =
    (
      await t.database.db
        .select()
        .from(affiliates)
        .where(eq(affiliates.id, ana.user.affiliateId ?? 0))
    )[0]?.code ?? '';
  const [campaign] = await t.database.db
    .insert(campaigns)
    .values({
      name: 'Loja',
      destinationUrl: 'https://loja.example.com/',
      commissionType: 'percent',
      commissionValue: 1_000,
      cookieDays: 30,
      holdDays: 7,
    })
    .returning();
  campaignId = campaign?.id ?? 0;
  const createKey = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/api-keys', headers: admin.headers, payload });
  signed = (await createKey({ name: 'Loja (assinada)' })).json();
  unsigned = (await createKey({ name: 'Loja antiga', signed: false })).json();
});
afterAll(async () => t.close());

let order = 0;
const body = (change: Record<string, unknown> = {}) => ({
  campaign_id: campaignId,
  external_id: `pb-${process.pid}-${++order}`,
  amount_cents: 19_990,
  payment_method: 'pix',
  affiliate_code: anaCode,
  ...change,
});

function sign(raw: string, secret = signed.secret, t0 = Math.floor(Date.now() / 1000)) {
  return `t=${t0},v1=${createHmac('sha256', secret).update(`${t0}.${raw}`).digest('hex')}`;
}

const postback = (raw: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/postback',
    headers: { 'content-type': 'application/json', ...headers },
    payload: raw,
  });
const signedPostback = (payload: Record<string, unknown>) => {
  const raw = JSON.stringify(payload);
  return postback(raw, { 'x-api-key': signed.key, 'x-signature': sign(raw) });
};

describe('API keys', () => {
  test('POST /api-keys shows the key and secret once; the list never does; only a hash is stored', async () => {
    expect(signed.key).toMatch(/^afk_/);
    expect(signed.secret).toMatch(/^whsec_/);
    expect((unsigned as { secret?: string | null }).secret).toBeNull();
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: admin.headers });
    expect(list.body).not.toContain(signed.key);
    expect(list.body).not.toContain(signed.secret);
    expect(list.json().items.find((k: { id: number }) => k.id === signed.id)).toMatchObject({
      prefix: signed.key.slice(0, 8),
      signed: true,
    });
    const rows = await t.database.db.select().from(apiKeys);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(signed.key);
    expect(stored).not.toContain(signed.secret);
  });

  test('only admins manage keys', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: ana.headers,
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(403);
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: admin.headers,
      payload: { name: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].field).toBe('name');
  });
});

describe('POST /postback', () => {
  test('a signed postback records the sale (201) with its commission', async () => {
    const res = await signedPostback(body());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      source: 'postback',
      affiliate_id: ana.user.affiliateId,
      commission_cents: 1_999,
      status: 'pending',
    });
  });

  test.each([
    ['no key', () => ({}), 'API_KEY_MISSING'],
    ['an unknown key', () => ({ 'x-api-key': 'afk_nope' }), 'API_KEY_INVALID'],
    ['no signature for a signed key', () => ({ 'x-api-key': signed.key }), 'SIGNATURE_MISSING'],
    ['a malformed signature', () => ({ 'x-api-key': signed.key, 'x-signature': 'v1=abc' }), 'SIGNATURE_MISSING'],
    [
      'a signature by another secret',
      (raw: string) => ({ 'x-api-key': signed.key, 'x-signature': sign(raw, 'whsec_other') }),
      'SIGNATURE_INVALID',
    ],
    [
      'a signature older than five minutes',
      (raw: string) => ({
        'x-api-key': signed.key,
        'x-signature': sign(raw, signed.secret, Math.floor(Date.now() / 1000) - 301),
      }),
      'SIGNATURE_EXPIRED',
    ],
    [
      'a signature of another body',
      () => ({ 'x-api-key': signed.key, 'x-signature': sign(JSON.stringify(body({ amount_cents: 1 }))) }),
      'SIGNATURE_INVALID',
    ],
  ])('refuses %s with 401, recording nothing', async (_name, headers, reason) => {
    const raw = JSON.stringify(body());
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sales);
    const res = await postback(raw, headers(raw));
    expect(res.statusCode).toBe(401);
    expect(res.json().reason ?? res.json().code).toBe(reason);
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(sales);
    expect(after?.n).toBe(before?.n);
  });

  test('any matching v1 is accepted when several are sent, as while a secret rotates', async () => {
    const t0 = Math.floor(Date.now() / 1000);
    const v1 = (raw: string, secret: string) => createHmac('sha256', secret).update(`${t0}.${raw}`).digest('hex');
    for (const order of ['new first', 'old first'] as const) {
      const raw = JSON.stringify(body());
      const pair = [v1(raw, signed.secret), v1(raw, 'whsec_the_old_one')];
      const [first, second] = order === 'new first' ? pair : pair.reverse();
      const header = `t=${t0},v1=${first},v1=${second},v0=${'0'.repeat(64)}`;
      const res = await postback(raw, { 'x-api-key': signed.key, 'x-signature': header });
      expect({ order, status: res.statusCode }).toEqual({ order, status: 201 });
    }
    const raw = JSON.stringify(body());
    const bothWrong = `t=${t0},v1=${v1(raw, 'whsec_a')},v1=${v1(raw, 'whsec_b')}`;
    expect((await postback(raw, { 'x-api-key': signed.key, 'x-signature': bothWrong })).statusCode).toBe(401);
  });

  test('an unsigned key needs no signature; a revoked key is refused', async () => {
    const raw = JSON.stringify(body());
    expect((await postback(raw, { 'x-api-key': unsigned.key })).statusCode).toBe(201);
    const key = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: admin.headers,
        payload: { name: 'temporária', signed: false },
      })
    ).json();
    // Used once, so this server holds its row (API_KEY_CACHE_MS): revoking here forgets it at once.
    expect((await postback(JSON.stringify(body()), { 'x-api-key': key.key })).statusCode).toBe(201);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${key.id}`, headers: admin.headers });
    const revoked = await postback(JSON.stringify(body()), { 'x-api-key': key.key });
    expect(revoked.statusCode).toBe(401);
  });

  test('a key revoked on another server stops working here within API_KEY_CACHE_MS', async () => {
    const here = await buildApp({ config: t.config, database: await t.database.reopen(), logger: false });
    try {
      const key = (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/api-keys',
          headers: admin.headers,
          payload: { name: 'outro servidor', signed: false },
        })
      ).json();
      const send = () =>
        here.inject({
          method: 'POST',
          url: '/api/v1/postback',
          headers: { 'content-type': 'application/json', 'x-api-key': key.key },
          payload: JSON.stringify(body()),
        });
      expect((await send()).statusCode).toBe(201);
      await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${key.id}`, headers: admin.headers });
      await new Promise((resolve) => setTimeout(resolve, API_KEY_CACHE_MS + 100));
      expect((await send()).statusCode).toBe(401);
    } finally {
      await here.close();
    }
  });

  test('a bad body from a valid key is a 400 naming the field', async () => {
    const res = await signedPostback(body({ amount_cents: 'muito' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('amount_cents');
    const neither = await signedPostback(body({ affiliate_code: undefined }));
    expect(neither.json().errors[0].field).toBe('click_id');
  });

  test('the same order again answers 200 with the same sale; another amount 409', async () => {
    const payload = body();
    const first = await signedPostback(payload);
    const again = await signedPostback(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const changed = await signedPostback({ ...payload, amount_cents: 20_000 });
    expect(changed.statusCode).toBe(409);
  });

  test('100 identical postbacks at once record one sale', async () => {
    const payload = body({ status: 'approved' });
    const answers = await Promise.all(Array.from({ length: 100 }, () => signedPostback(payload)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 200)).toHaveLength(99);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const rows = await t.database.db.select().from(sales).where(eq(sales.externalId, payload.external_id));
    expect(rows).toHaveLength(1);
    // approved on arrival: its commission entered the ledger once
    const ledger = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.saleId, rows[0]?.id ?? 0));
    expect(ledger).toHaveLength(1);
  });

  test('a flagged sale stays pending even when the merchant says approved', async () => {
    const res = await signedPostback(body({ status: 'approved', customer_email: ana.user.email }));
    expect(res.json()).toMatchObject({ status: 'pending', flags: ['self_referral'] });
  });

  test('no key, secret, signature, password or token reaches the logs', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const boss = await createSignedIn(logged.app, logged.database.db, { role: ADMIN_ROLE });
      const key = (
        await logged.app.inject({
          method: 'POST',
          url: '/api/v1/api-keys',
          headers: boss.headers,
          payload: { name: 'log' },
        })
      ).json();
      const raw = JSON.stringify(body({ campaign_id: 999_999 }));
      const signature = sign(raw, key.secret);
      await logged.app.inject({
        method: 'POST',
        url: '/api/v1/postback',
        headers: { 'content-type': 'application/json', 'x-api-key': key.key, 'x-signature': signature },
        payload: raw,
      });
      const output = lines.join('');
      expect(output).toContain('/api/v1/postback');
      for (const secret of [key.key, key.secret, signature, boss.token, boss.user.password]) {
        expect(output).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});
