import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { affiliates, campaigns, levels, links, notifications } from '../../db/schema';
import { sanitizeDescription } from './campaigns.service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
});
afterAll(async () => t.close());

let n = 0;
const valid = (change: Record<string, unknown> = {}) => ({
  name: `Campanha ${++n}`,
  description: '<p>Promova nosso <strong>curso</strong></p>',
  destination_url: 'https://loja.example.com.br/curso?ref=afiliados',
  commission_type: 'percent',
  commission_value: 1500,
  cookie_days: 30,
  hold_days: 7,
  hold_days_by_method: { pix: 7, boleto: 1, credit_card: 15 },
  starts_at: '2026-11-01T00:00:00.000Z',
  ends_at: '2026-12-31T23:59:59.000Z',
  status: 'active',
  ...change,
});
const create = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/campaigns', headers: admin.headers, payload });

describe('campaigns', () => {
  test('POST /campaigns creates it and tells every approved affiliate', async () => {
    const affiliate = await createSignedIn(t.app, t.database.db);
    const res = await create(valid({ name: 'Black Friday Cursos' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Black Friday Cursos',
      commission_type: 'percent',
      commission_value: 1500,
      hold_days_by_method: { pix: 7, boleto: 1, credit_card: 15 },
      status: 'active',
    });
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, affiliate.user.id));
    expect(told.some((x) => x.kind === 'campaign.new' && x.text === 'Black Friday Cursos')).toBe(true);
  });

  test('no commission rule means the level rate applies', async () => {
    const res = await create(valid({ commission_type: null, commission_value: null }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ commission_type: null, commission_value: null });
  });

  test.each([
    ['destination_url', { destination_url: 'javascript:alert(1)' }],
    ['destination_url', { destination_url: 'ftp://files.example.com' }],
    ['destination_url', { destination_url: 'not a url' }],
    ['commission_value', { commission_value: 10_001 }],
    ['commission_value', { commission_type: 'fixed', commission_value: null }],
    ['commission_type', { commission_type: null, commission_value: 100 }],
    ['cookie_days', { cookie_days: 0 }],
    ['hold_days', { hold_days: -1 }],
    ['hold_days_by_method', { hold_days_by_method: { pix: 500 } }],
    ['ends_at', { starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-11-01T00:00:00Z' }],
    ['status', { status: 'draft' }],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (field, change) => {
    const before = (await t.database.db.select().from(campaigns)).length;
    const res = await create(valid(change));
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .join(' '),
    ).toContain(field);
    expect(await t.database.db.select().from(campaigns)).toHaveLength(before);
  });

  test('a duplicate name is 409 on the name', async () => {
    await create(valid({ name: 'Única' }));
    const res = await create(valid({ name: 'Única' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].field).toBe('name');
  });

  test('the description keeps formatting and links but never scripts', () => {
    expect(
      sanitizeDescription(
        '<p onclick="x()">Oi <script>alert(1)</script><a href="javascript:alert(1)">x</a> <a href="https://a.b">ok</a><img src=x onerror=alert(1)></p>',
      ),
    ).toBe(
      '<p>Oi <a rel="noopener noreferrer nofollow" target="_blank">x</a> <a href="https://a.b" rel="noopener noreferrer nofollow" target="_blank">ok</a></p>',
    );
  });

  test('PATCH /campaigns/:id changes it, audited; affiliates can read but not write', async () => {
    const campaign = (await create(valid())).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/campaigns/${campaign.id}`,
      headers: admin.headers,
      payload: valid({ name: campaign.name, status: 'paused', cookie_days: 45 }),
    });
    expect(res.json()).toMatchObject({ status: 'paused', cookie_days: 45 });
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit?entity=campaign&entity_id=${campaign.id}`,
      headers: admin.headers,
    });
    expect(trail.json().items[0]).toMatchObject({
      action: 'campaign.update',
      before: { status: 'active' },
      after: { status: 'paused' },
    });

    const affiliate = await createSignedIn(t.app, t.database.db);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/campaigns/${campaign.id}`,
      headers: affiliate.headers,
    });
    expect(read.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/campaigns?status=paused',
      headers: affiliate.headers,
    });
    expect(list.json().items.every((c: { status: string }) => c.status === 'paused')).toBe(true);
    const write = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/campaigns/${campaign.id}`,
      headers: affiliate.headers,
      payload: valid(),
    });
    expect(write.statusCode).toBe(403);
  });

  test('PUT /campaigns/:id/image stores a 1200x630 WebP; a non-image is 400 on image', async () => {
    const campaign = (await create(valid())).json();
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/campaigns/${campaign.id}/image`,
      headers: { ...admin.headers, 'content-type': 'image/png' },
      payload: png,
    });
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().image_url });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1200, 630, 'webp']);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/campaigns/${campaign.id}/image`,
      headers: { ...admin.headers, 'content-type': 'image/png' },
      payload: Buffer.from('GIF89a'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('image');
  });
});

