import { ADMIN_ROLE } from '@contract/auth';
import { DEFAULT_FRAUD_RULES, type FraudRules } from '@contract/fraud';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { affiliates, campaigns, clickFloods, linkStats, signInDevices, users } from '../../db/schema';

// Issue 17, point 4: fraud rules an admin switches and tunes; each fires, and does not when off.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  const [campaign] = await db()
    .insert(campaigns)
    .values({ name: 'Loja', destinationUrl: 'https://loja.example.com/', cookieDays: 30, holdDays: 7 })
    .returning();
  campaignId = campaign?.id ?? 0;
});
afterAll(async () => t.close());

const putRules = (rules: FraudRules, headers = admin.headers) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/fraud-rules', headers, payload: rules });
const withRule = <K extends keyof FraudRules>(rule: K, change: Partial<FraudRules[K]>): FraudRules => ({
  ...DEFAULT_FRAUD_RULES,
  [rule]: { ...DEFAULT_FRAUD_RULES[rule], ...change },
});

describe('GET/PUT /fraud-rules', () => {
  test('every rule starts switched on at its default; an admin changes them, audited', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/fraud-rules', headers: admin.headers });
    expect(first.json()).toEqual(DEFAULT_FRAUD_RULES);
    const next = withRule('fast_click', { seconds: 30 });
    const saved = await putRules(next);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/fraud-rules', headers: admin.headers })).json()).toEqual(
      next,
    );
    await putRules(DEFAULT_FRAUD_RULES);
  });

  test.each([
    ['fast_click.seconds', withRule('fast_click', { seconds: 0 })],
    ['click_flooding.clicks', withRule('click_flooding', { clicks: 1 })],
    ['conversion_spike.multiple', withRule('conversion_spike', { multiple: 1 })],
  ])('a bad %s is a 400 naming it, and nothing changes', async (field, rules) => {
    const res = await putRules(rules);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/fraud-rules', headers: admin.headers })).json()).toEqual(
      DEFAULT_FRAUD_RULES,
    );
  });

  test('an affiliate may neither read nor change them', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/fraud-rules', headers: ana.headers })).statusCode).toBe(
      403,
    );
    expect((await putRules(DEFAULT_FRAUD_RULES, ana.headers)).statusCode).toBe(403);
  });
});

describe('disposable email at registration', () => {
  const register = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { first_name: 'Nova', last_name: 'Pessoa', email, password: 'senha-forte-9', accept_terms: true },
    });
  const flagsOf = async (email: string) => {
    const [row] = await db()
      .select({ flags: affiliates.flags })
      .from(affiliates)
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(eq(users.email, email));
    return row?.flags;
  };

  test('a throwaway domain is flagged for the admin who approves; a common one is not; the rule off flags none', async () => {
    expect((await register('golpe@mailinator.com')).statusCode).toBe(201);
    expect(await flagsOf('golpe@mailinator.com')).toEqual(['disposable_email']);
    await register('pessoa@gmail.com');
    expect(await flagsOf('pessoa@gmail.com')).toEqual([]);
    // The review queue shows it.
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/v1/affiliates?status=pending&q=mailinator',
      headers: admin.headers,
    });
    expect(pending.json().items[0].flags).toEqual(['disposable_email']);

    await putRules(withRule('disposable_email', { enabled: false }));
    try {
      await register('outro@mailinator.com');
      expect(await flagsOf('outro@mailinator.com')).toEqual([]);
    } finally {
      await putRules(DEFAULT_FRAUD_RULES);
    }
  });
});

describe('sign-in devices', () => {
  test('a sign-in remembers the address hash and agent it came from, never the address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '200.160.2.3',
      headers: { 'user-agent': 'Mozilla/5.0 (Android 14) Chrome/126' },
      payload: { email: ana.user.email, password: 'correct-horse-9' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const devices = await db().select().from(signInDevices).where(eq(signInDevices.userId, ana.user.id));
    const device = devices.find((d) => d.userAgent === 'Mozilla/5.0 (Android 14) Chrome/126');
    expect(device?.ipHash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(devices)).not.toContain('200.160.2.3');
  });
});

