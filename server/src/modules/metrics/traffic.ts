import { TRAFFIC_DIMENSIONS } from '../../db/schema/stats';
import { type ClickEnrichment, ENRICHED_VALUE } from '../tracking/click-enrichment';

// The traffic rollup (`daily_traffic`): counted clicks per day, link and value of each dimension.

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

/** In key order, like every rollup writer, so concurrent batches lock rows alike and never deadlock. */
const ADD_TRAFFIC_SQL = `
  insert into daily_traffic as d (day, link_id, affiliate_id, campaign_id, dimension, key, clicks)
  select day, link_id, affiliate_id, campaign_id, dimension, key, clicks
  from jsonb_to_recordset($1::jsonb) as x(day date, link_id bigint, affiliate_id bigint, campaign_id bigint,
    dimension text, key text, clicks int)
  order by day, link_id, dimension, key
  on conflict (day, link_id, dimension, key) do update set clicks = d.clicks + excluded.clicks`;

/** The statement and its parameter that add these deltas (for drivers used without Drizzle). */
export function addTrafficQuery(deltas: TrafficDelta[]) {
  return { text: ADD_TRAFFIC_SQL, params: [JSON.stringify(deltas)] };
}

/** The traffic rollup recomputed from the clicks (seeds, and the check that it equals the increments). */
export const REBUILD_DAILY_TRAFFIC = `
  insert into daily_traffic (day, link_id, affiliate_id, campaign_id, dimension, key, clicks)
  select ((c.at at time zone 'UTC') - interval '3 hours')::date, c.link_id, c.affiliate_id, c.campaign_id,
    d.dimension, d.key, count(*)
  from clicks c
  left join click_traits t on t.id = c.traits_id
  cross join lateral (values ('country', coalesce(t.country, '')), ('device', coalesce(t.device, '')),
    ('browser', coalesce(t.browser, '')), ('os', coalesce(t.os, '')), ('referrer', coalesce(t.referrer_host, '')))
    as d(dimension, key)
  where not c.is_bot and not c.is_repeat
  group by 1, 2, 3, 4, 5, 6`;
