import { randomUUID } from 'node:crypto';
import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { readRollups } from '../../../test/rollups';
import { affiliates, clicks, dailyStatsRecent, ledgerEntries, links, networks } from '../../db/schema';
import { rebuildDailyStats } from '../metrics/daily-stats';

// Subscriptions (issue 17, point 1; docs/decisions/026): renewals go to the affiliate of the
// subscription's first sale whatever the cookie says, each campaign's recurring rule decides which
// charges earn, and the metrics keep new and recurring revenue apart.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let bruno: Awaited<ReturnType<typeof createSignedIn>>;
let apiKey: string;
let brunoCode: string;
let networkId: number;
const links_: Record<string, number> = {};
const db = () => t.database.db;
const anaId = () => ana.user.affiliateId ?? 0;
const brunoId = () => bruno.user.affiliateId ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  bruno = await createSignedIn(t.app, db());
  const [network] = await db()
    .insert(networks)
    .values({ name: `Rede ${process.pid}` })
    .returning();
  networkId = network?.id ?? 0;
  await db().update(affiliates).set({ networkId }).where(eq(affiliates.id, anaId()));
  const [b] = await db().select().from(affiliates).where(eq(affiliates.id, brunoId()));
  brunoCode = b?.code ?? '';
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: admin.headers,
    payload: { name: 'Checkout', signed: false },
  });
  apiKey = key.json().key;
});
afterAll(async () => t.close());

type CampaignTerms = {
  recurring_rule: 'first_charge' | 'first_n' | 'lifetime';
  recurring_charges?: number | null;
  renewal_commission_value?: number | null;
};

/** A campaign at 30 % with the given recurring terms, and a link on it for Ana and for Bruno. */
async function campaignWith(terms: CampaignTerms) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: admin.headers,
    payload: {
      name: `Assinatura ${terms.recurring_rule} ${randomUUID().slice(0, 6)}`,
      destination_url: 'https://curso.example.com/',
      commission_type: 'percent',
      commission_value: 3_000,
      cookie_days: 60,
      hold_days: 0,
      ...terms,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const campaign = res.json();
  for (const [who, affiliateId] of [
    ['ana', anaId()],
    ['bruno', brunoId()],
  ] as const) {
    const [link] = await db()
      .insert(links)
      .values({ affiliateId, campaignId: campaign.id, code: `sub${who}${campaign.id}x${process.pid}` })
      .returning();
    links_[`${campaign.id}:${who}`] = link?.id ?? 0;
  }
  return campaign as { id: number } & CampaignTerms;
}

/** A click on someone's link of the campaign, a minute ago. */
async function clickOf(campaignId: number, who: 'ana' | 'bruno') {
  const id = randomUUID();
  await db()
    .insert(clicks)
    .values({
      id,
      linkId: links_[`${campaignId}:${who}`] ?? 0,
      affiliateId: who === 'ana' ? anaId() : brunoId(),
      campaignId,
      at: new Date(Date.now() - 60_000),
      ipHash: 'x',
    });
  return id;
}

const postback = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/postback', headers: { 'x-api-key': apiKey }, payload });

/** One charge of a subscription by postback, approved, at R$ 100,00. */
async function charge(
  campaignId: number,
  subscription: string,
  chargeNumber: number,
  more: Record<string, unknown> = {},
) {
  const res = await postback({
    campaign_id: campaignId,
    external_id: `${subscription}-charge-${chargeNumber}`,
    amount_cents: 10_000,
    payment_method: 'credit_card',
    subscription_id: subscription,
    charge_number: chargeNumber,
    status: 'approved',
    ...more,
  });
  return res;
}

