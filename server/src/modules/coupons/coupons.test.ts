import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { affiliates, campaigns, coupons, sales } from '../../db/schema';

// Issue 16, point 3: coupons name an affiliate outright; a sale's coupon decides before its click,
// which decides before its affiliate code (Hotmart's order; docs/decisions/021).

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let bia: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
let otherCampaignId: number;
let apiKey: string;
const codeOf: Record<number, string> = {};
const db = () => t.database.db;
const A = () => ana.user.affiliateId ?? 0;
const B = () => bia.user.affiliateId ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  bia = await createSignedIn(t.app, db());
  for (const id of [A(), B()]) {
    const [row] = await db().select({ code: affiliates.code }).from(affiliates).where(eq(affiliates.id, id));
    codeOf[id] = row?.code ?? '';
  }
  const rows = await db()
    .insert(campaigns)
    .values(
      ['Cupom Verão', 'Cupom Inverno'].map((name) => ({
        name,
        destinationUrl: 'https://loja.example.com/',
        commissionType: 'percent' as const,
        commissionValue: 1_000,
        cookieDays: 30,
        holdDays: 0,
      })),
    )
    .returning();
  campaignId = rows[0]?.id ?? 0;
  otherCampaignId = rows[1]?.id ?? 0;
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: admin.headers,
    payload: { name: 'Loja', signed: false },
  });
  apiKey = key.json().key;
});
afterAll(async () => t.close());

