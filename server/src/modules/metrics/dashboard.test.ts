import { randomUUID } from 'node:crypto';
import { ADMIN_ROLE } from '@contract/auth';
import { resolvePeriod } from '@contract/calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  affiliates,
  campaigns,
  clicks,
  dailyAffiliateStats,
  dailyCampaignStats,
  dailySalesBy,
  dailyStats,
  linkStats,
  links,
  networks,
  sales,
} from '../../db/schema';
import { mergeRecentStats, rebuildDailyStats } from './daily-stats';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let bia: Awaited<ReturnType<typeof createSignedIn>>;
let networkId: number;
let campaignA: number;
let campaignB: number;
const db = () => t.database.db;
/** Brasília noon of a November 2026 day. */
const on = (day: number, hour = 12) =>
  new Date(`2026-11-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00-03:00`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  bia = await createSignedIn(t.app, db());
  const [network] = await db().insert(networks).values({ name: 'Rede M' }).returning();
  networkId = network?.id ?? 0;
  await db()
    .update(affiliates)
    .set({ networkId })
    .where(eq(affiliates.id, ana.user.affiliateId ?? 0));
  const [a, b] = await db()
    .insert(campaigns)
    .values([
      { name: 'Camp A', destinationUrl: 'https://a.example.com/', cookieDays: 30, holdDays: 0 },
      { name: 'Camp B', destinationUrl: 'https://b.example.com/', cookieDays: 30, holdDays: 0 },
    ])
    .returning();
  campaignA = a?.id ?? 0;
  campaignB = b?.id ?? 0;
  const [linkA, linkB] = await db()
    .insert(links)
    .values([
      { affiliateId: ana.user.affiliateId ?? 0, campaignId: campaignA, code: `dashA${process.pid}` },
      { affiliateId: bia.user.affiliateId ?? 0, campaignId: campaignB, code: `dashb${process.pid}` },
    ])
    .returning();
  const click = (link: typeof linkA, at: Date, extra: { isBot?: boolean; isRepeat?: boolean } = {}) => ({
    id: randomUUID(),
    linkId: link?.id ?? 0,
    affiliateId: link?.affiliateId ?? 0,
    campaignId: link?.campaignId ?? 0,
    at,
    ipHash: 'x',
    ...extra,
  });
  await db()
    .insert(clicks)
    .values([
      click(linkA, on(10)),
      click(linkA, on(10, 23)), // 23:00 in Brasília is the next day in UTC: still the 10th
      click(linkA, on(11)),
      click(linkA, on(11), { isBot: true }),
      click(linkA, on(11), { isRepeat: true }),
      click(linkB, on(12)),
      click(linkA, on(25)), // outside the period below
    ]);
  const sale = (
    affiliateId: number | null,
    campaignId: number,
    at: Date,
    amount: number,
    commission: number,
    status: 'approved' | 'pending' | 'refunded',
  ) => ({
    campaignId,
    affiliateId: affiliateId ?? 0,
    amountCents: amount,
    paymentMethod: 'pix' as const,
    source: 'admin' as const,
    status,
    commissionCents: commission,
    commission: {
      rule: 'none' as const,
      rate_bps: null,
      fixed_cents: null,
      base_cents: amount,
      exact_cents: '0',
      commission_cents: commission,
      level_name: null,
    },
    attributedBy: 'affiliate_id' as const,
    payableAt: at,
    createdAt: at,
  });
  await db()
    .insert(sales)
    .values([
      sale(ana.user.affiliateId, campaignA, on(10), 10_000, 1_001, 'approved'),
      sale(ana.user.affiliateId, campaignA, on(11), 5_000, 500, 'pending'),
      sale(ana.user.affiliateId, campaignA, on(11), 7_000, 700, 'refunded'),
      sale(bia.user.affiliateId, campaignB, on(12), 20_000, 2_000, 'approved'),
      sale(ana.user.affiliateId, campaignA, on(25), 99_000, 9_900, 'approved'), // outside
    ]);
  // Rows written straight into the tables, as a bulk load would: the rollup is computed from them.
  await rebuildDailyStats(db());
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe('GET /metrics/me', () => {
  test("an affiliate's figures agree with their own rows: approved sales only, counted clicks only", async () => {
    const res = await get('/metrics/me?from=2026-11-09&to=2026-11-12', ana.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({
      clicks: 3,
      approved_sales: 1,
      approved_amount_cents: 10_000,
      conversion_bps: 3_333,
      epc_cents: 334, // 1 001 / 3 = 333.67 → 334
      approved_commission_cents: 1_001,
      pending_sales: 1,
      pending_commission_cents: 500,
    });
    expect(body.series.map((d: { day: string; clicks: number }) => [d.day, d.clicks])).toEqual([
      ['2026-11-09', 0],
      ['2026-11-10', 2],
      ['2026-11-11', 1],
      ['2026-11-12', 0],
    ]);
    expect(body.top_campaigns).toEqual([
      { campaign_id: campaignA, name: 'Camp A', clicks: 3, approved_sales: 1, approved_commission_cents: 1_001 },
    ]);
    expect(
      body.latest_sales.every((s: { affiliate_name: string }) => s.affiliate_name === `Afi ${ana.user.lastName}`),
    ).toBe(true);
    expect(body.waiting).toBeNull();
    expect(body.available_cents).toBe(0);
  });

  test('an admin has no own dashboard; a reversed period is 400 naming "to"', async () => {
    expect((await get('/metrics/me', admin.headers)).statusCode).toBe(403);
    const bad = await get('/metrics/me?from=2026-11-12&to=2026-11-01', ana.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('to');
  });
});

describe('GET /metrics/overview', () => {
  test('the programme adds up every affiliate; a network only its members; admins see what waits', async () => {
    const all = (await get('/metrics/overview?from=2026-11-09&to=2026-11-12', admin.headers)).json();
    expect(all.totals).toMatchObject({
      clicks: 4,
      approved_sales: 2,
      approved_commission_cents: 3_001,
      approved_amount_cents: 30_000,
    });
    expect(all.top_campaigns.map((c: { name: string }) => c.name)).toEqual(['Camp B', 'Camp A']);
    expect(all.waiting).toEqual({ pending_affiliates: expect.any(Number), flagged_sales: 0, open_redemptions: 0 });
    const network = (
      await get(`/metrics/overview?from=2026-11-09&to=2026-11-12&network_id=${networkId}`, admin.headers)
    ).json();
    expect(network.totals).toMatchObject({ clicks: 3, approved_sales: 1, approved_commission_cents: 1_001 });
    expect((await get('/metrics/overview', ana.headers)).statusCode).toBe(403);
  });

  test('without dates the period is the last 30 Brasília days up to today', () => {
    const { from, to } = resolvePeriod({}, Date.parse('2026-11-22T02:00:00Z')); // 23:00 on the 21st in Brasília
    expect({ from, to }).toEqual({ from: '2026-10-23', to: '2026-11-21' });
  });
});

describe('admin metrics agree with the raw rows', () => {
  const period = 'from=2026-11-09&to=2026-11-12';
  const approvedInPeriod = async () =>
    (await db().select().from(sales)).filter(
      (s) => s.status === 'approved' && s.createdAt >= on(9, 0) && s.createdAt < on(13, 0),
    );

  test('GET /metrics/top-affiliates ranks by the chosen measure', async () => {
    const bySales = (await get(`/metrics/top-affiliates?${period}&by=commission`, admin.headers)).json();
    expect(
      bySales.items.map((i: { affiliate_id: number; approved_commission_cents: number }) => [
        i.affiliate_id,
        i.approved_commission_cents,
      ]),
    ).toEqual([
      [bia.user.affiliateId, 2_000],
      [ana.user.affiliateId, 1_001],
    ]);
    const byConversion = (await get(`/metrics/top-affiliates?${period}&by=conversion&limit=1`, admin.headers)).json();
    expect(byConversion.items).toEqual([
      expect.objectContaining({
        rank: 1,
        affiliate_id: bia.user.affiliateId,
        clicks: 1,
        approved_sales: 1,
        conversion_bps: 10_000,
      }),
    ]);
    const network = (await get(`/metrics/top-affiliates?${period}&network_id=${networkId}`, admin.headers)).json();
    expect(network.items.map((i: { network_name: string }) => i.network_name)).toEqual(['Rede M']);
  });

  test('GET /metrics/payment-methods, /origins and /sales sum to the approved rows', async () => {
    const approved = await approvedInPeriod();
    const amount = approved.reduce((s, r) => s + r.amountCents, 0);
    const methods = (await get(`/metrics/payment-methods?${period}`, admin.headers)).json();
    expect(methods.totals).toEqual({ count: approved.length, amount_cents: amount });
    expect(methods.tables.by_method).toEqual([
      { key: 'pix', label: 'pix', count: approved.length, amount_cents: amount, share_bps: 10_000 },
    ]);
    expect(
      methods.series.reduce((s: number, d: { values: Record<string, number> }) => s + (d.values.pix ?? 0), 0),
    ).toBe(amount);
    const origins = (await get(`/metrics/origins?${period}`, admin.headers)).json();
    expect(origins.totals.amount_cents).toBe(amount);
    const overview = (await get(`/metrics/sales?${period}`, admin.headers)).json();
    const statuses = Object.fromEntries(
      overview.tables.by_status.map((r: { key: string; count: number }) => [r.key, r.count]),
    );
    expect(statuses).toEqual({ approved: 2, pending: 1, refunded: 1 });
    expect(
      overview.tables.by_campaign.map((r: { label: string; amount_cents: number }) => [r.label, r.amount_cents]),
    ).toEqual([
      ['Camp B', 20_000],
      ['Camp A', 10_000],
    ]);
  });

  test('GET /metrics/indicators compares with the period before; GET /metrics/redemptions counts requests', async () => {
    const res = (await get(`/metrics/indicators?${period}`, admin.headers)).json();
    expect(res).toMatchObject({ previous_from: '2026-11-05', previous_to: '2026-11-08' });
    const value = (key: string) => res.items.find((i: { key: string }) => i.key === key);
    expect(value('active_affiliates')).toMatchObject({ value: 2, previous: 0, change: 2 });
    expect(value('conversion_bps')).toMatchObject({ value: 5_000, previous: null, change: null }); // 2 approved / 4 clicks
    expect(value('average_order_cents')).toMatchObject({ value: 15_000 });
    expect(value('refund_rate_bps')).toMatchObject({ value: 3_333 }); // 1 refunded of 3 decided
    const redemptions = (await get(`/metrics/redemptions?${period}`, admin.headers)).json();
    expect(redemptions).toMatchObject({ totals: { count: 0, amount_cents: 0 }, average_days_to_pay: null });
    expect((await get(`/metrics/indicators?${period}`, ana.headers)).statusCode).toBe(403);
  });
});

describe('on generated data', () => {
  test('the overview, its series, the top affiliates and the payment methods agree with rows made at random', async () => {
    // A small deterministic generator (mulberry32): the same rows on every run and engine.
    let seed = 20_261_122;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
    };
    const people = [ana.user.affiliateId ?? 0, bia.user.affiliateId ?? 0];
    const methods = ['pix', 'boleto', 'credit_card'] as const;
    const statuses = ['approved', 'approved', 'pending', 'refunded', 'cancelled'] as const;
    const [link] = await db()
      .select()
      .from(links)
      .where(eq(links.affiliateId, people[0] ?? 0));
    // October 2026, days 1-20, any hour (Brasília), so day boundaries are exercised.
    const at = () => new Date(Date.parse('2026-10-01T00:00:00-03:00') + Math.floor(random() * 20 * 86_400_000));
    const generatedClicks = Array.from({ length: 300 }, () => ({
      id: randomUUID(),
      linkId: link?.id ?? 0,
      affiliateId: people[0] ?? 0,
      campaignId: campaignA,
      at: at(),
      ipHash: 'g',
      isBot: random() < 0.1,
      isRepeat: random() < 0.1,
    }));
    await db().insert(clicks).values(generatedClicks);
    const generatedSales = Array.from({ length: 120 }, () => {
      const amount = 1 + Math.floor(random() * 50_000);
      const commission = Math.floor(amount / 10);
      return {
        campaignId: random() < 0.5 ? campaignA : campaignB,
        affiliateId: people[Math.floor(random() * 2)] ?? 0,
        amountCents: amount,
        paymentMethod: methods[Math.floor(random() * 3)] ?? 'pix',
        source: 'admin' as const,
        status: statuses[Math.floor(random() * statuses.length)] ?? 'approved',
        commissionCents: commission,
        commission: {
          rule: 'none' as const,
          rate_bps: null,
          fixed_cents: null,
          base_cents: amount,
          exact_cents: String(commission),
          commission_cents: commission,
          level_name: null,
        },
        attributedBy: 'affiliate_id' as const,
        payableAt: new Date(),
        createdAt: at(),
      };
    });
    await db().insert(sales).values(generatedSales);
    await rebuildDailyStats(db());

    const dayOf = (d: Date) => new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
    const counted = generatedClicks.filter((c) => !c.isBot && !c.isRepeat);
    const approved = generatedSales.filter((s) => s.status === 'approved');
    const sum = (rows: { amountCents: number }[]) => rows.reduce((s, r) => s + r.amountCents, 0);
    const overview = (await get('/metrics/overview?from=2026-10-01&to=2026-10-20', admin.headers)).json();
    expect(overview.totals).toMatchObject({
      clicks: counted.length,
      approved_sales: approved.length,
      approved_amount_cents: sum(approved),
      approved_commission_cents: approved.reduce((s, r) => s + r.commissionCents, 0),
      pending_sales: generatedSales.filter((s) => s.status === 'pending').length,
    });
    for (const day of overview.series as { day: string; clicks: number; approved_amount_cents: number }[]) {
      expect(day.clicks).toBe(counted.filter((c) => dayOf(c.at) === day.day).length);
      expect(day.approved_amount_cents).toBe(sum(approved.filter((s) => dayOf(s.createdAt) === day.day)));
    }
    const top = (
      await get('/metrics/top-affiliates?from=2026-10-01&to=2026-10-20&by=approved_sales', admin.headers)
    ).json();
    for (const item of top.items as { affiliate_id: number; approved_sales: number; approved_amount_cents: number }[]) {
      const theirs = approved.filter((s) => s.affiliateId === item.affiliate_id);
      expect(item).toMatchObject({ approved_sales: theirs.length, approved_amount_cents: sum(theirs) });
    }
    const byMethod = (await get('/metrics/payment-methods?from=2026-10-01&to=2026-10-20', admin.headers)).json();
    for (const row of byMethod.tables.by_method as { key: string; count: number; amount_cents: number }[]) {
      const theirs = approved.filter((s) => s.paymentMethod === row.key);
      expect(row).toMatchObject({ count: theirs.length, amount_cents: sum(theirs) });
    }
  });
});

describe('the daily rollup is kept current by every write', () => {
  test('a followed link, a recorded sale and its approval and refund show on the dashboard at once', async () => {
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const me = () => get(`/metrics/me?from=${today}&to=${today}`, bia.headers);
    const programme = async () =>
      (await get(`/metrics/overview?from=${today}&to=${today}`, admin.headers)).json().totals;
    const before = (await me()).json().totals;
    const programmeBefore = await programme();
    await t.app.inject({
      method: 'GET',
      url: `/r/dashb${process.pid}`,
      headers: { 'user-agent': 'Mozilla/5.0' },
      remoteAddress: '10.1.2.3',
    });
    await t.app.inject({
      method: 'GET',
      url: `/r/dashb${process.pid}`,
      headers: { 'user-agent': 'Mozilla/5.0' },
      remoteAddress: '10.1.2.3',
    }); // a repeat
    await t.app.inject({
      method: 'HEAD',
      url: `/r/dashb${process.pid}`,
      headers: { 'user-agent': 'Mozilla/5.0' },
      remoteAddress: '10.1.2.4',
    }); // a bot
    await t.app.clickBuffer.flush();
    const recorded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales',
      headers: admin.headers,
      payload: {
        campaign_id: campaignB,
        affiliate_id: bia.user.affiliateId,
        amount_cents: 8_000,
        payment_method: 'pix',
      },
    });
    const pending = (await me()).json().totals;
    expect(pending.clicks).toBe(before.clicks + 1);
    expect(pending.pending_sales).toBe(before.pending_sales + 1);
    // The programme's figures (read from the per-campaign rollup) moved with them.
    expect(await programme()).toMatchObject({
      clicks: programmeBefore.clicks + 1,
      pending_sales: programmeBefore.pending_sales + 1,
    });
    await t.app.inject({ method: 'POST', url: `/api/v1/sales/${recorded.json().id}/approve`, headers: admin.headers });
    const approved = (await me()).json().totals;
    expect(approved).toMatchObject({
      pending_sales: before.pending_sales,
      approved_sales: before.approved_sales + 1,
      approved_amount_cents: before.approved_amount_cents + 8_000,
    });
    await t.app.inject({ method: 'POST', url: `/api/v1/sales/${recorded.json().id}/refund`, headers: admin.headers });
    expect((await me()).json().totals).toMatchObject({
      approved_sales: before.approved_sales,
      approved_amount_cents: before.approved_amount_cents,
    });
    // ...and what the writes kept is exactly what a full recomputation gives
    const snapshot = async () => ({
      stats: await db()
        .select()
        .from(dailyStats)
        .orderBy(dailyStats.day, dailyStats.affiliateId, dailyStats.campaignId),
      byCampaign: await db()
        .select()
        .from(dailyCampaignStats)
        .orderBy(dailyCampaignStats.day, dailyCampaignStats.campaignId),
      byAffiliate: await db()
        .select()
        .from(dailyAffiliateStats)
        .orderBy(dailyAffiliateStats.day, dailyAffiliateStats.affiliateId),
      byLink: await db().select().from(linkStats).orderBy(linkStats.linkId),
      // Zero rows left by a sale that moved on are the same as no row.
      by: (
        await db()
          .select()
          .from(dailySalesBy)
          .orderBy(
            dailySalesBy.day,
            dailySalesBy.dimension,
            dailySalesBy.key,
            dailySalesBy.status,
            dailySalesBy.networkId,
          )
      ).filter((r) => r.sales !== 0 || r.amountCents !== 0),
    });
    // (the increments merged first: the tables alone are what a recomputation writes)
    await mergeRecentStats(db());
    const kept = await snapshot();
    await rebuildDailyStats(db());
    expect(await snapshot()).toEqual(kept);
  });
});

