import { ADMIN_ROLE } from '@contract/auth';
import type { AttributionModel } from '@contract/campaigns';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { selectRows } from '../../db/client';
import {
  affiliates,
  clicks,
  dailyAffiliateStats,
  dailyCampaignStats,
  dailySalesBy,
  dailyStats,
  dailyTraffic,
  ledgerEntries,
  notifications,
  sales,
} from '../../db/schema';
import { mergeRecentStats, rebuildDailyStats } from '../metrics/daily-stats';
import { runAutoApproval } from '../sales/approval-job';
import { splitInTwo } from './attribution';

// Issue 16, point 2: the campaign's attribution model decides who gets a sale when one browser
// followed affiliate A's link and then affiliate B's (docs/decisions/021).

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let bia: Awaited<ReturnType<typeof createSignedIn>>;
const codes: Record<string, string> = {};
const campaignOf: Partial<Record<AttributionModel, number>> = {};
const db = () => t.database.db;
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
let visitor = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  bia = await createSignedIn(t.app, db());
  for (const who of [ana, bia]) {
    const [row] = await db()
      .select({ code: affiliates.code })
      .from(affiliates)
      .where(eq(affiliates.id, who.user.affiliateId ?? 0));
    codes[who.user.affiliateId ?? 0] = row?.code ?? '';
  }
  for (const model of ['last_click', 'first_click', 'split_first_last'] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/campaigns',
      headers: admin.headers,
      payload: {
        name: `Curso ${model}`,
        destination_url: 'https://curso.example.com/',
        commission_type: 'percent',
        commission_value: 1_000,
        cookie_days: 30,
        hold_days: 0,
        attribution_model: model,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().attribution_model).toBe(model);
    campaignOf[model] = res.json().id;
  }
});
afterAll(async () => t.close());

const A = () => ana.user.affiliateId ?? 0;
const B = () => bia.user.affiliateId ?? 0;

async function linkOf(who: typeof ana, campaignId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/links',
    headers: who.headers,
    payload: { campaign_id: campaignId },
  });
  return res.json().code as string;
}

/** One browser (its own address and cookie jar) following links one after the other. */
function browser() {
  const ip = `200.160.9.${++visitor}`;
  let jar: Record<string, string> = {};
  return {
    async follow(code: string) {
      const cookie = Object.entries(jar)
        .map(([name, value]) => `${name}=${value}`)
        .join('; ');
      const res = await t.app.inject({
        method: 'GET',
        url: `/r/${code}`,
        remoteAddress: ip,
        headers: { 'user-agent': AGENT, ...(cookie ? { cookie } : {}) },
      });
      expect(res.statusCode).toBe(302);
      for (const line of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
        const [pair = ''] = line.split(';');
        const [name = '', value = ''] = pair.split('=');
        jar = { ...jar, [name]: value };
      }
      return new URL(String(res.headers.location)).searchParams.get('click_id') ?? '';
    },
  };
}