const createCoupon = (payload: Record<string, unknown>, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/v1/coupons', headers, payload });

describe('POST/GET/PATCH /coupons', () => {
  test('an admin creates a coupon; codes are unique whatever their case; a bad code is a 400 naming it', async () => {
    const created = await createCoupon({
      code: 'Ana10',
      campaign_id: campaignId,
      affiliate_id: A(),
      discount_label: '10% off',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'Ana10',
      campaign_id: campaignId,
      affiliate_id: A(),
      discount_label: '10% off',
      active: true,
    });

    const taken = await createCoupon({ code: 'ANA10', campaign_id: otherCampaignId, affiliate_id: B() });
    expect(taken.statusCode).toBe(409);
    expect(taken.headers['content-type']).toContain('application/problem+json');
    expect(taken.json().errors[0].field).toBe('code');

    for (const code of ['a b', 'ab', 'x'.repeat(33), 'ção10']) {
      const bad = await createCoupon({ code, campaign_id: campaignId, affiliate_id: A() });
      expect(bad.statusCode, code).toBe(400);
      expect(bad.json().errors[0].field).toBe('code');
    }
    const noAffiliate = await createCoupon({ code: 'NINGUEM', campaign_id: campaignId, affiliate_id: 987654 });
    expect(noAffiliate.statusCode).toBe(422);
    expect(noAffiliate.json().errors[0].field).toBe('affiliate_id');
    expect(await db().select().from(coupons).where(eq(coupons.code, 'NINGUEM'))).toEqual([]);
  });

  test('an affiliate lists only their own coupons and cannot create one', async () => {
    await createCoupon({ code: 'BIA-VERAO', campaign_id: campaignId, affiliate_id: B() });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/coupons?affiliate_id=${A()}`,
      headers: bia.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.map((c: { code: string }) => c.code)).toEqual(['BIA-VERAO']);
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/coupons', headers: admin.headers });
    expect(all.json().total).toBeGreaterThanOrEqual(2);
    const found = await t.app.inject({ method: 'GET', url: '/api/v1/coupons?q=verao', headers: admin.headers });
    expect(found.json().items.map((c: { code: string }) => c.code)).toEqual(['BIA-VERAO']);
    const wild = await t.app.inject({ method: 'GET', url: '/api/v1/coupons?q=%25', headers: admin.headers });
    expect(wild.json().items).toEqual([]);
    const forbidden = await createCoupon({ code: 'EU-MESMA', campaign_id: campaignId, affiliate_id: B() }, bia.headers);
    expect(forbidden.statusCode).toBe(403);
  });

  test('PATCH changes the label, deactivates, and refuses a code taken in another case', async () => {
    const created = await createCoupon({ code: 'TROCA1', campaign_id: campaignId, affiliate_id: A() });
    const id = created.json().id;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/coupons/${id}`,
      headers: admin.headers,
      payload: { active: false, discount_label: 'R$ 20 off' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ active: false, discount_label: 'R$ 20 off', code: 'TROCA1' });
    const clash = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/coupons/${id}`,
      headers: admin.headers,
      payload: { code: 'ana10' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors[0].field).toBe('code');
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/coupons/987654',
      headers: admin.headers,
      payload: { active: true },
    });
    expect(missing.statusCode).toBe(404);
  });

  test('POST /coupons/issue gives each approved affiliate one coupon from the pattern, once', async () => {
    const pending = await createUser(db(), { status: 'pending' });
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/v1/coupons/issue',
      headers: admin.headers,
      payload: { campaign_id: otherCampaignId, pattern: '{CODE}10', discount_label: '10% off' },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const rows = await db().select().from(coupons).where(eq(coupons.campaignId, otherCampaignId));
    const byAffiliate = new Map(rows.map((row) => [row.affiliateId, row]));
    expect(byAffiliate.get(A())?.code).toBe(`${codeOf[A()]?.toUpperCase()}10`);
    expect(byAffiliate.get(B())?.discountLabel).toBe('10% off');
    expect(byAffiliate.has(pending.affiliateId ?? 0)).toBe(false);
    expect(issued.json().created).toBe(rows.length);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/coupons/issue',
      headers: admin.headers,
      payload: { campaign_id: otherCampaignId, pattern: 'OUTRO-' },
    });
    expect(again.json().created).toBe(0);
    // Everyone already had one: each is reported, none changed.
    expect(again.json().skipped.map((k: { reason: string }) => k.reason)).toEqual(rows.map(() => 'HAS_COUPON'));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/coupons/issue',
      headers: admin.headers,
      payload: { campaign_id: otherCampaignId, pattern: '{CODE}{CODE}' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('pattern');
  });
});

describe('a sale’s coupon', () => {
  async function clickOf(who: typeof ana) {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers: who.headers,
      payload: { campaign_id: campaignId },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/r/${link.json().code}`,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0' },
    });
    await t.app.clickBuffer.flush();
    return new URL(String(res.headers.location)).searchParams.get('click_id') ?? '';
  }
  let order = 0;
  const sale = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/sales',
      headers: admin.headers,
      payload: {
        campaign_id: campaignId,
        amount_cents: 10_000,
        payment_method: 'pix',
        external_id: `cupom-${++order}`,
        ...payload,
      },
    });

  test.each([
    ['coupon beats click and code', { coupon: 'ana10', click: 'bia', code: 'bia' }, 'A', 'coupon'],
    ['click beats code', { click: 'bia', code: 'ana' }, 'B', 'click'],
    ['code alone', { code: 'ana' }, 'A', 'affiliate_code'],
  ] as const)('%s; the "why" says which decided', async (_title, given, expected, by) => {
    const who = { ana: () => ana, bia: () => bia };
    const payload: Record<string, unknown> = {};
    if ('coupon' in given) payload.coupon = given.coupon;
    if ('click' in given) payload.click_id = await clickOf(who[given.click]());
    if ('code' in given) payload.affiliate_code = codeOf[who[given.code]().user.affiliateId ?? 0];
    const res = await sale(payload);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().affiliate_id).toBe(expected === 'A' ? A() : B());
    expect(res.json().attributed_by).toBe(by);
    expect(res.json().commission.decided_by.kind).toBe(by);
    if (by === 'coupon') {
      expect(res.json().commission.decided_by.coupon_code).toBe('Ana10');
      // The coupon decided: the click of another affiliate is not the sale's.
      expect(res.json().click_id).toBeNull();
    }
  });

  test.each([
    ['an unknown coupon', 'NOPE99'],
    ['an inactive coupon', 'TROCA1'],
    ['a coupon of another campaign', 'BIA-VERAO-X'],
  ])('%s is a 422 naming coupon, writing nothing', async (_title, coupon) => {
    if (coupon === 'BIA-VERAO-X') {
      await createCoupon({ code: coupon, campaign_id: otherCampaignId, affiliate_id: B() });
    }
    const before = await db().select().from(sales);
    const res = await sale({ coupon, affiliate_code: codeOf[A()] });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors[0].field).toBe('coupon');
    expect(await db().select().from(sales)).toHaveLength(before.length);
  });

  test('POST /postback with a coupon credits its affiliate', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/postback',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      payload: {
        campaign_id: campaignId,
        external_id: 'postback-cupom-1',
        amount_cents: 25_000,
        payment_method: 'credit_card',
        coupon: 'BIA-verao',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().affiliate_id).toBe(B());
    expect(res.json().attributed_by).toBe('coupon');
    expect(res.json().commission_cents).toBe(2_500);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/postback',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      payload: {
        campaign_id: campaignId,
        external_id: 'postback-cupom-2',
        amount_cents: 25_000,
        payment_method: 'pix',
        coupon: 'NOPE99',
      },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].field).toBe('coupon');
  });

  test('POST /sales/import reads a coupon column; an unknown coupon refuses its row only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales/import',
      headers: admin.headers,
      payload: {
        rows: [
          {
            line: 2,
            values: {
              campaign_id: String(campaignId),
              external_id: 'csv-cupom-1',
              amount: '100,00',
              payment_method: 'pix',
              coupon: 'ana10',
            },
          },
          {
            line: 3,
            values: {
              campaign_id: String(campaignId),
              external_id: 'csv-cupom-2',
              amount: '100,00',
              payment_method: 'pix',
              coupon: 'NOPE99',
            },
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [ok, refused] = res.json().results;
    expect(ok.outcome).toBe('created');
    const [row] = await db().select().from(sales).where(eq(sales.id, ok.sale_id));
    expect(row?.affiliateId).toBe(A());
    expect(row?.attributedBy).toBe('coupon');
    expect(refused.outcome).toBe('refused');
    expect(refused.errors[0].field).toBe('coupon');
  });
});
