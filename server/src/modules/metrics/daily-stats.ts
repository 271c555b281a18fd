import { brasiliaDayOf } from '@contract/calendar';
import type { SaleStatus } from '@contract/sales';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { every } from '../../jobs/lease';
import { type SaleShareFigures, sharesOf } from './sale-shares';
import {
  addSalesTrafficQuery,
  REBUILD_DAILY_TRAFFIC,
  REBUILD_DAILY_TRAFFIC_BY,
  type TrafficSaleDelta,
} from './traffic';

type SaleFigures = SaleShareFigures & {
  chargeNumber: number | null;
  /** The network the sale was recorded in (decision 030). */
  networkId: number | null;
  createdAt: Date;
  campaignId: number;
  paymentMethod: string;
  origin: string;
  utmSource: string;
  /** The click it came with, its link and what the click was enriched with: the traffic rollups count it there. */
  clickId: string | null;
  linkId: number | null;
  clickTraitsId: number | null;
};

/**
 * A sale's rows as each affiliate's rollups count them (docs/decisions/021): the owner's share with
 * the sale's count, and a split sale's first affiliate's share with none, so the shares of a sale
 * always add up to it once.
 */
const SALE_SHARES = `cross join lateral (values
      (s.affiliate_id, 1, s.amount_cents - s.shared_amount_cents, s.commission_cents - s.shared_commission_cents),
      (s.shared_affiliate_id, 0, s.shared_amount_cents, s.shared_commission_cents)
    ) as sh(affiliate_id, n, amount_cents, commission_cents)
    where sh.affiliate_id is not null`;

// tracking/click-buffer.ts still imports it from here (its split is under way elsewhere).
export { brasiliaDayOf };

/** The figures every click-and-sale rollup keeps (DESIGN.md §6). */
const FIGURES = [
  'clicks',
  'pending_sales',
  'pending_commission_cents',
  'approved_sales',
  'approved_amount_cents',
  'approved_commission_cents',
  'refunded_sales',
];

/** The rollup recomputed from the raw rows: after a bulk load (seeds), and by the migration. */
export const REBUILD_DAILY_STATS = `
  insert into daily_stats (day, affiliate_id, campaign_id, clicks, pending_sales, pending_commission_cents,
    approved_sales, approved_amount_cents, approved_commission_cents, refunded_sales)
  select day, affiliate_id, campaign_id, sum(clicks), sum(pending_sales), sum(pending_commission_cents),
    sum(approved_sales), sum(approved_amount_cents), sum(approved_commission_cents), sum(refunded_sales)
  from (
    select ((at at time zone 'UTC') - interval '3 hours')::date as day, affiliate_id, campaign_id,
      count(*) as clicks, 0 as pending_sales, 0 as pending_commission_cents, 0 as approved_sales,
      0 as approved_amount_cents, 0 as approved_commission_cents, 0 as refunded_sales
    from clicks where not is_bot and not is_repeat group by 1, 2, 3
    union all
    select ((s.created_at at time zone 'UTC') - interval '3 hours')::date, sh.affiliate_id, s.campaign_id, 0,
      coalesce(sum(sh.n) filter (where s.status = 'pending'), 0),
      coalesce(sum(sh.commission_cents) filter (where s.status = 'pending'), 0),
      coalesce(sum(sh.n) filter (where s.status = 'approved'), 0),
      coalesce(sum(sh.amount_cents) filter (where s.status = 'approved'), 0),
      coalesce(sum(sh.commission_cents) filter (where s.status = 'approved'), 0),
      coalesce(sum(sh.n) filter (where s.status = 'refunded'), 0)
    from sales s ${SALE_SHARES} group by 1, 2, 3
  ) x group by 1, 2, 3
  -- In key order: a large rebuild then appends to the primary key instead of writing all over it.
  order by 1, 2, 3`;

/** A sale row's key in the `charge` dimension: a subscription's renewal is recurring revenue. */
const CHARGE_KEY = `case when coalesce(charge_number, 1) > 1 then 'recurring' else 'new' end`;
export const chargeKeyOf = (chargeNumber: number | null) => ((chargeNumber ?? 1) > 1 ? 'recurring' : 'new');

/** The sales rollup by dimension and network, recomputed from the sales. */
export const REBUILD_DAILY_SALES_BY = `
  insert into daily_sales_by (day, dimension, key, status, network_id, sales, amount_cents, commission_cents)
  select ((created_at at time zone 'UTC') - interval '3 hours')::date, d.dimension, d.key, status,
    coalesce(network_id, 0), count(*), sum(amount_cents), sum(commission_cents)
  from sales
  cross join lateral (values ('payment_method', payment_method), ('origin', origin), ('utm_source', utm_source),
    ('charge', ${CHARGE_KEY})) as d(dimension, key)
  group by 1, 2, 3, 4, 5`;