describe("a network's sales breakdowns (decision 030)", () => {
  test('count each sale in the network its affiliate was in when it was recorded, also after the affiliate moves', async () => {
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const period = `from=${today}&to=${today}`;
    const [north, south] = await db()
      .insert(networks)
      .values([{ name: `Rede Norte ${process.pid}` }, { name: `Rede Sul ${process.pid}` }])
      .returning();
    const cida = await createSignedIn(t.app, db());
    const cidaId = cida.user.affiliateId ?? 0;
    const moveTo = (id: number | undefined) =>
      db()
        .update(affiliates)
        .set({ networkId: id ?? null })
        .where(eq(affiliates.id, cidaId));
    const recordApproved = async (amount: number, method: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/sales',
        headers: admin.headers,
        payload: { campaign_id: campaignA, affiliate_id: cidaId, amount_cents: amount, payment_method: method },
      });
      expect(res.statusCode).toBe(201);
      const approved = await t.app.inject({
        method: 'POST',
        url: `/api/v1/sales/${res.json().id}/approve`,
        headers: admin.headers,
      });
      expect(approved.statusCode).toBe(200);
      return res.json().id as number;
    };
    const methodsOf = async (id: number | undefined) =>
      (await get(`/metrics/payment-methods?${period}&network_id=${id}`, admin.headers)).json().tables.by_method;

    await moveTo(north?.id);
    const first = await recordApproved(12_345, 'boleto');
    await moveTo(south?.id);
    const second = await recordApproved(6_789, 'credit_card');
    // The database wrote each sale's network as it was then.
    const written = await db().select({ id: sales.id, networkId: sales.networkId }).from(sales);
    expect(written.find((s) => s.id === first)?.networkId).toBe(north?.id);
    expect(written.find((s) => s.id === second)?.networkId).toBe(south?.id);

    expect(await methodsOf(north?.id)).toEqual([
      { key: 'boleto', label: 'boleto', count: 1, amount_cents: 12_345, share_bps: 10_000 },
    ]);
    expect(await methodsOf(south?.id)).toEqual([
      { key: 'credit_card', label: 'credit_card', count: 1, amount_cents: 6_789, share_bps: 10_000 },
    ]);
    // The sale refunded after the move leaves the network it was counted in.
    await t.app.inject({ method: 'POST', url: `/api/v1/sales/${first}/refund`, headers: admin.headers });
    expect(await methodsOf(north?.id)).toEqual([]);
    const northSales = (await get(`/metrics/sales?${period}&network_id=${north?.id}`, admin.headers)).json();
    expect(northSales.tables.by_status.map((r: { key: string; count: number }) => [r.key, r.count])).toEqual([
      ['refunded', 1],
    ]);
    // The programme's table by network puts each approved sale in its own network.
    const programme = (await get(`/metrics/sales?${period}`, admin.headers)).json();
    expect(
      programme.tables.by_network
        .filter((r: { key: string }) => r.key === south?.name || r.key === north?.name)
        .map((r: { key: string; amount_cents: number }) => [r.key, r.amount_cents]),
    ).toEqual([[south?.name, 6_789]]);
    const origins = (await get(`/metrics/origins?${period}&network_id=${south?.id}`, admin.headers)).json();
    expect(origins.totals).toEqual({ count: 1, amount_cents: 6_789 });
  });
});

