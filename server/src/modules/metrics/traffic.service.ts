import type { ClickBreakdown, clickBreakdownQuerySchema } from '@contract/metrics';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, selectRows } from '../../db/client';
import { resolvePeriod } from './dashboard.service';

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

/** The clicks' column per dimension, and the sales' own column for the UTM source (the link's). */
const CLICK_COLUMN: Record<Exclude<Query['by'], 'utm_source'>, SQL> = {
  country: sql`coalesce(ct.country, '')`,
  device: sql`coalesce(ct.device, '')`,
  browser: sql`coalesce(ct.browser, '')`,
  os: sql`coalesce(ct.os, '')`,
  referrer: sql`coalesce(ct.referrer_host, '')`,
};

function filters(scope: Scope, table: SQL) {
  const parts: SQL[] = [];
  if (scope.affiliateId) parts.push(sql` and ${table}.affiliate_id = ${scope.affiliateId}`);
  if (scope.campaignId) parts.push(sql` and ${table}.campaign_id = ${scope.campaignId}`);
  if (scope.linkId) parts.push(sql` and ${table}.link_id = ${scope.linkId}`);
  if (scope.networkId) {
    parts.push(sql` and ${table}.affiliate_id in (select id from affiliates where network_id = ${scope.networkId})`);
  }
  return sql.join(parts, sql``);
}

const rows = selectRows;

/**
 * Counted clicks of a period by one dimension, with the approved sales their clicks brought and
 * those sales' commission. Clicks come from the traffic rollup; sales from the sales of the period
 * with what their click was enriched with, kept on the sale (so the figures outlive the raw clicks). Sales credited without a click (a coupon, an affiliate code) have no traffic to show.
 */
export async function getClickBreakdown(db: Db, scope: Scope, query: Query): Promise<ClickBreakdown> {
  const { from, to, start, end } = resolvePeriod(query);
  const trafficFilter = filters(scope, sql`t`);
  const salesFilter = filters(scope, sql`s`);
  // Every counted click has exactly one device row: the UTM source (a link's) sums those per link.
  const clickRows =
    query.by === 'utm_source'
      ? rows<{ key: string; clicks: number | string }>(
          db,
          sql`select l.utm_source as key, sum(t.clicks) as clicks
            from daily_traffic t join links l on l.id = t.link_id
            where t.dimension = 'device' and t.day between ${from}::date and ${to}::date${trafficFilter}
            group by 1`,
        )
      : rows<{ key: string; clicks: number | string }>(
          db,
          sql`select t.key, sum(t.clicks) as clicks from daily_traffic t
            where t.dimension = ${query.by} and t.day between ${from}::date and ${to}::date${trafficFilter}
            group by 1`,
        );
  const saleKey = query.by === 'utm_source' ? sql`s.utm_source` : CLICK_COLUMN[query.by];
  const saleRows = rows<{ key: string; sales: number | string; commission: number | string }>(
    db,
    sql`select ${saleKey} as key, count(*) as sales, sum(s.commission_cents) as commission
      from sales s left join click_traits ct on ct.id = s.click_traits_id
      where s.status = 'approved' and s.click_id is not null and s.created_at >= ${start.toISOString()}::timestamptz
        and s.created_at < ${end.toISOString()}::timestamptz${salesFilter}
      group by 1`,
  );
  const byKey = new Map<string, ClickBreakdown['items'][number]>();
  const itemOf = (key: string) => {
    let item = byKey.get(key);
    if (!item) {
      item = { key, label: labelOf(query.by, key), clicks: 0, sales: 0, conversion_bps: null, commission_cents: 0 };
      byKey.set(key, item);
    }
    return item;
  };
  for (const row of await clickRows) itemOf(row.key).clicks = Number(row.clicks);
  for (const row of await saleRows) {
    const item = itemOf(row.key);
    item.sales = Number(row.sales);
    item.commission_cents = Number(row.commission);
  }
  const items = [...byKey.values()]
    .map((item) => ({
      ...item,
      conversion_bps: item.clicks > 0 ? Math.round((item.sales * 10_000) / item.clicks) : null,
    }))
    .sort((a, b) => b.clicks - a.clicks || b.sales - a.sales || a.key.localeCompare(b.key));
  return { from, to, by: query.by, items };
}
