import { ADMIN_ROLE } from '@contract/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, recordApprovedSale } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { affiliates, campaigns, clicks, clickTraits, dailyTraffic, dailyTrafficBy, networks } from '../../db/schema';
import { agentOf, countryOf, referrerHostOf } from '../tracking/click-enrichment';
import { rebuildDailyStats } from './daily-stats';

// Issue 16, point 1: each counted click is enriched off the request path (country, device, browser,
// system, referrer host), the raw address is never stored, and GET /metrics/clicks breaks them down.

/** Real agents of the phones, tablets and desktops Brazilian visitors use. */
const AGENTS = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  galaxyTab:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  instagramInApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 337.0.0.0 (iPhone15,2; iOS 17_5; pt_BR)',
};

describe('click enrichment', () => {
  // Addresses from the GeoIP packages' own tests (sapics/ip-city, geoip-lite), and NIC.br's registro.br.
  test.each([
    ['23.240.63.68', 'US'],
    ['8.8.4.4', 'US'],
    ['2001:4860:b002::68', 'US'],
    ['200.160.2.3', 'BR'],
    ['::ffff:200.160.2.3', 'BR'],
    ['127.0.0.1', ''],
    ['10.1.2.3', ''],
    ['192.168.0.10', ''],
    ['::1', ''],
    ['not an address', ''],
  ])('the country of %s is "%s"', (ip, country) => {
    expect(countryOf(ip)).toBe(country);
  });

  test.each([
    [AGENTS.iphone, 'mobile', 'Mobile Safari', 'iOS'],
    [AGENTS.android, 'mobile', 'Chrome', 'Android'],
    [AGENTS.ipad, 'tablet', 'Mobile Safari', 'iOS'],
    [AGENTS.galaxyTab, 'tablet', 'Chrome', 'Android'],
    [AGENTS.windowsEdge, 'desktop', 'Edge', 'Windows'],
    [AGENTS.macSafari, 'desktop', 'Safari', 'Mac OS'],
    [AGENTS.linuxFirefox, 'desktop', 'Firefox', 'Linux'],
    [AGENTS.instagramInApp, 'mobile', 'Instagram', 'iOS'],
    ['', '', '', ''],
  ])('the agent %s is a %s running %s on %s', (agent, device, browser, os) => {
    expect(agentOf(agent)).toEqual({ device, browser, os });
  });

  test.each([
    ['https://www.instagram.com/p/abc', 'instagram.com'],
    ['https://l.facebook.com/l.php?u=x', 'l.facebook.com'],
    ['http://blog.exemplo.com.br:8080/post', 'blog.exemplo.com.br'],
    ['android-app://com.google.android.gm/', ''],
    ['not a url', ''],
    ['', ''],
  ])('the referrer %s has the host "%s"', (referrer, host) => {
    expect(referrerHostOf(referrer)).toBe(host);
  });
});

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let bia: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
let networkId: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  bia = await createSignedIn(t.app, db());
  const [network] = await db().insert(networks).values({ name: 'Rede T' }).returning();
  networkId = network?.id ?? 0;
  await db()
    .update(affiliates)
    .set({ networkId })
    .where(eq(affiliates.id, bia.user.affiliateId ?? 0));
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      name: 'Curso',
      destinationUrl: 'https://curso.example.com/',
      commissionType: 'percent',
      commissionValue: 2_000,
      cookieDays: 30,
      holdDays: 0,
    })
    .returning();
  campaignId = campaign?.id ?? 0;
});
afterAll(async () => t.close());

async function linkOf(who: typeof ana, subId: string, utmSource = '') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/links',
    headers: who.headers,
    payload: { campaign_id: campaignId, sub_id: subId, ...(utmSource ? { utm_source: utmSource } : {}) },
  });
  return res.json() as { id: number; code: string };
}