/** The programme-wide rollups, summed from `daily_stats` (after it was rebuilt, or by the migration). */
export const REBUILD_DAILY_CAMPAIGN_STATS = `
  insert into daily_campaign_stats (day, campaign_id, ${FIGURES.join(', ')})
  select day, campaign_id, ${FIGURES.map((f) => `sum(${f})`).join(', ')} from daily_stats group by 1, 2 order by 1, 2`;
export const REBUILD_DAILY_AFFILIATE_STATS = `
  insert into daily_affiliate_stats (day, affiliate_id, ${FIGURES.join(', ')})
  select day, affiliate_id, ${FIGURES.map((f) => `sum(${f})`).join(', ')} from daily_stats group by 1, 2 order by 1, 2`;

/** Each link's counted clicks, from the clicks. */
export const REBUILD_LINK_STATS = `
  insert into link_stats (link_id, clicks)
  select link_id, count(*) from clicks where not is_bot and not is_repeat group by link_id`;

/** Every rollup recomputed, in order: the programme-wide ones sum `daily_stats`, with nothing left to merge. */
export const REBUILD_ROLLUPS = [
  ['daily_stats_recent', ''],
  ['daily_stats', REBUILD_DAILY_STATS],
  ['daily_campaign_stats', REBUILD_DAILY_CAMPAIGN_STATS],
  ['daily_affiliate_stats', REBUILD_DAILY_AFFILIATE_STATS],
  ['daily_sales_by', REBUILD_DAILY_SALES_BY],
  ['link_stats', REBUILD_LINK_STATS],
  ['daily_traffic', REBUILD_DAILY_TRAFFIC],
  ['daily_traffic_by', REBUILD_DAILY_TRAFFIC_BY],
] as const;

export async function rebuildDailyStats(db: Db) {
  for (const [table, rebuild] of REBUILD_ROLLUPS) {
    await db.execute(sql.raw(`delete from ${table}`));
    if (rebuild) await db.execute(sql.raw(rebuild));
  }
}

const ADD_BY_SQL = `
  insert into daily_sales_by as d (day, dimension, key, status, network_id, sales, amount_cents, commission_cents)
  select day, dimension, key, status, network_id, sales, amount_cents, commission_cents
  from jsonb_to_recordset($1::jsonb) as x(day date, dimension text, key text, status text, network_id bigint,
    sales int, amount_cents bigint, commission_cents bigint)
  on conflict (day, dimension, key, status, network_id) do update set
    sales = d.sales + excluded.sales,
    amount_cents = d.amount_cents + excluded.amount_cents,
    commission_cents = d.commission_cents + excluded.commission_cents`;

/** Upserts summed deltas into one rollup keyed by `keys`, in key order (so concurrent writers lock alike). */
const upsertInto = (table: string, keys: string[]) => {
  const by = keys.join(', ');
  return `insert into ${table} as d (${by}, ${FIGURES.join(', ')})
    select ${by}, ${FIGURES.map((f) => `sum(${f})`).join(', ')} from x group by ${by} order by ${by}
    on conflict (${by}) do update set ${FIGURES.map((f) => `${f} = d.${f} + excluded.${f}`).join(', ')}`;
};

/**
 * Adds deltas for some (day, affiliate, campaign) keys to the rollups (by campaign; by affiliate and
 * campaign, and by affiliate, through `daily_stats_recent`), and clicks to their links' counts, in
 * one statement: they never disagree.
 */
const ADD_SQL = `
  with x as materialized (
    select * from jsonb_to_recordset($1::jsonb) as x(day date, affiliate_id bigint, campaign_id bigint, link_id bigint, clicks int,
      pending_sales int, pending_commission_cents bigint, approved_sales int, approved_amount_cents bigint,
      approved_commission_cents bigint, refunded_sales int)
  ),
  by_campaign as (${upsertInto('daily_campaign_stats', ['day', 'campaign_id'])}),
  by_link as (
    insert into link_stats as d (link_id, clicks)
    select link_id, sum(clicks) from x where link_id is not null group by link_id order by link_id
    on conflict (link_id) do update set clicks = d.clicks + excluded.clicks
  )
  ${upsertInto('daily_stats_recent', ['day', 'affiliate_id', 'campaign_id'])}`;

/**
 * Moves the increments of `daily_stats_recent` into `daily_stats` and `daily_affiliate_stats`, in one
 * statement, so a reader of the `_now` views sees them in one place or the other, never both or
 * neither. The rows are locked in key order, as every writer locks them, so a merge and a batch never
 * deadlock; increments written meanwhile stay for the next merge. Safe on any number of servers at
 * once: a row two merges both reach is moved by the first, and the second finds it gone.
 */
