import { TRAFFIC_DIMENSIONS } from '../../db/schema/stats';

// The traffic rollup (`daily_traffic`): counted clicks per day, link and value of each dimension.

/**
 * What the rollup reads of a click's enrichment (tracking's `ClickEnrichment` has this shape): named
 * here so the rollups, below tracking, do not import it.
 */
type ClickEnrichment = {
  country: { code: string };
  agent: { device: string; browser: string; os: string };
  referrer: { host: string };
};

/** The value of each traffic dimension, as the rollup keys it. */
const ENRICHED_VALUE = {
  country: (e: ClickEnrichment) => e.country.code,
  device: (e: ClickEnrichment) => e.agent.device,
  browser: (e: ClickEnrichment) => e.agent.browser,
  os: (e: ClickEnrichment) => e.agent.os,
  referrer: (e: ClickEnrichment) => e.referrer.host,
};

type TrafficDelta = {
  day: string;
  link_id: number;
  affiliate_id: number;
  campaign_id: number;
  dimension: (typeof TRAFFIC_DIMENSIONS)[number];
  key: string;
  clicks: number;
};

/**
 * The batch's counted clicks summed per (day, link, dimension, value). `keys` are the click buffer's
 * rollup keys ("day|affiliate|campaign|link", '' for a click that does not count).
 */
export function trafficDeltas(keys: string[], enrichments: ClickEnrichment[]): TrafficDelta[] {
  const sums = new Map<string, TrafficDelta>();
  keys.forEach((key, i) => {
    if (!key) return;
    const enrichment = enrichments[i] as ClickEnrichment;
    for (const dimension of TRAFFIC_DIMENSIONS) {
      const value = ENRICHED_VALUE[dimension](enrichment);
      const id = `${key}|${dimension}|${value}`;
      const delta = sums.get(id);
      if (delta) delta.clicks += 1;
      else {
        const [day = '', affiliate = '0', campaign = '0', link = '0'] = key.split('|');
        sums.set(id, {
          day,
          link_id: Number(link),
          affiliate_id: Number(affiliate),
          campaign_id: Number(campaign),
          dimension,
          key: value,
          clicks: 1,
        });
      }
    }
  });
  return [...sums.values()];
}

/** A click's or a sale's value of each dimension, from its `click_traits` row (aliased `ct`, may be missing). */
const traitValues = (more = '') => `cross join lateral (values ('country', coalesce(ct.country, '')),
    ('device', coalesce(ct.device, '')), ('browser', coalesce(ct.browser, '')), ('os', coalesce(ct.os, '')),
    ('referrer', coalesce(ct.referrer_host, ''))${more}) as d(dimension, key)`;
const TRAIT_VALUES = traitValues();

/** A moment's Brasília day, as every rollup keys it. */
const dayOf = (column: string) => `((${column} at time zone 'UTC') - interval '3 hours')::date`;

/**
 * The per-link rows (a set `x` of daily_traffic's columns) summed into the programme's rows: in the
 * network the affiliate is in now (what a click's writer records, as it writes at the click), plus
 * the link's UTM source as one more dimension (every counted click has exactly one device row).
 */
const PER_NETWORK_OF_LINK_ROWS = `
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
const addTrafficBy = (source: string, after?: string) => `
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

/** A sale that came with a click, entering (+1) or leaving (−1) approval, as the traffic rollups count it. */
export type TrafficSaleDelta = {
  day: string;
  link_id: number;
  traits_id: number | null;
  network_id: number;
  utm_source: string;
  sales: number;
  commission_cents: number;
};

/**
 * Approved sales per link (the sale's click's traits, the link's affiliate and campaign: the
 * sale's own), then per network the sale was recorded in, with the sale's UTM source (its link's).
 */