const subscriptionsOf = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/subscriptions${query}`, headers });

describe('a campaign’s recurring rule', () => {
  test('is validated field by field', async () => {
    const base = {
      name: 'Regra',
      destination_url: 'https://curso.example.com/',
      commission_type: 'percent',
      commission_value: 1_000,
      cookie_days: 30,
      hold_days: 0,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ recurring_rule: 'first_n' }, 'recurring_charges'],
      [{ recurring_rule: 'lifetime', recurring_charges: 3 }, 'recurring_charges'],
      [{ recurring_rule: 'first_charge', renewal_commission_value: 500 }, 'renewal_commission_value'],
      [{ commission_type: null, commission_value: null, renewal_commission_value: 500 }, 'renewal_commission_value'],
      [{ renewal_commission_value: 10_001 }, 'renewal_commission_value'],
      [{ recurring_rule: 'monthly' }, 'recurring_rule'],
    ];
    for (const [change, field] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/campaigns',
        headers: admin.headers,
        payload: { ...base, ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});

describe('renewal chains', () => {
  test('lifetime at a renewal rate: every renewal goes to the first sale’s affiliate whatever the cookie says', async () => {
    const campaign = await campaignWith({ recurring_rule: 'lifetime', renewal_commission_value: 1_000 });
    const first = await charge(campaign.id, 'life-1', 1, { click_id: await clickOf(campaign.id, 'ana') });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      affiliate_id: anaId(),
      commission_cents: 3_000,
      subscription_id: 'life-1',
      charge_number: 1,
      commission: { recurring: { outcome: 'first_charge', rule: 'lifetime', renewal_rate: false } },
    });
    // The buyer came back through Bruno's link: the cookie names Bruno, the subscription Ana.
    const second = await charge(campaign.id, 'life-1', 2, { click_id: await clickOf(campaign.id, 'bruno') });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({
      affiliate_id: anaId(),
      attributed_by: 'subscription',
      commission_cents: 1_000,
      commission: {
        decided_by: { kind: 'subscription', first_sale_id: first.json().id },
        recurring: { outcome: 'renewal', charge_number: 2, first_sale_id: first.json().id, renewal_rate: true },
      },
    });
    // A renewal needs nothing but its subscription: the merchant's billing system knows no cookie.
    for (let n = 3; n <= 12; n++) {
      const res = await charge(campaign.id, 'life-1', n);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ affiliate_id: anaId(), commission_cents: 1_000 });
    }
    const ledger = await db().select().from(ledgerEntries).where(eq(ledgerEntries.affiliateId, anaId()));
    const credited = ledger.filter((line) => line.kind === 'commission').map((line) => line.amountCents);
    expect(credited).toEqual(expect.arrayContaining([3_000, ...Array(11).fill(1_000)]));
  });

  test('first N charges: the charges past N are recorded with zero commission and say why', async () => {
    const campaign = await campaignWith({ recurring_rule: 'first_n', recurring_charges: 3 });
    const answers = [];
    for (let n = 1; n <= 5; n++) {
      const res = await charge(campaign.id, 'n3', n, n === 1 ? { affiliate_code: brunoCode } : {});
      expect(res.statusCode, res.body).toBe(201);
      answers.push(res.json());
    }
    expect(answers.map((s) => [s.affiliate_id, s.commission_cents, s.commission.recurring.outcome])).toEqual([
      [brunoId(), 3_000, 'first_charge'],
      [brunoId(), 3_000, 'renewal'],
      [brunoId(), 3_000, 'renewal'],
      [brunoId(), 0, 'beyond_limit'],
      [brunoId(), 0, 'beyond_limit'],
    ]);
    expect(answers[3].commission).toMatchObject({ exact_cents: '0', recurring: { rule: 'first_n', charges: 3 } });
    // A charge that earns nothing moves no money.
    const lines = await db().select().from(ledgerEntries).where(eq(ledgerEntries.saleId, answers[4].id));
    expect(lines).toEqual([]);
  });

  test('first charge only: a renewal earns nothing, and says so', async () => {
    const campaign = await campaignWith({ recurring_rule: 'first_charge' });
    expect((await charge(campaign.id, 'once', 1, { affiliate_code: brunoCode })).json().commission_cents).toBe(3_000);
    const renewal = (await charge(campaign.id, 'once', 2)).json();
    expect(renewal).toMatchObject({
      affiliate_id: brunoId(),
      commission_cents: 0,
      commission: { recurring: { outcome: 'beyond_limit', rule: 'first_charge' } },
    });
  });

  test('a renewal of a subscription never seen needs an affiliate, and then its later charges follow it', async () => {
    const campaign = await campaignWith({ recurring_rule: 'lifetime' });
    const unknown = await charge(campaign.id, 'migrated', 7);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([
      { field: 'subscription_id', message: expect.stringContaining('first charge') },
    ]);
    const named = await charge(campaign.id, 'migrated', 7, { affiliate_code: brunoCode });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({ affiliate_id: brunoId(), commission: { recurring: { outcome: 'renewal' } } });
    const next = await charge(campaign.id, 'migrated', 8);
    expect(next.json()).toMatchObject({
      affiliate_id: brunoId(),
      attributed_by: 'subscription',
      commission: { decided_by: { first_sale_id: named.json().id } },
    });
    // A charge number without its subscription is refused, naming the missing field.
    const lone = await postback({
      campaign_id: campaign.id,
      external_id: 'lone',
      amount_cents: 100,
      payment_method: 'pix',
      affiliate_code: brunoCode,
      charge_number: 2,
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().errors.map((e: { field: string }) => e.field)).toEqual(['subscription_id']);
  });

  test('a first charge and its renewal in the same batch: the renewal still goes to the first charge’s affiliate', async () => {
    const campaign = await campaignWith({ recurring_rule: 'lifetime' });
    const anaClick = await clickOf(campaign.id, 'ana');
    const brunoClick = await clickOf(campaign.id, 'bruno');
    const [first, renewal] = await Promise.all([
      charge(campaign.id, 'batch', 1, { click_id: anaClick }),
      charge(campaign.id, 'batch', 2, { click_id: brunoClick }),
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect(renewal.statusCode, renewal.body).toBe(201);
    expect(renewal.json()).toMatchObject({ affiliate_id: anaId(), attributed_by: 'subscription' });
  });

  test('the admin form takes a subscription charge too', async () => {
    const campaign = await campaignWith({ recurring_rule: 'lifetime' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales',
      headers: admin.headers,
      payload: {
        campaign_id: campaign.id,
        affiliate_id: anaId(),
        amount_cents: 4_990,
        payment_method: 'pix',
        external_id: `form-${process.pid}`,
        subscription_id: 'form-sub',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ subscription_id: 'form-sub', charge_number: 1 });
  });
});

describe('GET /subscriptions', () => {
  test('an affiliate sees their own subscriptions and recurring earnings; an admin everyone’s', async () => {
    const campaign = await campaignWith({ recurring_rule: 'lifetime', renewal_commission_value: 2_000 });
    await charge(campaign.id, 'listed', 1, { affiliate_code: brunoCode });
    await charge(campaign.id, 'listed', 2);
    await charge(campaign.id, 'listed', 3);
    const anaOwn = await charge(campaign.id, 'ana-listed', 1, { click_id: await clickOf(campaign.id, 'ana') });
    // Ana's subscription ends: its latest charge was charged back.
    await t.app.inject({ method: 'POST', url: `/api/v1/sales/${anaOwn.json().id}/chargeback`, headers: admin.headers });

    const mine = await subscriptionsOf(bruno.headers, `?campaign_id=${campaign.id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().items).toEqual([
      expect.objectContaining({
        subscription_id: 'listed',
        affiliate_id: brunoId(),
        affiliate_name: '',
        status: 'active',
        charges: 3,
        last_charge_number: 3,
        commission_cents: 3_000 + 2_000 + 2_000,
        recurring_commission_cents: 4_000,
        pending_commission_cents: 0,
      }),
    ]);
    expect(mine.json().totals).toEqual({ active: 1, recurring_commission_cents: 4_000 });
    // Bruno never sees Ana's subscription, whatever he asks for.
    const asked = await subscriptionsOf(bruno.headers, `?affiliate_id=${anaId()}&q=ana-listed`);
    expect(asked.json().items).toEqual([]);

    const all = await subscriptionsOf(admin.headers, `?campaign_id=${campaign.id}`);
    expect(
      all
        .json()
        .items.map((s: { subscription_id: string; status: string }) => [s.subscription_id, s.status])
        .sort(),
    ).toEqual([
      ['ana-listed', 'ended'],
      ['listed', 'active'],
    ]);
    const ended = await subscriptionsOf(admin.headers, `?campaign_id=${campaign.id}&status=ended`);
    expect(ended.json()).toMatchObject({ total: 1, items: [{ subscription_id: 'ana-listed', affiliate_id: anaId() }] });
    const byAffiliate = await subscriptionsOf(admin.headers, `?affiliate_id=${brunoId()}&campaign_id=${campaign.id}`);
    expect(byAffiliate.json().items.map((s: { subscription_id: string }) => s.subscription_id)).toEqual(['listed']);
  });

  test('bad filters are a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?status=paused', 'status'],
      ['?campaign_id=abc', 'campaign_id'],
      ['?page=0', 'page'],
    ]) {
      const res = await subscriptionsOf(admin.headers, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
    }
  });
});