describe('click flooding', () => {
  async function linkCode(subId: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers: ana.headers,
      payload: { campaign_id: campaignId, sub_id: subId },
    });
    return res.json() as { id: number; code: string };
  }
  /** Six clicks from one address, each with another agent (so no click is a repeat of another). */
  async function flood(code: string, ip: string) {
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/r/${code}`,
        remoteAddress: ip,
        headers: { 'user-agent': `Mozilla/5.0 (X11; Linux) Firefox/12${i}` },
      });
      expect(res.statusCode).toBe(302);
    }
    await t.app.clickBuffer.flush();
  }
  const countedOn = async (linkId: number) =>
    (await db().select().from(linkStats).where(eq(linkStats.linkId, linkId)))[0]?.clicks ?? 0;

  test('beyond the limit, one address’s clicks on a link are not counted and are reported; off, all count', async () => {
    await putRules(withRule('click_flooding', { clicks: 3, minutes: 1 }));
    const link = await linkCode('flood');
    try {
      await flood(link.code, '203.0.113.50');
    } finally {
      await putRules(DEFAULT_FRAUD_RULES);
    }
    expect(await countedOn(link.id)).toBe(3);
    const [reported] = await db().select().from(clickFloods).where(eq(clickFloods.linkId, link.id));
    expect(reported?.clicks).toBe(3);
    const report = await t.app.inject({ method: 'GET', url: '/api/v1/fraud/click-floods', headers: admin.headers });
    expect(report.json().items).toContainEqual(
      expect.objectContaining({ link_id: link.id, link_code: link.code, addresses: 1, clicks: 3 }),
    );

    await putRules(withRule('click_flooding', { enabled: false }));
    const free = await linkCode('no-flood-rule');
    try {
      await flood(free.code, '203.0.113.51');
    } finally {
      await putRules(DEFAULT_FRAUD_RULES);
    }
    expect(await countedOn(free.id)).toBe(6);
    expect(await db().select().from(clickFloods).where(eq(clickFloods.linkId, free.id))).toEqual([]);
  });
});

describe('the rules on each sale', () => {
  let bia: Awaited<ReturnType<typeof createSignedIn>>;
  const codeOf = async (affiliateId: number) =>
    (await db().select({ code: affiliates.code }).from(affiliates).where(eq(affiliates.id, affiliateId)))[0]?.code;
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
        external_id: `fraude-${process.pid}-${++order}`,
        ...payload,
      },
    });
  /** A click through the affiliate's link from this address and agent; answers its id. */
  async function clickFrom(who: typeof ana, ip: string, agent: string) {
    const link = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/links',
        headers: who.headers,
        payload: { campaign_id: campaignId, sub_id: `device-${++order}` },
      })
    ).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/r/${link.code}`,
      remoteAddress: ip,
      headers: { 'user-agent': agent },
    });
    await t.app.clickBuffer.flush();
    return new URL(String(res.headers.location)).searchParams.get('click_id') ?? '';
  }

  beforeAll(async () => {
    bia = await createSignedIn(t.app, db());
    await putRules(DEFAULT_FRAUD_RULES);
  });

  test('same address as the affiliate: a click from the device the affiliate signs in from flags its sale; another device does not', async () => {
    const agent = 'Mozilla/5.0 (Windows NT 10.0) Chrome/126 Fraude';
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '198.51.100.20',
      headers: { 'user-agent': agent },
      payload: { email: bia.user.email, password: 'correct-horse-9' },
    });
    const own = await clickFrom(bia, '198.51.100.20', agent);
    const stranger = await clickFrom(bia, '198.51.100.21', agent);
    // Minutes after the clicks, so the fast-click rule says nothing.
    await db().execute(sql`update clicks set at = at - interval '10 minutes' where id in (${own}, ${stranger})`);
    expect((await sale({ click_id: own })).json().flags).toEqual(['same_address_as_affiliate']);
    expect((await sale({ click_id: stranger })).json().flags).toEqual([]);
    await putRules(withRule('same_address_as_affiliate', { enabled: false }));
    try {
      expect((await sale({ click_id: own, external_id: `off-${order}` })).json().flags).toEqual([]);
    } finally {
      await putRules(DEFAULT_FRAUD_RULES);
    }
  });

  test('fast click: the tuned seconds decide; off, nothing is flagged', async () => {
    const click = await clickFrom(bia, '198.51.100.30', 'Mozilla/5.0 (Macintosh) Safari/17 Rapido');
    await db().execute(sql`update clicks set at = at - interval '20 seconds' where id = ${click}`);
    expect((await sale({ click_id: click })).json().flags).toEqual([]);
    await putRules(withRule('fast_click', { seconds: 60 }));
    try {
      expect((await sale({ click_id: click })).json().flags).toEqual(['fast_click']);
      await putRules(withRule('fast_click', { enabled: false, seconds: 60 }));
      expect((await sale({ click_id: click })).json().flags).toEqual([]);
    } finally {
      await putRules(DEFAULT_FRAUD_RULES);
    }
  });

  test('self-referral: the buyer is the affiliate; off, it is not flagged', async () => {
    const code = await codeOf(bia.user.affiliateId ?? 0);
    const mine = { affiliate_code: code, customer_email: bia.user.email.toUpperCase() };
    expect((await sale(mine)).json().flags).toEqual(['self_referral']);
    await putRules(withRule('self_referral', { enabled: false }));
    try {
      expect((await sale(mine)).json().flags).toEqual([]);
    } finally {
      await putRules(DEFAULT_FRAUD_RULES);
    }
  });

  describe('self-referral by mailbox, however spelt', () => {
    let gmail: Awaited<ReturnType<typeof createSignedIn>>;
    let company: Awaited<ReturnType<typeof createSignedIn>>;
    beforeAll(async () => {
      gmail = await createSignedIn(t.app, db(), { email: 'ana.souza@gmail.com' });
      company = await createSignedIn(t.app, db(), { email: 'ana.souza@loja-da-ana.com.br' });
    });
    /** A sale through the affiliate's own link, minutes after the click (so fast-click says nothing). */
    async function saleThroughLink(who: typeof ana, buyer: string) {
      const click = await clickFrom(who, '198.51.100.40', 'Mozilla/5.0 (iPhone) Safari/17 Autoindicacao');
      await db().execute(sql`update clicks set at = at - interval '10 minutes' where id = ${click}`);
      const res = await sale({ click_id: click, customer_email: buyer });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().flags as string[];
    }

    test.each([
      ['ana.souza+x@gmail.com', ['self_referral']],
      ['Ana.Souza+loja@GMAIL.com', ['self_referral']],
      ['anasouza@gmail.com', ['self_referral']],
      ['a.na.sou.za@googlemail.com', ['self_referral']],
      ['ana.souza2@gmail.com', []],
      ['ana.souza@hotmail.com', []],
    ])('POST /sales through ana.souza@gmail.com’s link, bought by %s, is flagged %j', async (buyer, flags) => {
      expect(await saleThroughLink(gmail, buyer)).toEqual(flags);
    });

    test.each([
      ['ana.souza+x@loja-da-ana.com.br', ['self_referral']],
      ['ANA.SOUZA@LOJA-DA-ANA.COM.BR', ['self_referral']],
      // Outside Gmail the dot may be somebody else's address.
      ['anasouza@loja-da-ana.com.br', []],
    ])('POST /sales through ana.souza@loja-da-ana.com.br’s link, bought by %s, is flagged %j', async (buyer, flags) => {
      expect(await saleThroughLink(company, buyer)).toEqual(flags);
    });
  });

  test('conversion spike: an affiliate converting ten times the programme has new sales held; a higher multiple lets them through', async () => {
    const spiker = await createSignedIn(t.app, db());
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    // The programme converts 1 % of 10 000 clicks; this affiliate 10 % of 200 (the rollups the metrics read).
    await db().execute(sql`insert into daily_campaign_stats (day, campaign_id, clicks, approved_sales)
      values (${today}, ${campaignId}, 10000, 100)
      on conflict (day, campaign_id) do update set clicks = daily_campaign_stats.clicks + 10000,
        approved_sales = daily_campaign_stats.approved_sales + 100`);
    await db().execute(sql`insert into daily_affiliate_stats (day, affiliate_id, clicks, approved_sales)
      values (${today}, ${spiker.user.affiliateId}, 200, 20)`);
    await putRules(DEFAULT_FRAUD_RULES);
    const code = await codeOf(spiker.user.affiliateId ?? 0);
    const held = await sale({ affiliate_code: code });
    expect(held.json().flags).toEqual(['conversion_spike']);
    // Another affiliate's sale in the same programme is not.
    expect((await sale({ affiliate_code: await codeOf(bia.user.affiliateId ?? 0) })).json().flags).toEqual([]);
    await putRules(withRule('conversion_spike', { multiple: 20 }));
    try {
      expect((await sale({ affiliate_code: code })).json().flags).toEqual([]);
    } finally {
      await putRules(DEFAULT_FRAUD_RULES);
    }
  });
});
