import { brasiliaDayOf } from '@contract/calendar';
import { TRAFFIC_DIMENSIONS } from '../../db/schema/stats';
import { addStatsQuery } from '../metrics/daily-stats';
import { addTrafficQuery, type TrafficDelta } from '../metrics/traffic';
import { type ClickEnrichment, ENRICHED_VALUE } from './click-enrichment';
import type { FloodWindow } from './click-rules';

// What a click batch adds to the rollups, worked out once for both engines. The rollups' own
// statements are metrics' (the sale writer adds to the same tables); tracking writes through them and
// metrics imports nothing of tracking.

/**
 * One statement of the click batch, the same SQL on both engines. `prepareAs` names a statement
 * that takes one jsonb parameter and runs every batch: an engine that parses on the server's own
 * thread (PGlite) prepares it once per session.
 */
export type Statement = { text: string; params: string[]; prepareAs?: string };

/**
 * A click's Brasília day, as the rollups key it, for clicks arriving in time order: the day changes
 * once a day, so it is worked out again only when the minute changes.
 */
export function dayOfClicks(): (at: number) => string {
  let dayMinute = Number.NaN;
  let day = '';
  return (at) => {
    const minute = Math.floor(at / 60_000);
    if (minute !== dayMinute) {
      dayMinute = minute;
      day = brasiliaDayOf(at);
    }
    return day;
  };
}

/** A counted click's rollup key, kept beside its row until the batch is written. */
export const rollupKeyOf = (day: string, click: { affiliateId: number; campaignId: number; linkId: number }) =>
  `${day}|${click.affiliateId}|${click.campaignId}|${click.linkId}`;

/** Counted clicks per (day, affiliate, campaign, link), from the batch's rollup keys ('' for a click that does not count). */
export function clickDeltas(keys: string[]) {
  const counts = new Map<string, number>();
  for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, clicks]) => {
    const [day = '', affiliate = '0', campaign = '0', link = '0'] = key.split('|');
    return { day, affiliate_id: Number(affiliate), campaign_id: Number(campaign), link_id: Number(link), clicks };
  });
}

/** The batch's counted clicks summed per (day, link, dimension, value): the rows of `daily_traffic` it adds to. */
export function trafficDeltas(keys: string[], enrichments: ClickEnrichment[]): TrafficDelta[] {
  // Counted first per key and enrichment (a batch has few of each, and its enrichments are shared
  // entries): no string is made per click, only per combination.
  const byKey = new Map<string, Map<ClickEnrichment, number>>();
  keys.forEach((key, i) => {
    if (!key) return;
    const enrichment = enrichments[i] as ClickEnrichment;
    let counts = byKey.get(key);
    if (!counts) {
      counts = new Map();
      byKey.set(key, counts);
    }
    counts.set(enrichment, (counts.get(enrichment) ?? 0) + 1);
  });
  const sums = new Map<string, TrafficDelta>();
  for (const [key, counts] of byKey) {
    const [day = '', affiliate = '0', campaign = '0', link = '0'] = key.split('|');
    for (const [enrichment, clicks] of counts) {
      for (const dimension of TRAFFIC_DIMENSIONS) {
        const value = ENRICHED_VALUE[dimension](enrichment);
        const id = `${key}|${dimension}|${value}`;
        const delta = sums.get(id);
        if (delta) delta.clicks += clicks;
        else {
          sums.set(id, {
            day,
            link_id: Number(link),
            affiliate_id: Number(affiliate),
            campaign_id: Number(campaign),
            dimension,
            key: value,
            clicks,
          });
        }
      }
    }
  }
  return [...sums.values()];
}

export type FloodDelta = { day: string; link_id: number; affiliate_id: number; ip_hash: string; clicks: number };

/** Flooded clicks per window and Brasília day (a window crossing midnight counts on both days). */
export function floodDeltas(
  clicks: { flood: FloodWindow | null; at: number }[],
  dayOf: (at: number) => string,
): FloodDelta[] {
  // By link, address and day: the report's row (each flooded click answers its window as it stood).
  const deltas = new Map<string, FloodDelta>();
  for (const { flood, at } of clicks) {
    if (!flood) continue;
    const day = dayOf(at);
    const key = `${flood.linkId}|${flood.ipHash}|${day}`;
    const delta = deltas.get(key);
    if (delta) delta.clicks += 1;
    else {
      deltas.set(key, {
        day,
        link_id: flood.linkId,
        affiliate_id: flood.affiliateId,
        ip_hash: flood.ipHash,
        clicks: 1,
      });
    }
  }
  return [...deltas.values()];
}

/** Flooded clicks per day, link and address, added to the fraud report in the batch's transaction. */
const ADD_FLOODS_SQL = `
  insert into click_floods as f (day, link_id, affiliate_id, ip_hash, clicks)
  select day, link_id, affiliate_id, ip_hash, clicks
  from jsonb_to_recordset($1::jsonb) as x(day date, link_id bigint, affiliate_id bigint, ip_hash text, clicks int)
  order by day, link_id, ip_hash
  on conflict (day, link_id, ip_hash) do update set clicks = f.clicks + excluded.clicks`;

/**
 * The batch's rollup statements, run after its rows in the same transaction: its counted clicks by
 * day, affiliate, campaign and link (one statement), by traffic dimension per link then per network
 * (one statement, decision 031), and its flooded clicks when there are any. `keys` are final: the
 * check across servers has already blanked the visits another server counted.
 */
export function clickRollupStatements(
  keys: string[],
  enrichments: ClickEnrichment[],
  floods: FloodDelta[],
): Statement[] {
  const statements: Statement[] = [];
  const deltas = clickDeltas(keys);
  if (deltas.length > 0) {
    statements.push({ ...addStatsQuery(deltas), prepareAs: 'add_click_stats' });
    statements.push({ ...addTrafficQuery(trafficDeltas(keys, enrichments)), prepareAs: 'add_click_traffic' });
  }
  if (floods.length > 0) statements.push({ text: ADD_FLOODS_SQL, params: [JSON.stringify(floods)] });
  return statements;
}