const MERGE_RECENT_SQL = `
  with taken as (
    select day, affiliate_id, campaign_id from daily_stats_recent order by day, affiliate_id, campaign_id for update
  ),
  x as materialized (
    delete from daily_stats_recent r using taken t
    where r.day = t.day and r.affiliate_id = t.affiliate_id and r.campaign_id = t.campaign_id
    returning r.*
  ),
  by_affiliate as (${upsertInto('daily_affiliate_stats', ['day', 'affiliate_id'])})
  ${upsertInto('daily_stats', ['day', 'affiliate_id', 'campaign_id'])}`;

export async function mergeRecentStats(db: Db) {
  await db.execute(sql.raw(MERGE_RECENT_SQL));
}

/** How often each server merges: readers never wait for it, the `_now` views add what is left. */
export const MERGE_RECENT_STATS_MS = 1_000;

/** Every second on every server (merges may overlap safely); returns the function that stops it. */
export function scheduleRecentStatsMerge(db: Db, log: FastifyBaseLogger, everyMs = MERGE_RECENT_STATS_MS) {
  return every(
    everyMs,
    () => mergeRecentStats(db).catch((error: Error) => log.error({ err: error.message }, 'rollup merge failed')),
    everyMs,
  );
}

/**
 * The rollups of sales just recorded as pending, as common table expressions over a CTE named
 * `inserted` (the sale writer's one statement, docs/decisions/016): the same deltas
 * `moveSalesInStats` adds, summed in the database instead of in the server.
 */
export const PENDING_SALES_ROLLUP_CTES = `
  sale_x as materialized (
    select ((s.created_at at time zone 'UTC') - interval '3 hours')::date as day, sh.affiliate_id, s.campaign_id,
      0 as clicks, sum(sh.n)::int as pending_sales, sum(sh.commission_cents)::bigint as pending_commission_cents,
      0 as approved_sales, 0::bigint as approved_amount_cents, 0::bigint as approved_commission_cents,
      0 as refunded_sales
    from inserted s ${SALE_SHARES} group by 1, 2, 3
  ),
  sale_by_campaign as (${upsertInto('daily_campaign_stats', ['day', 'campaign_id']).replace('from x', 'from sale_x')}),
  sale_by_pair as (${upsertInto('daily_stats_recent', ['day', 'affiliate_id', 'campaign_id']).replace('from x', 'from sale_x')}),
  sale_by_dimension as (
    insert into daily_sales_by as d (day, dimension, key, status, network_id, sales, amount_cents, commission_cents)
    select day, dimension, key, 'pending', network_id, count(*), sum(amount_cents), sum(commission_cents)
    from (
      select ((created_at at time zone 'UTC') - interval '3 hours')::date as day, dims.dimension, dims.key,
        coalesce(network_id, 0) as network_id, amount_cents, commission_cents
      from inserted
      cross join lateral (values ('payment_method', payment_method), ('origin', origin), ('utm_source', utm_source),
        ('charge', ${CHARGE_KEY})) as dims(dimension, key)
    ) y
    group by day, dimension, key, network_id order by day, dimension, key, network_id
    on conflict (day, dimension, key, status, network_id) do update set
      sales = d.sales + excluded.sales,
      amount_cents = d.amount_cents + excluded.amount_cents,
      commission_cents = d.commission_cents + excluded.commission_cents
  )`;

type Delta = {
  day: string;
  affiliate_id: number;
  campaign_id: number;
  /** Clicks only: whose link they came through. */
  link_id?: number;
  clicks?: number;
  pending_sales?: number;
  pending_commission_cents?: number;
  approved_sales?: number;
  approved_amount_cents?: number;
  approved_commission_cents?: number;
  refunded_sales?: number;
};

const ZERO = {
  clicks: 0,
  pending_sales: 0,
  pending_commission_cents: 0,
  approved_sales: 0,
  approved_amount_cents: 0,
  approved_commission_cents: 0,
  refunded_sales: 0,
};

/** The statement and its parameter that add these deltas (for drivers used without Drizzle). */
export function addStatsQuery(deltas: Delta[]) {
  return { text: ADD_SQL, params: [JSON.stringify(deltas.map((d) => ({ ...ZERO, ...d })))] };
}

/** Counted clicks per (day, affiliate, campaign, link), from the click buffer's keys. */
export function clickDeltas(keys: string[]): Delta[] {
  const counts = new Map<string, number>();
  for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, clicks]) => {
    const [day = '', affiliate = '0', campaign = '0', link = '0'] = key.split('|');
    return { day, affiliate_id: Number(affiliate), campaign_id: Number(campaign), link_id: Number(link), clicks };
  });
}

/** A sale entering a status (from null when it is recorded) moves its figures between columns. */
export async function moveSaleInStats(tx: Db, sale: SaleFigures, from: SaleStatus | null, to: SaleStatus) {
  await moveSalesInStats(tx, [sale], from, to);
}