describe('GET /campaigns/:id/stats', () => {
  test("an affiliate sees their own clicks, sales and commissions; an admin everyone's", async () => {
    const db = t.database.db;
    const campaign = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/campaigns',
        headers: admin.headers,
        payload: valid({ hold_days_by_method: {} }),
      })
    ).json();
    const ana = await createSignedIn(t.app, db);
    const bia = await createSignedIn(t.app, db);
    const [link] = await db
      .insert(links)
      .values({ affiliateId: ana.user.affiliateId ?? 0, campaignId: campaign.id, code: `stats${process.pid}` })
      .returning();
    // Two counted clicks through the redirect, and a bot's that does not count.
    const follow = (method: 'GET' | 'HEAD', ip: string) =>
      t.app.inject({ method, url: `/r/${link?.code}`, headers: { 'user-agent': 'Mozilla/5.0' }, remoteAddress: ip });
    await follow('GET', '10.9.0.1');
    await follow('GET', '10.9.0.2');
    await follow('HEAD', '10.9.0.3');
    await t.app.clickBuffer.flush();
    const sale = async (affiliateId: number | null, amount: number, action?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sales',
        headers: admin.headers,
        payload: { campaign_id: campaign.id, affiliate_id: affiliateId, amount_cents: amount, payment_method: 'pix' },
      });
      if (action)
        await t.app.inject({ method: 'POST', url: `/api/v1/sales/${res.json().id}/${action}`, headers: admin.headers });
    };
    await sale(ana.user.affiliateId, 10_000, 'approve'); // 15 % → 1 500
    await sale(ana.user.affiliateId, 2_000); // pending → 300
    await sale(ana.user.affiliateId, 9_000, 'cancel'); // earns nothing
    await sale(bia.user.affiliateId, 4_000, 'approve'); // 600

    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/campaigns/${campaign.id}/stats`,
      headers: ana.headers,
    });
    expect(own.json()).toEqual({
      totals: { clicks: 2, sales: 2, commission_cents: 1_800, approved_commission_cents: 1_500 },
      affiliates: [],
    });
    const all = (
      await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${campaign.id}/stats`, headers: admin.headers })
    ).json();
    expect(all.totals).toEqual({ clicks: 2, sales: 3, commission_cents: 2_400, approved_commission_cents: 2_100 });
    expect(
      all.affiliates.map((a: { affiliate_id: number; commission_cents: number }) => [
        a.affiliate_id,
        a.commission_cents,
      ]),
    ).toEqual([
      [ana.user.affiliateId, 1_800],
      [bia.user.affiliateId, 600],
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/campaigns/999999/stats', headers: ana.headers })).statusCode,
    ).toBe(404);
  });
});