/** A visit through the link; answers the click id the merchant receives. */
async function visit(code: string, ip: string, agent: string, referrer = '', cookie = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/r/${code}`,
    remoteAddress: ip,
    headers: { 'user-agent': agent, ...(referrer ? { referer: referrer } : {}), ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode).toBe(302);
  return { clickId: new URL(String(res.headers.location)).searchParams.get('click_id') ?? '', res };
}

async function approvedSaleOn(clickId: string, amountCents: number) {
  await recordApprovedSale(t.app, admin.headers, {
    campaign_id: campaignId,
    click_id: clickId,
    amount_cents: amountCents,
    external_id: `pedido-${clickId}`,
  });
}

const breakdown = (query: string, who = ana) =>
  t.app.inject({ method: 'GET', url: `/api/v1/metrics/clicks?${query}`, headers: who.headers });

describe('GET /metrics/clicks', () => {
  let anaLink: { id: number; code: string };
  let anaOther: { id: number; code: string };
  let biaLink: { id: number; code: string };
  let firstClick = '';

  beforeAll(async () => {
    anaLink = await linkOf(ana, 'stories', 'instagram');
    anaOther = await linkOf(ana, 'bio', 'tiktok');
    biaLink = await linkOf(bia, 'grupo', 'whatsapp');
    // Ana: three Brazilian phones from Instagram, one US desktop without a referrer, one tablet.
    firstClick = (await visit(anaLink.code, '200.160.2.3', AGENTS.iphone, 'https://www.instagram.com/p/1')).clickId;
    await visit(anaLink.code, '200.160.2.4', AGENTS.android, 'https://l.instagram.com/?u=x');
    await visit(anaLink.code, '200.160.2.5', AGENTS.instagramInApp, 'https://www.instagram.com/p/2');
    await visit(anaOther.code, '8.8.4.4', AGENTS.windowsEdge);
    await visit(anaOther.code, '200.160.2.6', AGENTS.ipad, 'https://www.tiktok.com/@ana');
    // Repeats and bots count nothing.
    await visit(anaLink.code, '200.160.2.3', AGENTS.iphone, 'https://www.instagram.com/p/1');
    await visit(anaLink.code, '200.160.2.7', 'facebookexternalhit/1.1');
    // Bia: one Brazilian desktop.
    await visit(biaLink.code, '200.160.2.8', AGENTS.macSafari, 'https://web.whatsapp.com/');
    await t.app.clickBuffer.flush();
    await approvedSaleOn(firstClick, 10_000);
  });

  test('a click names its country, device, browser, system and referrer host, and nothing keeps the address', async () => {
    const [row] = await db()
      .select({ traits: clickTraits })
      .from(clicks)
      .innerJoin(clickTraits, eq(clickTraits.id, clicks.traitsId))
      .where(eq(clicks.id, firstClick));
    expect(row?.traits).toMatchObject({
      country: 'BR',
      device: 'mobile',
      browser: 'Mobile Safari',
      os: 'iOS',
      referrerHost: 'instagram.com',
    });
    // No column of any click holds an address the visitors came from.
    for (const table of [sql`clicks`, sql`click_traits`]) {
      const found = await db().execute(
        sql`select count(*)::int as n from ${table} c where position('200.160.2.' in row_to_json(c)::text) > 0
          or position('8.8.4.4' in row_to_json(c)::text) > 0`,
      );
      expect((found as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    }
  });

  test('by country: an affiliate sees its own counted clicks, and the sale and commission they brought', async () => {
    const res = await breakdown('by=country');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      { key: 'BR', label: 'Brazil', clicks: 4, sales: 1, conversion_bps: 2_500, commission_cents: 2_000 },
      { key: 'US', label: 'United States', clicks: 1, sales: 0, conversion_bps: 0, commission_cents: 0 },
    ]);
  });

  test.each([
    ['device', { mobile: 3, desktop: 1, tablet: 1 }],
    ['browser', { 'Mobile Safari': 2, Chrome: 1, Instagram: 1, Edge: 1 }],
    ['os', { iOS: 3, Android: 1, Windows: 1 }],
    ['referrer', { 'instagram.com': 2, 'l.instagram.com': 1, 'tiktok.com': 1, '': 1 }],
    ['utm_source', { instagram: 3, tiktok: 2 }],
  ])('by %s', async (by, expected) => {
    const res = await breakdown(`by=${by}`);
    expect(res.statusCode, res.body).toBe(200);
    const clicksByKey = Object.fromEntries(
      res.json().items.map((item: { key: string; clicks: number }) => [item.key, item.clicks]),
    );
    expect(clicksByKey).toEqual(expected);
  });

  test('one link, one campaign: the filters narrow the clicks', async () => {
    const ofLink = (await breakdown(`by=device&link_id=${anaOther.id}`)).json().items;
    expect(ofLink.map((i: { key: string; clicks: number }) => [i.key, i.clicks])).toEqual([
      ['desktop', 1],
      ['tablet', 1],
    ]);
    const ofCampaign = (await breakdown(`by=device&campaign_id=${campaignId}`)).json().items;
    expect(ofCampaign.reduce((sum: number, i: { clicks: number }) => sum + i.clicks, 0)).toBe(5);
    // Another affiliate's link gives an affiliate nothing.
    expect((await breakdown(`by=device&link_id=${biaLink.id}`)).json().items).toEqual([]);
  });

  test('an admin sees the programme, one affiliate or one network; an affiliate cannot name others', async () => {
    const total = (items: { clicks: number }[]) => items.reduce((sum, i) => sum + i.clicks, 0);
    expect(total((await breakdown('by=country', admin)).json().items)).toBe(6);
    expect(total((await breakdown(`by=country&affiliate_id=${ana.user.affiliateId}`, admin)).json().items)).toBe(5);
    expect((await breakdown(`by=os&network_id=${networkId}`, admin)).json().items).toEqual([
      { key: 'Mac OS', label: 'Mac OS', clicks: 1, sales: 0, conversion_bps: 0, commission_cents: 0 },
    ]);
    const named = await breakdown(`by=country&affiliate_id=${bia.user.affiliateId}`);
    expect(named.statusCode).toBe(403);
    expect(named.json().errors[0].field).toBe('affiliate_id');
    const network = await breakdown(`by=country&network_id=${networkId}`);
    expect(network.statusCode).toBe(403);
    expect(network.json().errors[0].field).toBe('network_id');
    // Naming oneself is fine.
    expect((await breakdown(`by=country&affiliate_id=${ana.user.affiliateId}`)).statusCode).toBe(200);
  });

  test.each([
    ['by=planet', 'by'],
    ['', 'by'],
    ['by=country&from=2026-13-01', 'from'],
    ['by=country&from=2026-11-10&to=2026-11-01', 'to'],
    ['by=country&link_id=abc', 'link_id'],
  ])('a bad query (%s) is a 400 naming %s', async (query, field) => {
    const res = await breakdown(query);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors[0].field).toBe(field);
  });

  test('a sale counts in the traffic once approved, under its click, and leaves it when refunded', async () => {
    const { clickId } = await visit(anaOther.code, '8.8.8.8', AGENTS.linuxFirefox);
    await t.app.clickBuffer.flush();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales',
      headers: admin.headers,
      payload: { campaign_id: campaignId, click_id: clickId, amount_cents: 5_000, payment_method: 'pix' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const saleId = created.json().id as number;
    const linux = async (query: string, who = ana) =>
      (await breakdown(query, who)).json().items.find((i: { key: string }) => i.key === 'Linux');
    const bySystem = `by=os&affiliate_id=${ana.user.affiliateId}`;
    // Pending: the click is there, the sale is not.
    expect(await linux(bySystem)).toMatchObject({ clicks: 1, sales: 0, commission_cents: 0 });
    const sale = (action: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/sales/${saleId}/${action}`, headers: admin.headers });
    expect((await sale('approve')).statusCode).toBe(200);
    // Approved: in the affiliate's breakdown, the link's, and the programme's (its own rollup).
    expect(await linux(bySystem)).toMatchObject({
      clicks: 1,
      sales: 1,
      conversion_bps: 10_000,
      commission_cents: 1_000,
    });
    expect(await linux(`by=os&link_id=${anaOther.id}`)).toMatchObject({ sales: 1, commission_cents: 1_000 });
    expect(await linux('by=os', admin)).toMatchObject({ clicks: 1, sales: 1, commission_cents: 1_000 });
    const tiktok = async () =>
      (await breakdown('by=utm_source', admin)).json().items.find((i: { key: string }) => i.key === 'tiktok');
    expect(await tiktok()).toMatchObject({ clicks: 3, sales: 1, commission_cents: 1_000 });
    expect((await sale('refund')).statusCode).toBe(200);
    expect(await linux(bySystem)).toMatchObject({ clicks: 1, sales: 0, commission_cents: 0 });
    expect(await linux('by=os', admin)).toMatchObject({ clicks: 1, sales: 0, commission_cents: 0 });
    expect(await tiktok()).toMatchObject({ clicks: 3, sales: 0, commission_cents: 0 });
  });

  test("a network's traffic is what its affiliates did while in it: clicks and sales stay when one moves", async () => {
    const { clickId } = await visit(biaLink.code, '200.160.2.9', AGENTS.linuxFirefox, 'https://web.whatsapp.com/');
    await t.app.clickBuffer.flush();
    await approvedSaleOn(clickId, 20_000);
    const ofNetwork = async () => (await breakdown(`by=os&network_id=${networkId}`, admin)).json().items;
    const before = await ofNetwork();
    expect(before).toContainEqual({
      key: 'Linux',
      label: 'Linux',
      clicks: 1,
      sales: 1,
      conversion_bps: 10_000,
      commission_cents: 4_000,
    });
    await db()
      .update(affiliates)
      .set({ networkId: null })
      .where(eq(affiliates.id, bia.user.affiliateId ?? 0));
    try {
      expect(await ofNetwork()).toEqual(before);
    } finally {
      await db()
        .update(affiliates)
        .set({ networkId })
        .where(eq(affiliates.id, bia.user.affiliateId ?? 0));
    }
  });

  test('the traffic rollups kept by the click batches and the sales equal ones recomputed from them', async () => {
    const kept = await db().select().from(dailyTraffic);
    const keptBy = await db().select().from(dailyTrafficBy);
    await rebuildDailyStats(db());
    const rebuilt = await db().select().from(dailyTraffic);
    const rebuiltBy = await db().select().from(dailyTrafficBy);
    const order = (rows: typeof kept) =>
      rows
        .map((r) => `${r.day}|${r.linkId}|${r.dimension}|${r.key}|${r.clicks}|${r.sales}|${r.commissionCents}`)
        .sort();
    const orderBy = (rows: typeof keptBy) =>
      rows
        // A row a refund brought back to nothing is kept by the writers, never made by a rebuild.
        .filter((r) => r.clicks !== 0 || r.sales !== 0)
        .map((r) => `${r.day}|${r.networkId}|${r.dimension}|${r.key}|${r.clicks}|${r.sales}|${r.commissionCents}`)
        .sort();
    expect(order(kept)).toEqual(order(rebuilt));
    expect(orderBy(keptBy)).toEqual(orderBy(rebuiltBy));
    expect(kept.some((r) => r.sales > 0)).toBe(true);
    expect(new Set(keptBy.map((r) => r.networkId))).toEqual(new Set([0, networkId]));
  });
});