const ADD_SALES_TRAFFIC_SQL = `
  with s as materialized (
    select x.day, x.link_id, l.affiliate_id, l.campaign_id, x.network_id, x.utm_source, d.dimension, d.key,
      x.sales, x.commission_cents
    from jsonb_to_recordset($1::jsonb) as x(day date, link_id bigint, traits_id int, network_id bigint,
      utm_source text, sales int, commission_cents bigint)
    join links l on l.id = x.link_id
    left join click_traits ct on ct.id = x.traits_id
    ${TRAIT_VALUES}
  ),
  per_link as (
    insert into daily_traffic as d (day, link_id, affiliate_id, campaign_id, dimension, key, sales, commission_cents)
    select day, link_id, affiliate_id, campaign_id, dimension, key, sum(sales), sum(commission_cents) from s
    group by day, link_id, affiliate_id, campaign_id, dimension, key order by day, link_id, dimension, key
    on conflict (day, link_id, dimension, key) do update set sales = d.sales + excluded.sales,
      commission_cents = d.commission_cents + excluded.commission_cents
    returning 1
  )
  ${addTrafficBy(
    `select day, dimension, key, network_id, 0 as clicks, sales, commission_cents from s
    union all
    select day, 'utm_source', utm_source, network_id, 0, sales, commission_cents from s where dimension = 'device'`,
    'per_link',
  )}`;

export const addSalesTrafficQuery = (deltas: TrafficSaleDelta[]) => ({
  text: ADD_SALES_TRAFFIC_SQL,
  params: [JSON.stringify(deltas)],
});

/** Approved sales that came with a click, per (day, link, dimension, value), from the sales. */
const APPROVED_SALES_WITH_A_CLICK_PER_LINK = `
    select ${dayOf('s.created_at')}, s.link_id, l.affiliate_id, l.campaign_id, d.dimension, d.key,
      0, count(*), sum(s.commission_cents)
    from sales s
    join links l on l.id = s.link_id
    left join click_traits ct on ct.id = s.click_traits_id
    ${TRAIT_VALUES}
    where s.status = 'approved' and s.click_id is not null
    group by 1, 2, 3, 4, 5, 6`;

/**
 * The per-link traffic rollup recomputed from the clicks and the approved sales that came with one
 * (seeds, and the check that it equals the increments).
 */
export const REBUILD_DAILY_TRAFFIC = `
  insert into daily_traffic (day, link_id, affiliate_id, campaign_id, dimension, key, clicks, sales, commission_cents)
  select day, link_id, affiliate_id, campaign_id, dimension, key, sum(clicks), sum(sales), sum(commission_cents)
  from (
    select c.day, c.link_id, c.affiliate_id, c.campaign_id, d.dimension, d.key,
      sum(c.clicks) as clicks, 0 as sales, 0 as commission_cents
    -- Summed per traits first: each dimension then fans out a few rows per link and day, not one per click.
    from (
      select ${dayOf('at')} as day, link_id, affiliate_id, campaign_id, traits_id, count(*) as clicks
      from clicks where not is_bot and not is_repeat group by 1, 2, 3, 4, 5
    ) c
    left join click_traits ct on ct.id = c.traits_id
    ${TRAIT_VALUES}
    group by 1, 2, 3, 4, 5, 6
    union all
    ${APPROVED_SALES_WITH_A_CLICK_PER_LINK}
  ) y
  group by 1, 2, 3, 4, 5, 6
  -- In key order: a large rebuild then appends to the primary key instead of writing all over it.
  order by 1, 2, 5, 6`;

/**
 * The programme's traffic rollup recomputed after `daily_traffic` was: its clicks from the per-link
 * rows, in the network each affiliate is in now (a rebuild cannot know where it was at the click),
 * and its sales from the sales, in the network each was recorded in.
 */
export const REBUILD_DAILY_TRAFFIC_BY = addTrafficBy(`
  with x as (select day, link_id, affiliate_id, dimension, key, clicks, 0 as sales, 0::bigint as commission_cents
    from daily_traffic where clicks > 0)
  ${PER_NETWORK_OF_LINK_ROWS}
  union all
  select ${dayOf('s.created_at')}, d.dimension, d.key, coalesce(s.network_id, 0), 0, 1, s.commission_cents
  from sales s
  left join click_traits ct on ct.id = s.click_traits_id
  ${traitValues(", ('utm_source', s.utm_source)")}
  where s.status = 'approved' and s.click_id is not null and s.link_id is not null`);