describe('new and recurring revenue', () => {
  test('the sales metrics keep renewals apart from first charges, for the programme and for a network', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/metrics/sales', headers: admin.headers });
    const rowsOf = (body: { tables: { by_charge: { key: string; count: number; amount_cents: number }[] } }) =>
      Object.fromEntries(body.tables.by_charge.map((r) => [r.key, [r.count, r.amount_cents]]));
    const was = rowsOf(before.json());
    const campaign = await campaignWith({ recurring_rule: 'lifetime' });
    await charge(campaign.id, 'rev', 1, { click_id: await clickOf(campaign.id, 'ana') });
    await charge(campaign.id, 'rev', 2);
    await charge(campaign.id, 'rev', 3);
    const after = rowsOf(
      (await t.app.inject({ method: 'GET', url: '/api/v1/metrics/sales', headers: admin.headers })).json(),
    );
    const [newCount = 0, newCents = 0] = was.new ?? [];
    const [recurringCount = 0, recurringCents = 0] = was.recurring ?? [];
    expect(after.new).toEqual([newCount + 1, newCents + 10_000]);
    expect(after.recurring).toEqual([recurringCount + 2, recurringCents + 20_000]);

    // A network's figures come from its members' sales: Ana's network holds only her charges.
    const network = await t.app.inject({
      method: 'GET',
      url: `/api/v1/metrics/sales?network_id=${networkId}`,
      headers: admin.headers,
    });
    const ofNetwork = rowsOf(network.json());
    expect(ofNetwork.recurring?.[0]).toBeGreaterThanOrEqual(2);
    expect(ofNetwork.recurring?.[1]).toBe((ofNetwork.recurring?.[0] ?? 0) * 10_000);
  });

  test('every rollup kept with the charges equals one recomputed from the sales', async () => {
    // The clicks here were written straight into the table, past the click path's rollups: compare the sales.
    const read = async () => {
      const rollups = await readRollups(db(), { withoutClicks: true });
      expect(await db().select().from(dailyStatsRecent)).toEqual([]);
      return rollups;
    };
    const kept = await read();
    expect(kept.by.some((row) => row.includes('"recurring"'))).toBe(true);
    await rebuildDailyStats(db());
    expect(kept).toEqual(await read());
  });
});