describe('the first-click cookie', () => {
  test('the first click of a browser on a campaign sets its cookie; a later click, even through another affiliate, names it and sets none', async () => {
    const anaLink = await linkOf(ana, 'cookie-a');
    const biaLink = await linkOf(bia, 'cookie-b');
    const first = await visit(anaLink.code, '200.160.3.1', AGENTS.android);
    const cookies = ([] as string[]).concat(first.res.headers['set-cookie'] ?? []);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toContain(`afl_${campaignId}=${first.clickId};`);
    expect(cookies[0]).toContain(`Max-Age=${30 * 86_400}`);

    const cookieHeader = `other=1; ${cookies.map((c) => c.split(';')[0]).join('; ')}`;
    const later = await visit(biaLink.code, '200.160.3.1', AGENTS.android, '', cookieHeader);
    // The window runs from the first click: a later click leaves the cookie as it is.
    expect(later.res.headers['set-cookie']).toBeUndefined();
    await t.app.clickBuffer.flush();
    const [firstRow] = await db().select().from(clicks).where(eq(clicks.id, first.clickId));
    const [laterRow] = await db().select().from(clicks).where(eq(clicks.id, later.clickId));
    expect(firstRow?.firstClickId).toBeNull();
    expect(laterRow?.firstClickId).toBe(first.clickId);
    // A forged value is not a click id: ignored, and the browser gets a cookie of its own.
    const forged = await visit(biaLink.code, '200.160.3.2', AGENTS.android, '', `afl_${campaignId}=x'); drop table`);
    expect(String(forged.res.headers['set-cookie'])).toContain(`afl_${campaignId}=${forged.clickId};`);
    await t.app.clickBuffer.flush();
    const [forgedRow] = await db().select().from(clicks).where(eq(clicks.id, forged.clickId));
    expect(forgedRow?.firstClickId).toBeNull();
  });
});