/**
 * Many sales entering one status at once (a batch of recorded sales): their deltas are summed per
 * key first, so the batch takes each rollup row once, in two statements whatever its size.
 */
export async function moveSalesInStats(tx: Db, batch: SaleFigures[], from: SaleStatus | null, to: SaleStatus) {
  if (batch.length === 0) return;
  const deltas = new Map<string, Delta>();
  const byDimension = new Map<string, Record<string, string | number>>();
  const addBy = (day: string, dimension: string, key: string, status: SaleStatus, sign: 1 | -1, sale: SaleFigures) => {
    const networkId = sale.networkId ?? 0;
    // The network's id zero-padded, so the key order below is the primary key's order.
    const id = JSON.stringify([day, dimension, key, status, String(networkId).padStart(20, '0')]);
    const row = byDimension.get(id) ?? {
      day,
      dimension,
      key,
      status,
      network_id: networkId,
      sales: 0,
      amount_cents: 0,
      commission_cents: 0,
    };
    row.sales = Number(row.sales) + sign;
    row.amount_cents = Number(row.amount_cents) + sign * sale.amountCents;
    row.commission_cents = Number(row.commission_cents) + sign * sale.commissionCents;
    byDimension.set(id, row);
  };
  const traffic: TrafficSaleDelta[] = [];
  for (const sale of batch) {
    const day = brasiliaDayOf(sale.createdAt.getTime());
    // The traffic breakdowns count approved sales that came with a click, under that click's traits.
    const approvalSign = (to === 'approved' ? 1 : 0) - (from === 'approved' ? 1 : 0);
    if (approvalSign !== 0 && sale.clickId && sale.linkId) {
      traffic.push({
        day,
        link_id: sale.linkId,
        traits_id: sale.clickTraitsId,
        network_id: sale.networkId ?? 0,
        utm_source: sale.utmSource,
        sales: approvalSign,
        commission_cents: approvalSign * sale.commissionCents,
      });
    }
    // Each affiliate's share in its own rows; a split sale counts once, for its owner.
    for (const share of sharesOf(sale)) {
      const id = `${day}|${share.affiliateId}|${sale.campaignId}`;
      const delta = deltas.get(id) ?? { day, affiliate_id: share.affiliateId, campaign_id: sale.campaignId };
      deltas.set(id, delta);
      const apply = (status: SaleStatus | null, sign: 1 | -1) => {
        if (status === 'pending') {
          delta.pending_sales = (delta.pending_sales ?? 0) + sign * share.sales;
          delta.pending_commission_cents = (delta.pending_commission_cents ?? 0) + sign * share.commissionCents;
        } else if (status === 'approved') {
          delta.approved_sales = (delta.approved_sales ?? 0) + sign * share.sales;
          delta.approved_amount_cents = (delta.approved_amount_cents ?? 0) + sign * share.amountCents;
          delta.approved_commission_cents = (delta.approved_commission_cents ?? 0) + sign * share.commissionCents;
        } else if (status === 'refunded') {
          delta.refunded_sales = (delta.refunded_sales ?? 0) + sign * share.sales;
        }
      };
      apply(from, -1);
      apply(to, 1);
    }
    // ...and out of its old status into the new one, in each dimension.
    for (const [dimension, key] of [
      ['payment_method', sale.paymentMethod],
      ['origin', sale.origin],
      ['utm_source', sale.utmSource],
      ['charge', chargeKeyOf(sale.chargeNumber)],
    ] as const) {
      if (from) addBy(day, dimension, key, from, -1, sale);
      addBy(day, dimension, key, to, 1, sale);
    }
  }
  // In key order, like the other rollups, so concurrent writers lock rows alike.
  const rows = [...byDimension.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  // Both rollups in one statement: the dimensions' upsert rides along as a data-modifying CTE.
  const [byHead, byTail] = ADD_BY_SQL.split('$1') as [string, string];
  const [head, tail] = ADD_SQL.replace(/^\s*with /, '').split('$1') as [string, string];
  const deltasJson = JSON.stringify([...deltas.values()].map((d) => ({ ...ZERO, ...d })));
  await tx.execute(
    sql`with by_dimension as (${sql.raw(byHead)}${JSON.stringify(rows)}${sql.raw(byTail)}), ${sql.raw(head)}${deltasJson}${sql.raw(tail)}`,
  );
  // After the rollups above: per link, then per network, as the click batch adds its clicks.
  if (traffic.length === 0) return;
  const query = addSalesTrafficQuery(traffic);
  const [before, after] = query.text.split('$1') as [string, string];
  await tx.execute(sql`${sql.raw(before)}${query.params[0]}${sql.raw(after)}`);
}
