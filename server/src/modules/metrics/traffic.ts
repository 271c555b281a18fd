import type { TRAFFIC_DIMENSIONS } from '../../db/schema/stats';

// The traffic rollups (`daily_traffic`, `daily_traffic_by`): counted clicks and approved sales per
// day, link (or network) and value of each dimension. The click batch (tracking) and the sale writer
// add to them through the statements here.

/** Counted clicks of one (day, link, dimension, value), as the click batch adds them. */
export type TrafficDelta = {
  day: string;
  link_id: number;
  affiliate_id: number;
  campaign_id: number;
  dimension: (typeof TRAFFIC_DIMENSIONS)[number];
  key: string;
  clicks: number;
};

/** The `click_traits` column (aliased `ct`) each enrichment dimension reads. */
export const TRAIT_COLUMNS = {
  country: 'ct.country',
  device: 'ct.device',
  browser: 'ct.browser',
  os: 'ct.os',
  referrer: 'ct.referrer_host',
} as const;

/** A click's or a sale's value of each dimension, from its `click_traits` row (aliased `ct`, may be missing). */
export const traitValues = (more = '') =>
  `cross join lateral (values ${Object.entries(TRAIT_COLUMNS)
    .map(([dimension, column]) => `('${dimension}', coalesce(${column}, ''))`)
    .join(', ')}${more}) as d(dimension, key)`;
export const TRAIT_VALUES = traitValues();

/** A moment's Brasília day, as every rollup keys it. */
export const trafficDayOf = (column: string) => `((${column} at time zone 'UTC') - interval '3 hours')::date`;

/**
 * The per-link rows (a set `x` of daily_traffic's columns) summed into the programme's rows: in the
 * network the affiliate is in now (what a click's writer records, as it writes at the click), plus
 * the link's UTM source as one more dimension (every counted click has exactly one device row).
 */
export const PER_NETWORK_OF_LINK_ROWS = `
  select x.day, x.dimension, x.key, coalesce(a.network_id, 0) as network_id, x.clicks, x.sales, x.commission_cents
  from x join affiliates a on a.id = x.affiliate_id
  union all
  select x.day, 'utm_source', l.utm_source, coalesce(a.network_id, 0), x.clicks, x.sales, x.commission_cents
  from x join affiliates a on a.id = x.affiliate_id join links l on l.id = x.link_id
  where x.dimension = 'device'`;

/**
 * Upserts summed rows of `source` into `daily_traffic_by`, in key order like every rollup writer.
 * `after` names a CTE of the same statement to finish first: the per-link rows are always taken
 * before the programme's, by the click batch and the sale writer alike, so they never deadlock.
 */
export const addTrafficBy = (source: string, after?: string) => `
  insert into daily_traffic_by as d (day, dimension, key, network_id, clicks, sales, commission_cents)
  select day, dimension, key, network_id, sum(clicks), sum(sales), sum(commission_cents) from (${source}) y
  ${after ? `where (select count(*) from ${after}) >= 0` : ''}
  group by dimension, day, network_id, key order by dimension, day, network_id, key
  on conflict (dimension, day, network_id, key) do update set clicks = d.clicks + excluded.clicks,
    sales = d.sales + excluded.sales, commission_cents = d.commission_cents + excluded.commission_cents`;

/** The click batch's deltas, per link and then per network, in one statement. */
const ADD_TRAFFIC_SQL = `
  with x as materialized (
    select *, 0 as sales, 0::bigint as commission_cents
    from jsonb_to_recordset($1::jsonb) as x(day date, link_id bigint, affiliate_id bigint, campaign_id bigint,
      dimension text, key text, clicks int)
  ),
  per_link as (
    insert into daily_traffic as d (day, link_id, affiliate_id, campaign_id, dimension, key, clicks)
    select day, link_id, affiliate_id, campaign_id, dimension, key, clicks from x
    order by day, link_id, dimension, key
    on conflict (day, link_id, dimension, key) do update set clicks = d.clicks + excluded.clicks
    returning 1
  )
  ${addTrafficBy(PER_NETWORK_OF_LINK_ROWS, 'per_link')}`;

/** The statement and its parameter that add these deltas (for drivers used without Drizzle). */
export function addTrafficQuery(deltas: TrafficDelta[]) {
  return { text: ADD_TRAFFIC_SQL, params: [JSON.stringify(deltas)] };
}

/** Counted clicks per (day, link, dimension, value), from the clicks (a rebuild's click half). */
export const COUNTED_CLICKS_PER_LINK_ROWS = `
    select c.day, c.link_id, c.affiliate_id, c.campaign_id, d.dimension, d.key,
      sum(c.clicks) as clicks, 0 as sales, 0 as commission_cents
    -- Summed per traits first: each dimension then fans out a few rows per link and day, not one per click.
    from (
      select ${trafficDayOf('at')} as day, link_id, affiliate_id, campaign_id, traits_id, count(*) as clicks
      from clicks where not is_bot and not is_repeat group by 1, 2, 3, 4, 5
    ) c
    left join click_traits ct on ct.id = c.traits_id
    ${TRAIT_VALUES}
    group by 1, 2, 3, 4, 5, 6`;
