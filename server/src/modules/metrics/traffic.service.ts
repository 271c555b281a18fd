import { resolvePeriod } from '@contract/calendar';
import type { ClickBreakdown, clickBreakdownQuerySchema } from '@contract/metrics';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, selectRows } from '../../db/client';

type Query = z.output<typeof clickBreakdownQuerySchema>;
/** Whose clicks: one affiliate's (an affiliate's own, or the one an admin chose), or the programme's. */
type Scope = { affiliateId?: number; networkId?: number; campaignId?: number; linkId?: number };

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
function labelOf(by: Query['by'], key: string): string {
  if (by !== 'country' || key === '') return key;
  try {
    return regionNames.of(key) ?? key;
  } catch {
    return key;
  }
}

function filters(scope: Scope) {
  const parts: SQL[] = [];
  if (scope.affiliateId) parts.push(sql` and t.affiliate_id = ${scope.affiliateId}`);
  if (scope.campaignId) parts.push(sql` and t.campaign_id = ${scope.campaignId}`);
  if (scope.linkId) parts.push(sql` and t.link_id = ${scope.linkId}`);
  if (scope.networkId) {
    parts.push(sql` and t.affiliate_id in (select id from affiliates where network_id = ${scope.networkId})`);
  }
  return sql.join(parts, sql``);
}

type Row = { key: string; clicks: number | string; sales: number | string; commission: number | string };

/**
 * The rows of a period: the programme's or a network's from `daily_traffic_by` (a network's clicks
 * and sales where they were made, decision 031), one affiliate's, campaign's or link's from the
 * per-link `daily_traffic` (a link's UTM source read through the link).
 */
function rowsOf(db: Db, scope: Scope, by: Query['by'], from: string, to: string) {
  const period = sql`t.day between ${from}::date and ${to}::date`;
  if (!scope.affiliateId && !scope.campaignId && !scope.linkId) {
    const network = scope.networkId ? sql` and t.network_id = ${scope.networkId}` : sql``;
    return selectRows<Row>(
      db,
      sql`select t.key, sum(t.clicks) as clicks, sum(t.sales) as sales, sum(t.commission_cents) as commission
        from daily_traffic_by t where t.dimension = ${by} and ${period}${network} group by 1`,
    );
  }
  // Every counted click and every sale with a click has exactly one device row: the UTM source sums those per link.
  const byLink = by === 'utm_source';
  return selectRows<Row>(
    db,
    sql`select ${byLink ? sql`l.utm_source` : sql`t.key`} as key, sum(t.clicks) as clicks, sum(t.sales) as sales,
        sum(t.commission_cents) as commission
      from daily_traffic t${byLink ? sql` join links l on l.id = t.link_id` : sql``}
      where t.dimension = ${byLink ? 'device' : by} and ${period}${filters(scope)} group by 1`,
  );
}

/**
 * Counted clicks of a period by one dimension, with the approved sales their clicks brought and
 * those sales' commission, from the traffic rollups (which keep every figure once the raw clicks
 * have aged out). Sales credited without a click (a coupon, an affiliate code) have no traffic to show.
 */
export async function getClickBreakdown(db: Db, scope: Scope, query: Query): Promise<ClickBreakdown> {
  const { from, to } = resolvePeriod(query);
  const items = (await rowsOf(db, scope, query.by, from, to))
    .map((row) => ({
      key: row.key,
      clicks: Number(row.clicks),
      sales: Number(row.sales),
      commission: Number(row.commission),
    }))
    .filter((row) => row.clicks !== 0 || row.sales !== 0)
    .map((row) => ({
      key: row.key,
      label: labelOf(query.by, row.key),
      clicks: row.clicks,
      sales: row.sales,
      conversion_bps: row.clicks > 0 ? Math.round((row.sales * 10_000) / row.clicks) : null,
      commission_cents: row.commission,
    }))
    .sort((a, b) => b.clicks - a.clicks || b.sales - a.sales || a.key.localeCompare(b.key));
  return { from, to, by: query.by, items };
}