describe('GET /campaigns figures', () => {
  const db = () => t.database.db;
  const newCampaign = async (change: Record<string, unknown>) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/campaigns',
        headers: admin.headers,
        payload: valid({ hold_days_by_method: {}, ...change }),
      })
    ).json() as { id: number; name: string };
  const sale = async (campaignId: number, affiliateId: number | null, amount: number, action?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales',
      headers: admin.headers,
      payload: { campaign_id: campaignId, affiliate_id: affiliateId, amount_cents: amount, payment_method: 'pix' },
    });
    expect(res.statusCode).toBe(201);
    if (action)
      await t.app.inject({ method: 'POST', url: `/api/v1/sales/${res.json().id}/${action}`, headers: admin.headers });
  };
  const figuresOf = async (headers: Record<string, string>, campaign: { id: number; name: string }) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/campaigns?q=${encodeURIComponent(campaign.name)}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json().items.find((c: { id: number }) => c.id === campaign.id)?.figures;
  };

  test('exact cents from the approved sales and counted clicks, programme-wide for every viewer', async () => {
    const campaign = await newCampaign({ name: 'Figuras percentuais' }); // 15 %
    const ana = await createSignedIn(t.app, db());
    const bia = await createSignedIn(t.app, db());
    const newcomer = await createSignedIn(t.app, db());
    const [link] = await db()
      .insert(links)
      .values({ affiliateId: ana.user.affiliateId ?? 0, campaignId: campaign.id, code: `figs${process.pid}` })
      .returning();
    // Four counted clicks and a bot's HEAD that does not count.
    for (const ip of ['10.8.0.1', '10.8.0.2', '10.8.0.3', '10.8.0.4'])
      await t.app.inject({ url: `/r/${link?.code}`, headers: { 'user-agent': 'Mozilla/5.0' }, remoteAddress: ip });
    await t.app.inject({ method: 'HEAD', url: `/r/${link?.code}`, remoteAddress: '10.8.0.5' });
    await t.app.clickBuffer.flush();
    await sale(campaign.id, ana.user.affiliateId, 10_000, 'approve'); // commission 1 500
    await sale(campaign.id, ana.user.affiliateId, 5_001, 'approve'); // 750.15 → 750
    await sale(campaign.id, bia.user.affiliateId, 2_000); // pending: 300, not in the average order
    await sale(campaign.id, bia.user.affiliateId, 9_000, 'cancel'); // earns nothing, counts nowhere

    const expected = {
      average_order_cents: 7_501, // 15 001 / 2 = 7 500.5, half up
      sale_commission_cents: 1_125, // 15 % of 7 501 = 1 125.15
      epc_cents: 638, // (1 500 + 750 + 300) / 4 clicks = 637.5, half up
      conversion_bps: 7_500, // 3 sales that earn / 4 clicks
    };
    expect(await figuresOf(admin.headers, campaign)).toEqual(expected);
    expect(await figuresOf(ana.headers, campaign)).toEqual(expected);
    // A newcomer without traffic of their own judges the campaign by the programme's, as everyone does.
    expect(await figuresOf(newcomer.headers, campaign)).toEqual(expected);
  });

  test('null without data; a fixed commission is known before any sale', async () => {
    const affiliate = await createSignedIn(t.app, db());
    const percent = await newCampaign({ name: 'Figuras sem dados' });
    const fixed = await newCampaign({ name: 'Figuras fixas', commission_type: 'fixed', commission_value: 2_500 });
    const none = { average_order_cents: null, sale_commission_cents: null, epc_cents: null, conversion_bps: null };
    for (const viewer of [admin, affiliate]) {
      expect(await figuresOf(viewer.headers, percent)).toEqual(none);
      expect(await figuresOf(viewer.headers, fixed)).toEqual({ ...none, sale_commission_cents: 2_500 });
    }
  });

  test("without a campaign rule an average sale pays the viewer's own level rate; an admin has none", async () => {
    const campaign = await newCampaign({ name: 'Figuras por nível', commission_type: null, commission_value: null });
    const [gold] = await db()
      .insert(levels)
      .values({ name: `Ouro ${process.pid}`, rank: 90, commissionBps: 1_000 })
      .returning();
    const leveled = await createSignedIn(t.app, db());
    await db()
      .update(affiliates)
      .set({ levelId: gold?.id ?? null })
      .where(eq(affiliates.id, leveled.user.affiliateId ?? 0));
    const plain = await createSignedIn(t.app, db());
    await sale(campaign.id, plain.user.affiliateId, 12_345, 'approve');

    const at = (sale_commission_cents: number | null) => ({
      average_order_cents: 12_345,
      sale_commission_cents,
      epc_cents: null, // no clicks
      conversion_bps: null,
    });
    expect(await figuresOf(leveled.headers, campaign)).toEqual(at(1_235)); // 10 % of 12 345 = 1 234.5, half up
    expect(await figuresOf(plain.headers, campaign)).toEqual(at(null));
    expect(await figuresOf(admin.headers, campaign)).toEqual(at(null));
  });
});
