import { ADMIN_ROLE } from '@contract/auth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, recordApprovedSale } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { emptyDatabase, MIGRATION_TEST_TIMEOUT, migrateBefore } from '../../../test/older-install';
import { loadConfig } from '../../config';
import { type Db, selectRows } from '../../db/client';
import { campaigns, clicks } from '../../db/schema';
import { newClickId } from './click-id';
import { dropAgedClicks, ensureClickPartitions, runClickPartitions } from './click-partitions';

// Issue 18, point 7: clicks partitioned by month, raw clicks dropped after a retention setting while
// every figure stays, and a migration that turns an install's clicks table into partitions in place.

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MONTH_MS = 31 * 86_400_000;

const monthName = (at: Date) => `clicks_${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
const monthsAfter = (at: Date, months: number) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 15));

/** The partitions of clicks, by name. */
async function partitionsOf(db: Db) {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'clicks'::regclass order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Which partition holds each click. */
async function whereClicksAre(db: Db) {
  const rows = await selectRows<{ id: string; part: string }>(
    db,
    sql`select id, tableoid::regclass::text as part from clicks`,
  );
  return new Map(rows.map((r) => [r.id, r.part]));
}

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('clicks by month', () => {
  test('the clicks table is partitioned by month, with this month and the next three made ahead', async () => {
    const [kind] = await selectRows<{ strategy: string }>(
      db(),
      sql`select partstrat as strategy from pg_partitioned_table where partrelid = 'clicks'::regclass`,
    );
    expect(kind?.strategy).toBe('r');
    const now = new Date();
    const names = await partitionsOf(db());
    for (let m = 0; m <= 3; m++) expect(names).toContain(monthName(monthsAfter(now, m)));
    expect(names).toContain('clicks_default');
  });

  test('a click through a link lands in its month’s partition', async () => {
    const ana = await createSignedIn(t.app, db());
    const [campaign] = await db()
      .insert(campaigns)
      .values({
        name: 'Partições',
        destinationUrl: 'https://loja.example.com/',
        commissionType: 'percent',
        commissionValue: 1_000,
        cookieDays: 30,
        holdDays: 0,
      })
      .returning();
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers: ana.headers,
      payload: { campaign_id: campaign?.id },
    });
    const res = await t.app.inject({ method: 'GET', url: `/r/${link.json().code}`, remoteAddress: '200.160.2.3' });
    const clickId = new URL(String(res.headers.location)).searchParams.get('click_id') ?? '';
    await t.app.clickBuffer.flush();
    expect((await whereClicksAre(db())).get(clickId)).toBe(monthName(new Date()));
  });

  test('a click dated outside the partitions made waits in the default one, and moves to its month when that is made', async () => {
    const old = new Date(Date.now() - 7 * MONTH_MS);
    const id = newClickId(old.getTime());
    await db().insert(clicks).values({ id, linkId: 1, affiliateId: 1, campaignId: 1, at: old, ipHash: 'h' });
    expect((await whereClicksAre(db())).get(id)).toBe('clicks_default');

    expect(await ensureClickPartitions(db(), new Date(), old)).toBeGreaterThan(0);
    expect((await whereClicksAre(db())).get(id)).toBe(monthName(old));
    // Made once: a second run finds nothing to do.
    expect(await ensureClickPartitions(db(), new Date(), old)).toBe(0);
  });
});

describe('retention', () => {
  let ana: Awaited<ReturnType<typeof createSignedIn>>;
  let admin: Awaited<ReturnType<typeof createSignedIn>>;
  let campaignId = 0;
  let linkId = 0;
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - MONTH_MS).toISOString().slice(0, 10);

  /** Every figure the screens show of these clicks and sales, as the API answers them. */
  async function figures() {
    const read = async (url: string, who: typeof ana) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const period = `from=${monthAgo}&to=${today}`;
    return {
      me: await read(`/metrics/me?${period}`, ana),
      overview: await read(`/metrics/overview?${period}`, admin),
      country: await read(`/metrics/clicks?by=country&${period}`, ana),
      device: await read(`/metrics/clicks?by=device&${period}&link_id=${linkId}`, ana),
      links: await read('/links', ana),
      campaign: await read(`/campaigns/${campaignId}`, admin),
    };
  }

  beforeAll(async () => {
    admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
    ana = await createSignedIn(t.app, db());
    const [campaign] = await db()
      .insert(campaigns)
      .values({
        name: 'Retenção',
        destinationUrl: 'https://curso.example.com/',
        commissionType: 'percent',
        commissionValue: 2_000,
        cookieDays: 30,
        holdDays: 0,
      })
      .returning();
    campaignId = campaign?.id ?? 0;
    const link = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/links',
        headers: ana.headers,
        payload: { campaign_id: campaignId },
      })
    ).json();
    linkId = link.id;
    const clickIds: string[] = [];
    for (const ip of ['200.160.2.3', '200.160.2.4', '8.8.4.4']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/r/${link.code}`,
        remoteAddress: ip,
        headers: { 'user-agent': IPHONE },
      });
      clickIds.push(new URL(String(res.headers.location)).searchParams.get('click_id') ?? '');
    }
    await t.app.clickBuffer.flush();
    for (const [n, clickId] of clickIds.slice(0, 2).entries()) {
      await recordApprovedSale(t.app, admin.headers, {
        campaign_id: campaignId,
        click_id: clickId,
        amount_cents: 10_000 + n,
        external_id: `ret-${n}`,
      });
    }
  });

  test('dropping the months past retention removes their raw clicks and keeps every figure', async () => {
    const before = await figures();
    expect(before.country.items.find((i: { key: string }) => i.key === 'BR')).toMatchObject({ clicks: 2, sales: 2 });
    const thisMonth = monthName(new Date());
    const counted = await selectRows<{ n: number }>(db(), sql`select count(*)::int as n from clicks`);
    expect(counted[0]?.n).toBeGreaterThan(0);

    // Fourteen months on, with 13 months kept: this month's partition is past it, the next is not.
    const later = monthsAfter(new Date(), 14);
    expect(await dropAgedClicks(db(), 13, later)).toBeGreaterThanOrEqual(1);
    const names = await partitionsOf(db());
    expect(names).not.toContain(thisMonth);
    expect(names).toContain(monthName(monthsAfter(new Date(), 1)));
    const left = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from clicks where at < date_trunc('month', now()) + interval '1 month'`,
    );
    expect(left[0]?.n).toBe(0);

    expect(await figures()).toEqual(before);
  });

  test('0 keeps every click', async () => {
    const names = await partitionsOf(db());
    expect(await dropAgedClicks(db(), 0, monthsAfter(new Date(), 120))).toBe(0);
    expect(await partitionsOf(db())).toEqual(names);
  });

  test('the job remakes the partitions ahead, and clicks keep being written meanwhile', async () => {
    // This month's partition is gone (the test above): a click now waits in the default partition.
    const id = newClickId();
    await db().insert(clicks).values({ id, linkId, affiliateId: 1, campaignId, at: new Date(), ipHash: 'h' });
    expect((await whereClicksAre(db())).get(id)).toBe('clicks_default');
    const done = await runClickPartitions(db(), 25);
    expect(done).toEqual({ made: 1, dropped: 0 });
    expect((await whereClicksAre(db())).get(id)).toBe(monthName(new Date()));
  });

  test('the retention setting is 0 or at least 13 months (the longest cookie is 365 days)', () => {
    expect(loadConfig({}).clickRetentionMonths).toBe(25);
    expect(loadConfig({ CLICK_RETENTION_MONTHS: '0' }).clickRetentionMonths).toBe(0);
    expect(() => loadConfig({ CLICK_RETENTION_MONTHS: '6' })).toThrow(/CLICK_RETENTION_MONTHS/);
  });
});

describe('an install made before partitions', () => {
  test(
    'the migration keeps its clicks as one partition, and new months get their own',
    async () => {
      const { database, drop } = await emptyDatabase('partitions');
      try {
        // The install as it was before partitioning.
        await migrateBefore(database, '0026_clicks_by_month');
        const old = new Date(Date.now() - 3 * MONTH_MS);
        const ids = [newClickId(old.getTime()), newClickId()];
        await database.db.execute(sql`insert into click_traits (country, device, browser, os, referrer_host)
        values ('BR', 'mobile', 'Mobile Safari', 'iOS', '')`);
        for (const [n, id] of ids.entries()) {
          await database.db.execute(sql`insert into clicks (id, link_id, affiliate_id, campaign_id, at, ip_hash, traits_id)
          values (${id}, 1, 1, 1, ${(n === 0 ? old : new Date()).toISOString()}, 'h', 1)`);
        }
        // Only the sale's click matters here: its campaign and affiliate need not exist.
        await database.db.execute(sql`set session_replication_role = replica`);
        await database.db.execute(sql`insert into sales (campaign_id, affiliate_id, click_id, amount_cents, payment_method,
        source, commission_cents, commission, attributed_by, payable_at)
        values (1, 1, ${ids[0]}, 100, 'pix', 'admin', 10, '{}', 'click', now())`);
        await database.db.execute(sql`set session_replication_role = origin`);

        await database.migrate();

        // Every click of before is in the one partition that took the table, found by id as before.
        const where = await whereClicksAre(database.db);
        const kept = where.get(ids[0] as string) ?? '';
        expect(kept).toMatch(/^clicks_until_\d{4}_\d{2}$/);
        expect(where.get(ids[1] as string)).toBe(kept);
        // The sale keeps its click's traits.
        const [sale] = await selectRows<{ traits: number }>(
          database.db,
          sql`select click_traits_id as traits from sales`,
        );
        expect(sale?.traits).toBe(1);
        // Next month's clicks go to their own partition; the one that took the table is never split.
        const next = monthsAfter(new Date(), 1);
        const nextId = newClickId(next.getTime());
        await database.db.execute(sql`insert into clicks (id, link_id, affiliate_id, campaign_id, at, ip_hash)
        values (${nextId}, 1, 1, 1, ${next.toISOString()}, 'h')`);
        expect((await whereClicksAre(database.db)).get(nextId)).toBe(monthName(next));
        expect(await ensureClickPartitions(database.db, new Date(), old)).toBe(0);
        // Retention drops it whole once its last month is past.
        expect(await dropAgedClicks(database.db, 13, monthsAfter(new Date(), 14))).toBeGreaterThanOrEqual(1);
        expect(await partitionsOf(database.db)).not.toContain(kept);
      } finally {
        await database.close();
        await drop();
      }
    },
    MIGRATION_TEST_TIMEOUT,
  );
});