async function saleOn(campaignId: number, clickId: string, amountCents: number, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sales',
    headers: admin.headers,
    payload: {
      campaign_id: campaignId,
      click_id: clickId,
      amount_cents: amountCents,
      payment_method: 'pix',
      external_id: `pedido-${clickId}`,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A followed A's link, then B's, in one browser: the click id the merchant received is B's. */
async function aThenB(model: AttributionModel) {
  const campaignId = campaignOf[model] ?? 0;
  const visitorBrowser = browser();
  const first = await visitorBrowser.follow(await linkOf(ana, campaignId));
  const last = await visitorBrowser.follow(await linkOf(bia, campaignId));
  await t.app.clickBuffer.flush();
  return { campaignId, first, last };
}

/** The rollups once merged, and what a full recomputation gives: they must be equal. */
async function rollupsAgainstRecomputation() {
  const snapshot = async () => {
    await mergeRecentStats(db());
    const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
    return {
      byPair: sorted(await db().select().from(dailyStats)),
      byCampaign: sorted(await db().select().from(dailyCampaignStats)),
      byAffiliate: sorted(await db().select().from(dailyAffiliateStats)),
      byDimension: sorted((await db().select().from(dailySalesBy)).filter((r) => r.sales !== 0 || r.amountCents !== 0)),
      traffic: sorted(
        (await db().select().from(dailyTraffic)).filter(
          (r) => r.clicks !== 0 || r.sales !== 0 || r.commissionCents !== 0,
        ),
      ),
    };
  };
  const kept = await snapshot();
  await rebuildDailyStats(db());
  expect(kept).toEqual(await snapshot());
}

const ledgerOf = (saleId: number) =>
  db()
    .select({
      affiliateId: ledgerEntries.affiliateId,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.saleId, saleId))
    .orderBy(ledgerEntries.id);

describe('splitInTwo', () => {
  test.each([
    [1235, 617, 618],
    [1234, 617, 617],
    [1, 0, 1],
    [0, 0, 0],
  ])('%i cents: %i to the first, %i (the odd cent) to the last', (cents, first, last) => {
    expect(splitInTwo(cents)).toEqual({ first, last });
  });
});

describe('attribution models: A then B in one browser, the sale with B’s click id', () => {
  // 10 % of R$ 123,45 is R$ 12,345, half up R$ 12,35: split R$ 6,17 to A, R$ 6,18 (the odd cent) to B.
  test.each([
    ['last_click', () => B(), 1235, null],
    ['first_click', () => A(), 1235, null],
    [
      'split_first_last',
      () => B(),
      1235,
      () => [
        { affiliate_id: A(), role: 'first', commission_cents: 617, amount_cents: 6172 },
        { affiliate_id: B(), role: 'last', commission_cents: 618, amount_cents: 6173 },
      ],
    ],
  ] as const)(
    'POST /sales on a %s campaign credits the model’s affiliate(s), to the cent',
    async (model, owner, cents, shares) => {
      const { campaignId, first, last } = await aThenB(model);
      const [stored] = await db().select().from(clicks).where(eq(clicks.id, last));
      expect(stored?.firstClickId).toBe(first);
      const sale = await saleOn(campaignId, last, 12_345);
      expect(sale.affiliate_id).toBe(owner());
      expect(sale.click_id).toBe(last);
      expect(sale.commission_cents).toBe(cents);
      expect(sale.attributed_by).toBe('click');
      expect(sale.commission.model).toBe(model);
      expect(sale.commission.decided_by).toEqual({
        kind: 'click',
        click_id: last,
        ...(model === 'last_click' ? {} : { first_click_id: first }),
      });
      expect(
        sale.commission.shares?.map((s: Record<string, unknown>) => ({ ...s, affiliate_code: undefined })),
      ).toEqual(shares?.().map((s) => ({ ...s, affiliate_code: undefined })));
      await rollupsAgainstRecomputation();
    },
  );

  test('each affiliate sees a split sale with their own share; the balance and the ledger move for both', async () => {
    const { campaignId, last } = await aThenB('split_first_last');
    const sale = await saleOn(campaignId, last, 10_001);
    // 10 % of R$ 100,01 = R$ 10,001 → R$ 10,00: R$ 5,00 each.
    expect(sale.commission_cents).toBe(1000);
    const asAna = await t.app.inject({ method: 'GET', url: `/api/v1/sales/${sale.id}`, headers: ana.headers });
    const asBia = await t.app.inject({ method: 'GET', url: `/api/v1/sales/${sale.id}`, headers: bia.headers });
    expect(asAna.statusCode).toBe(200);
    expect(asAna.json().commission_cents).toBe(500);
    expect(asAna.json().affiliate_id).toBe(A());
    // The last click is B's: its link is B's to see, not A's.
    expect(asAna.json().click).toBeNull();
    expect(asBia.json().click).not.toBeNull();
    // An affiliate never learns the other's code.
    expect(asAna.body).not.toContain(codes[B()]);
    expect(asBia.json().commission_cents).toBe(500);
    expect(asBia.body).not.toContain(codes[A()]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sales?campaign_id=${campaignId}`,
      headers: ana.headers,
    });
    expect(list.json().items.map((s: { id: number }) => s.id)).toContain(sale.id);

    const pendingBefore = (await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: ana.headers })).json()
      .pending_cents;
    expect(pendingBefore).toBeGreaterThanOrEqual(500);

    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sales/${sale.id}/approve`,
      headers: admin.headers,
      payload: {},
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(await ledgerOf(sale.id)).toEqual([
      { affiliateId: B(), kind: 'commission', amountCents: 500 },
      { affiliateId: A(), kind: 'commission', amountCents: 500 },
    ]);
    await rollupsAgainstRecomputation();

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sales/${sale.id}/refund`,
      headers: admin.headers,
      payload: {},
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await ledgerOf(sale.id)).filter((line) => line.kind === 'reversal')).toEqual([
      { affiliateId: B(), kind: 'reversal', amountCents: -500 },
      { affiliateId: A(), kind: 'reversal', amountCents: -500 },
    ]);
    await rollupsAgainstRecomputation();
  });

  test('a split sale recorded as approved enters both ledgers with the odd cent to the last', async () => {
    const { campaignId, last } = await aThenB('split_first_last');
    const sale = await saleOn(campaignId, last, 12_345, { status: 'approved' });
    expect(sale.status).toBe('approved');
    // Both hear of it: the sale, and its approval.
    const told = await db()
      .select({ userId: notifications.userId, kind: notifications.kind })
      .from(notifications)
      .where(sql`${notifications.data}->>'sale_id' = ${String(sale.id)}`);
    expect(told.map((n) => `${n.userId} ${n.kind}`).sort()).toEqual(
      [ana, bia].flatMap((who) => [`${who.user.id} sale.approved`, `${who.user.id} sale.created`]).sort(),
    );
    expect(await ledgerOf(sale.id)).toEqual([
      { affiliateId: B(), kind: 'commission', amountCents: 618 },
      { affiliateId: A(), kind: 'commission', amountCents: 617 },
    ]);
    await rollupsAgainstRecomputation();
  });

  test('the same affiliate first and last: no split; a first click outside the cookie window: the last takes all', async () => {
    const campaignId = campaignOf.split_first_last ?? 0;
    const sameBrowser = browser();
    await sameBrowser.follow(await linkOf(bia, campaignId));
    const again = await sameBrowser.follow(await linkOf(bia, campaignId));
    await t.app.clickBuffer.flush();
    const alone = await saleOn(campaignId, again, 10_000);
    expect(alone.affiliate_id).toBe(B());
    expect(alone.commission.shares).toBeUndefined();

    const { first, last } = await aThenB('split_first_last');
    await db().update(clicks).set({ at: sql`now() - interval '31 days'` }).where(eq(clicks.id, first));
    // The click moved by hand to another day: its rollups follow, as a recomputation would.
    await rebuildDailyStats(db());
    const late = await saleOn(campaignId, last, 10_000);
    expect(late.affiliate_id).toBe(B());
    expect(late.commission_cents).toBe(1000);
    expect(late.commission.shares).toBeUndefined();
    expect(late.commission.decided_by).toEqual({ kind: 'click', click_id: last });

    // A first click of another campaign (a forged cookie) is no first click of this one.
    const other = await aThenB('first_click');
    const { last: here } = await aThenB('split_first_last');
    await db().update(clicks).set({ firstClickId: other.first }).where(eq(clicks.id, here));
    const stranger = await saleOn(campaignId, here, 10_000);
    expect(stranger.commission.shares).toBeUndefined();
    expect(stranger.affiliate_id).toBe(B());
  });
});

describe('a split sale in the numbers', () => {
  test('the programme counts it once, each affiliate their share: dashboards, top 10 and CSV', async () => {
    // A fresh split sale, approved, on a day of its own for the campaign.
    const { campaignId, last } = await aThenB('split_first_last');
    const sale = await saleOn(campaignId, last, 20_001, { status: 'approved' });
    // 10 % of R$ 200,01 = R$ 20,001 → R$ 20,00: R$ 10,00 each; amount R$ 100,00 + R$ 100,01.
    expect(sale.commission_cents).toBe(2000);
    await mergeRecentStats(db());
    const [byCampaign] = await db()
      .select({
        sales: sql<number>`sum(${dailyCampaignStats.approvedSales})::int`,
        amount: sql<number>`sum(${dailyCampaignStats.approvedAmountCents})::bigint`,
        commission: sql<number>`sum(${dailyCampaignStats.approvedCommissionCents})::bigint`,
      })
      .from(dailyCampaignStats)
      .where(eq(dailyCampaignStats.campaignId, campaignId));
    const approvedHere = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sales?campaign_id=${campaignId}&status=approved`,
      headers: admin.headers,
    });
    const totals = approvedHere.json().totals;
    expect(Number(byCampaign?.sales)).toBe(totals.count);
    expect(Number(byCampaign?.amount)).toBe(totals.amount_cents);
    expect(Number(byCampaign?.commission)).toBe(totals.approved_commission_cents);

    const pairs = await db()
      .select({
        affiliateId: dailyStats.affiliateId,
        sales: sql<number>`sum(${dailyStats.approvedSales})::int`,
        commission: sql<number>`sum(${dailyStats.approvedCommissionCents})::bigint`,
      })
      .from(dailyStats)
      .where(eq(dailyStats.campaignId, campaignId))
      .groupBy(dailyStats.affiliateId);
    const ledgerSum = async (affiliateId: number) => {
      const [row] = await db()
        .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
        .from(ledgerEntries)
        .innerJoin(sql`sales s`, sql`s.id = ${ledgerEntries.saleId}`)
        .where(
          and(eq(ledgerEntries.affiliateId, affiliateId), sql`s.campaign_id = ${campaignId} and s.status = 'approved'`),
        );
      return Number(row?.cents ?? 0);
    };
    // The campaign's approved split sales: R$ 12,35 (6,17 + 6,18) and R$ 20,00 (10,00 + 10,00).
    expect(Number(pairs.find((p) => p.affiliateId === A())?.commission)).toBe(617 + 1000);
    expect(Number(pairs.find((p) => p.affiliateId === B())?.commission)).toBe(618 + 1000);
    // Each affiliate's rollup commission is exactly what their ledger holds for the approved sales.
    for (const who of [A(), B()]) {
      expect(Number(pairs.find((p) => p.affiliateId === who)?.commission ?? 0)).toBe(await ledgerSum(who));
    }
    // B's link (the last click's) earns B's part of each split sale, not the whole commission.
    const [pendingB] = await db()
      .select({ cents: sql<number>`sum(${dailyStats.pendingCommissionCents})::bigint` })
      .from(dailyStats)
      .where(and(eq(dailyStats.campaignId, campaignId), eq(dailyStats.affiliateId, B())));
    const links = await t.app.inject({
      method: 'GET',
      url: `/api/v1/links?campaign_id=${campaignId}`,
      headers: bia.headers,
    });
    expect(links.json().items.map((l: { commission_cents: number }) => l.commission_cents)).toEqual([
      Number(pendingB?.cents ?? 0) + Number(pairs.find((p) => p.affiliateId === B())?.commission ?? 0),
    ]);
    // The sale counts once, for its owner (the last click).
    expect(pairs.reduce((n, p) => n + Number(p.sales), 0)).toBe(totals.count);

    const top = await t.app.inject({
      method: 'GET',
      url: '/api/v1/metrics/top-affiliates?by=commission',
      headers: admin.headers,
    });
    const topOf = (id: number) =>
      top.json().items.find((row: { affiliate_id: number }) => row.affiliate_id === id)?.approved_commission_cents;
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/metrics/me', headers: ana.headers });
    const [anaAll] = await db()
      .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.affiliateId, A()), eq(ledgerEntries.kind, 'commission')));
    const [anaReversed] = await db()
      .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.affiliateId, A()), eq(ledgerEntries.kind, 'reversal')));
    // Approved commission = commissions of sales still approved = all commissions minus the refunded ones.
    const anaApproved = Number(anaAll?.cents ?? 0) + Number(anaReversed?.cents ?? 0);
    // Her only approved commissions are her shares of the two split sales.
    expect(anaApproved).toBe(1617);
    expect(topOf(A())).toBe(anaApproved);
    expect(mine.json().totals.approved_commission_cents).toBe(anaApproved);

    const adminCsv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sales/export?campaign_id=${campaignId}`,
      headers: admin.headers,
    });
    expect(adminCsv.statusCode).toBe(200);
    const adminLine = adminCsv.body.split('\r\n').find((line) => line.startsWith(`${sale.id};`)) ?? '';
    expect(adminLine).toContain('20,00');
    expect(adminLine).toContain(`${codes[A()]} (first click) 10,00 + ${codes[B()]} (last click) 10,00`);
    const anaCsv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sales/export?campaign_id=${campaignId}`,
      headers: ana.headers,
    });
    const anaLine = anaCsv.body.split('\r\n').find((line) => line.startsWith(`${sale.id};`)) ?? '';
    expect(anaLine).toContain(';10,00;');
    expect(anaLine).not.toContain('20,00');
    expect(anaLine).not.toContain(codes[B()]);
  });
});