describe("an affiliate's latest sales on /", () => {
  test('are the five newest of their own and of those they share as a split, newest first', async () => {
    const dora = await createSignedIn(t.app, db());
    const eva = await createSignedIn(t.app, db());
    const doraId = dora.user.affiliateId ?? 0;
    const base = Date.now() - 3_600_000;
    const row = (affiliateId: number, minutes: number, shared: boolean) => ({
      campaignId: campaignA,
      affiliateId,
      amountCents: 1_000 + minutes * 10,
      paymentMethod: 'pix' as const,
      source: 'admin' as const,
      commissionCents: 100,
      commission: {
        rule: 'none' as const,
        rate_bps: null,
        fixed_cents: null,
        base_cents: 1_000,
        exact_cents: '0',
        commission_cents: 100,
        level_name: null,
      },
      attributedBy: 'affiliate_id' as const,
      payableAt: new Date(base + minutes * 60_000),
      createdAt: new Date(base + minutes * 60_000),
      ...(shared ? { sharedAffiliateId: doraId, sharedCommissionCents: 40, sharedAmountCents: 400 } : {}),
    });
    // Dora's own at minutes 1..6, and two of Eva's she shares, the newest of all and one in between.
    const written = await db()
      .insert(sales)
      .values([
        ...[1, 2, 3, 4, 5, 6].map((m) => row(doraId, m, false)),
        row(eva.user.affiliateId ?? 0, 7, true),
        row(eva.user.affiliateId ?? 0, 4.5, true),
        row(eva.user.affiliateId ?? 0, 8, false), // Eva's alone: not Dora's
      ])
      .returning({ id: sales.id, amountCents: sales.amountCents });
    const idOf = (minutes: number) => written.find((w) => w.amountCents === 1_000 + minutes * 10)?.id;
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const body = (await get(`/metrics/me?from=${today}&to=${today}`, dora.headers)).json();
    expect(body.latest_sales.map((s: { id: number }) => s.id)).toEqual([7, 6, 5, 4.5, 4].map(idOf));
  });
});
