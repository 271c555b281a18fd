import { resolvePeriod } from '@contract/calendar';
import type { ClickBreakdown, clickBreakdownQuerySchema } from '@contract/metrics';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, selectRows } from '../../db/client';
import { TRAIT_COLUMNS, trafficDayOf } from './traffic';

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
  const rollup = sql`select ${byLink ? sql`l.utm_source` : sql`t.key`} as key, sum(t.clicks) as clicks,
      sum(t.sales) as sales, sum(t.commission_cents) as commission
    from daily_traffic t${byLink ? sql` join links l on l.id = t.link_id` : sql``}
    where t.dimension = ${byLink ? 'device' : by} and ${period}${filters(scope)} group by 1`;
  const shared = sharedSalesOf(scope, by, from, to);
  if (!shared) return selectRows<Row>(db, rollup);
  return selectRows<Row>(
    db,
    sql`select key, sum(clicks) as clicks, sum(sales) as sales, sum(commission) as commission
      from (${rollup} union all ${shared}) x group by 1`,
  );
}

/**
 * An affiliate's or a link's split sales shared as the first click's (docs/decisions/021): the
 * rollup keeps their commission on the first click's link without the sale's count (a campaign's
 * links count each sale once), so these breakdowns add the count, under the traits of the click
 * the sale came with, as the affiliate's home does. A campaign's or the programme's count each once.
 */
function sharedSalesOf(scope: Scope, by: Query['by'], from: string, to: string): SQL | null {
  if (!scope.linkId && !scope.affiliateId) return null;
  // The same scope as the rollup's rows, read on the first click's side of the sale.
  const parts: SQL[] = [];
  if (scope.affiliateId) parts.push(sql` and s.shared_affiliate_id = ${scope.affiliateId}`);
  if (scope.campaignId) parts.push(sql` and s.campaign_id = ${scope.campaignId}`);
  if (scope.linkId) parts.push(sql` and s.shared_link_id = ${scope.linkId}`);
  if (scope.networkId) {
    parts.push(sql` and s.shared_affiliate_id in (select id from affiliates where network_id = ${scope.networkId})`);
  }
  const key = by === 'utm_source' ? sql`l.utm_source` : sql.raw(TRAIT_COLUMNS[by]);
  const day = sql.raw(trafficDayOf('s.created_at'));
  return sql`select coalesce(${key}, '') as key, 0 as clicks, count(*) as sales, 0 as commission
    from sales s join links l on l.id = s.shared_link_id left join click_traits ct on ct.id = s.click_traits_id
    where s.status = 'approved' and s.click_id is not null and ${day} between ${from}::date and ${to}::date
      ${sql.join(parts, sql``)}
    group by 1`;
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
