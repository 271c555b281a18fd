import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { every } from '../../jobs/lease';
import { FIGURES, upsertFigures } from './rollup-upserts';
import {
  REBUILD_DAILY_SALES_BY,
  REBUILD_DAILY_STATS,
  REBUILD_DAILY_TRAFFIC,
  REBUILD_DAILY_TRAFFIC_BY,
} from './sale-rollups';

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
  by_campaign as (${upsertFigures('daily_campaign_stats', ['day', 'campaign_id'], 'x')}),
  by_link as (
    insert into link_stats as d (link_id, clicks)
    select link_id, sum(clicks) from x where link_id is not null group by link_id order by link_id
    on conflict (link_id) do update set clicks = d.clicks + excluded.clicks
  )
  ${upsertFigures('daily_stats_recent', ['day', 'affiliate_id', 'campaign_id'], 'x')}`;

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
  by_affiliate as (${upsertFigures('daily_affiliate_stats', ['day', 'affiliate_id'], 'x')})
  ${upsertFigures('daily_stats', ['day', 'affiliate_id', 'campaign_id'], 'x')}`;

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