describe('a split sale in the first click’s own figures', () => {
  test('her home and the campaign’s results count the split sales she shares; the programme counts each once', async () => {
    const { campaignId, last } = await aThenB('split_first_last');
    await saleOn(campaignId, last, 30_000, { status: 'approved' });
    await saleOn(campaignId, last, 10_000, { external_id: `pendente-${last}` });
    await mergeRecentStats(db());
    const count = async (where: ReturnType<typeof sql>) =>
      (await selectRows<{ n: number }>(db(), sql`select count(*)::int as n from sales where ${where}`))[0]?.n ?? 0;
    const sharedApproved = await count(
      sql`shared_affiliate_id = ${A()} and campaign_id = ${campaignId} and status = 'approved'`,
    );
    const sharedEarning = await count(
      sql`shared_affiliate_id = ${A()} and campaign_id = ${campaignId} and status in ('pending', 'approved')`,
    );
    expect(sharedApproved).toBeGreaterThan(0);
    // The rollups count a split sale for its owner only (so sums over affiliates count it once).
    const [own] = await db()
      .select({
        approved: sql<number>`coalesce(sum(${dailyStats.approvedSales}), 0)::int`,
        earning: sql<number>`coalesce(sum(${dailyStats.approvedSales} + ${dailyStats.pendingSales}), 0)::int`,
      })
      .from(dailyStats)
      .where(and(eq(dailyStats.campaignId, campaignId), eq(dailyStats.affiliateId, A())));

    const home = (await t.app.inject({ method: 'GET', url: '/api/v1/metrics/me', headers: ana.headers })).json();
    const line = home.top_campaigns.find((c: { campaign_id: number }) => c.campaign_id === campaignId);
    expect(line?.approved_sales).toBe(Number(own?.approved ?? 0) + sharedApproved);
    expect(line?.approved_commission_cents).toBeGreaterThan(0);
    const results = await t.app.inject({
      method: 'GET',
      url: `/api/v1/campaigns/${campaignId}/stats`,
      headers: ana.headers,
    });
    expect(results.json().totals.sales).toBe(Number(own?.earning ?? 0) + sharedEarning);

    // An admin reads her line of the campaign's results as she does; its totals count each sale once.
    const asAdmin = (
      await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${campaignId}/stats`, headers: admin.headers })
    ).json();
    const anaLine = asAdmin.affiliates.find((a: { affiliate_id: number }) => a.affiliate_id === A());
    expect(anaLine?.sales).toBe(results.json().totals.sales);
    expect(asAdmin.totals.sales).toBe(
      await count(sql`campaign_id = ${campaignId} and status in ('pending', 'approved')`),
    );

    // The top 10 by approved sales counts hers as her home does.
    const top = await t.app.inject({
      method: 'GET',
      url: '/api/v1/metrics/top-affiliates?by=approved_sales&limit=100',
      headers: admin.headers,
    });
    const anaTop = top.json().items.find((row: { affiliate_id: number }) => row.affiliate_id === A());
    expect(anaTop?.approved_sales).toBe(home.totals.approved_sales);

    // The programme's home counts each sale once, whoever shares it.
    const programme = (
      await t.app.inject({ method: 'GET', url: '/api/v1/metrics/overview', headers: admin.headers })
    ).json();
    const programmeLine = programme.top_campaigns.find((c: { campaign_id: number }) => c.campaign_id === campaignId);
    expect(programmeLine?.approved_sales).toBe(await count(sql`campaign_id = ${campaignId} and status = 'approved'`));
  });
});

describe('a split sale on each affiliate’s links', () => {
  test('the first click’s link and the last click’s link each count the sale with their own share', async () => {
    const { campaignId, last } = await aThenB('split_first_last');
    type LinkLine = { sales: number; commission_cents: number };
    const linesOf = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/links?campaign_id=${campaignId}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      const items: LinkLine[] = res.json().items ?? res.json();
      return {
        sales: items.reduce((sum, link) => sum + link.sales, 0),
        commission: items.reduce((sum, link) => sum + link.commission_cents, 0),
      };
    };
    // Where the clicks came from (by device), as each affiliate and an admin read the campaign's.
    const trafficOf = async (headers: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/metrics/clicks?by=device&campaign_id=${campaignId}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const items: { sales: number; commission_cents: number }[] = res.json().items;
      return {
        sales: items.reduce((sum, row) => sum + row.sales, 0),
        commission: items.reduce((sum, row) => sum + row.commission_cents, 0),
      };
    };
    const before = {
      links: [await linesOf(ana.headers), await linesOf(bia.headers)],
      traffic: [await trafficOf(ana.headers), await trafficOf(bia.headers), await trafficOf(admin.headers)],
    };
    const sale = await saleOn(campaignId, last, 30_001, { external_id: `links-${last}`, status: 'approved' });
    const share = (role: string) =>
      sale.commission.shares.find((s: { role: string }) => s.role === role).commission_cents as number;
    const plus = (was: { sales: number; commission: number } | undefined, cents: number) => ({
      sales: (was?.sales ?? 0) + 1,
      commission: (was?.commission ?? 0) + cents,
    });
    expect([await linesOf(ana.headers), await linesOf(bia.headers)]).toEqual([
      plus(before.links[0], share('first')),
      plus(before.links[1], share('last')),
    ]);
    // Each affiliate's traffic counts the sale with their share; the campaign's counts it once, whole.
    expect([await trafficOf(ana.headers), await trafficOf(bia.headers), await trafficOf(admin.headers)]).toEqual([
      plus(before.traffic[0], share('first')),
      plus(before.traffic[1], share('last')),
      plus(before.traffic[2], sale.commission_cents),
    ]);
    await rollupsAgainstRecomputation();
  });
});

// After the figures above, which count the approved sales of the split campaign.
describe('a split sale’s other steps', () => {
  test('cancelling a split sale moves both shares out of pending; the approval job pays both shares', async () => {
    const { campaignId, last } = await aThenB('split_first_last');
    const cancelled = await saleOn(campaignId, last, 12_345);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sales/${cancelled.id}/cancel`,
      headers: admin.headers,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await ledgerOf(cancelled.id)).toEqual([]);
    await rollupsAgainstRecomputation();

    const { last: again } = await aThenB('split_first_last');
    const due = await saleOn(campaignId, again, 12_345);
    // Seconds after its click it waits for an admin; without the flag its hold (0 days) is over.
    await db().update(sales).set({ flags: [] }).where(eq(sales.id, due.id));
    expect(await runAutoApproval(db(), new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await ledgerOf(due.id)).toEqual([
      { affiliateId: B(), kind: 'commission', amountCents: 618 },
      { affiliateId: A(), kind: 'commission', amountCents: 617 },
    ]);
    await rollupsAgainstRecomputation();
  });
});
