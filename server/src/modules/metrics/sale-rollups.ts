import { FIGURES, upsertFigures } from './rollup-upserts';
import {
  addTrafficBy,
  COUNTED_CLICKS_PER_LINK_ROWS,
  trafficDayOf as dayOf,
  PER_NETWORK_OF_LINK_ROWS,
  TRAIT_VALUES,
  traitValues,
} from './traffic';

/*
 * The one rollup rule of sales (docs/decisions/032). A set of sales is read as signed rows: each
 * sale leaves the status it was in (−1) and enters the one it is in now (+1). A sale step reads the
 * sales it changed (`from_status` what they were, null for a new sale); a rebuild reads every sale
 * as new. Every rollup of sales is a sum over these rows, so the writers' deltas and a rebuild
 * cannot disagree.
 */

/** Every sale, as a rebuild reads it: entering the status it is in from none. */
export const EVERY_SALE = '(select sales.*, null::text as from_status from sales)';

/** The signed rows of a set of sales (a relation with the columns of `sales` and `from_status`). */
export const signedSales = (source: string) => `
  select s.*, v.sign, v.in_status
  from ${source} s
  cross join lateral (values (-1, s.from_status::text), (1, s.status::text)) as v(sign, in_status)
  where v.in_status is not null`;

/**
 * A sale's shares, as each affiliate's rollups and ledger count them (docs/decisions/021): the
 * owner's with the sale's count, a split sale's first affiliate's with none, so the shares of a sale
 * add up to it once. Rows whose `sh.affiliate_id` is null are to be left out by the caller.
 */
export const SHARES_OF_SALE = `cross join lateral (values
      (s.affiliate_id, 1, s.amount_cents - s.shared_amount_cents, s.commission_cents - s.shared_commission_cents),
      (s.shared_affiliate_id, 0, s.shared_amount_cents, s.shared_commission_cents)
    ) as sh(affiliate_id, n, amount_cents, commission_cents)`;

const inStatus = (status: string, value: string) =>
  `sum(case when s.in_status = '${status}' then s.sign * ${value} else 0 end)`;

/** Per (day, affiliate, campaign): the columns of `daily_stats` (no clicks) a set of signed rows adds. */
export const saleStatsRows = (signed: string) => `
  select ${dayOf('s.created_at')} as day, sh.affiliate_id, s.campaign_id, 0 as clicks,
    ${inStatus('pending', 'sh.n')}::int as pending_sales,
    ${inStatus('pending', 'sh.commission_cents')}::bigint as pending_commission_cents,
    ${inStatus('approved', 'sh.n')}::int as approved_sales,
    ${inStatus('approved', 'sh.amount_cents')}::bigint as approved_amount_cents,
    ${inStatus('approved', 'sh.commission_cents')}::bigint as approved_commission_cents,
    ${inStatus('refunded', 'sh.n')}::int as refunded_sales
  from (${signed}) s ${SHARES_OF_SALE}
  where sh.affiliate_id is not null
  group by 1, 2, 3`;

/** A sale's key in the `charge` dimension: a subscription's renewal is recurring revenue. */
const CHARGE_KEY = `case when coalesce(s.charge_number, 1) > 1 then 'recurring' else 'new' end`;

/** Per (day, dimension, key, status, network): the columns of `daily_sales_by` a set of signed rows adds. */
export const saleDimensionRows = (signed: string) => `
  select ${dayOf('s.created_at')} as day, d.dimension, d.key, s.in_status as status,
    coalesce(s.network_id, 0) as network_id, sum(s.sign)::int as sales,
    sum(s.sign * s.amount_cents)::bigint as amount_cents, sum(s.sign * s.commission_cents)::bigint as commission_cents
  from (${signed}) s
  cross join lateral (values ('payment_method', s.payment_method), ('origin', s.origin),
    ('utm_source', s.utm_source), ('charge', ${CHARGE_KEY})) as d(dimension, key)
  group by 1, 2, 3, 4, 5`;

/**
 * The traffic breakdowns count approved sales that came with a click, under that click's traits:
 * per link (the link's affiliate and campaign, the sale's own), the columns of `daily_traffic`. A
 * split sale's shares go to each affiliate's link as its shares go to their `daily_stats`
 * (SHARES_OF_SALE): the owner's link with the sale's count, the first click's with its commission
 * only, so a campaign's links add up to each sale once; an affiliate's or a link's breakdown adds
 * the split sales they share (traffic.service.ts).
 */
export const saleTrafficPerLinkRows = (signed: string) => `
  select ${dayOf('s.created_at')} as day, sh.link_id, l.affiliate_id, l.campaign_id, d.dimension, d.key,
    0 as clicks, sum(s.sign * sh.n)::int as sales, sum(s.sign * sh.commission_cents)::bigint as commission_cents
  from (${signed}) s
  cross join lateral (values (s.link_id, 1, s.commission_cents - s.shared_commission_cents),
    (s.shared_link_id, 0, s.shared_commission_cents)) as sh(link_id, n, commission_cents)
  join links l on l.id = sh.link_id
  left join click_traits ct on ct.id = s.click_traits_id
  ${TRAIT_VALUES}
  where s.in_status = 'approved' and s.click_id is not null
  group by 1, 2, 3, 4, 5, 6`;

/** ...and per network the sale was recorded in, with the sale's UTM source: the columns of `daily_traffic_by`. */
export const saleTrafficPerNetworkRows = (signed: string) => `
  select ${dayOf('s.created_at')} as day, d.dimension, d.key, coalesce(s.network_id, 0) as network_id,
    0 as clicks, sum(s.sign)::int as sales, sum(s.sign * s.commission_cents)::bigint as commission_cents
  from (${signed}) s
  left join click_traits ct on ct.id = s.click_traits_id
  ${traitValues(", ('utm_source', s.utm_source)")}
  where s.in_status = 'approved' and s.click_id is not null and s.link_id is not null
  group by 1, 2, 3, 4`;

const STEP_SIGNED = 'select * from step_signed';

/**
 * What a sale step adds to the sales rollups, as common table expressions of the step's one
 * statement, over the CTE `changed` it made (the sales as they are now, with `from_status`). Each
 * upsert goes in key order (and, below, the per-link traffic rows before the programme's, as the
 * click batch writes them), so concurrent writers never deadlock.
 */
export const SALE_STEP_ROLLUP_CTES = `
  step_signed as materialized (${signedSales('changed')}),
  step_stats as materialized (${saleStatsRows(STEP_SIGNED)}),
  step_by_campaign as (${upsertFigures('daily_campaign_stats', ['day', 'campaign_id'], 'step_stats')}),
  step_by_pair as (${upsertFigures('daily_stats_recent', ['day', 'affiliate_id', 'campaign_id'], 'step_stats')}),
  step_by_dimension as (
    insert into daily_sales_by as d (day, dimension, key, status, network_id, sales, amount_cents, commission_cents)
    select * from (${saleDimensionRows(STEP_SIGNED)}) y
    order by day, dimension, key, status, network_id
    on conflict (day, dimension, key, status, network_id) do update set
      sales = d.sales + excluded.sales,
      amount_cents = d.amount_cents + excluded.amount_cents,
      commission_cents = d.commission_cents + excluded.commission_cents
  )`;

/**
 * What a sale step adds to the traffic breakdowns, after SALE_STEP_ROLLUP_CTES (whose `step_signed`
 * it reads). They count approved sales only, so a step that neither enters nor leaves approval
 * (a pending sale recorded, a cancellation) leaves them out of its statement.
 */
export const SALE_STEP_TRAFFIC_CTES = `
  step_traffic_per_link as (
    insert into daily_traffic as d (day, link_id, affiliate_id, campaign_id, dimension, key, clicks, sales, commission_cents)
    select * from (${saleTrafficPerLinkRows(STEP_SIGNED)}) y
    order by day, link_id, dimension, key
    on conflict (day, link_id, dimension, key) do update set sales = d.sales + excluded.sales,
      commission_cents = d.commission_cents + excluded.commission_cents
    returning 1
  ),
  step_traffic_by as (${addTrafficBy(saleTrafficPerNetworkRows(STEP_SIGNED), 'step_traffic_per_link')})`;

/** `daily_stats` recomputed from the clicks and the sales (after a bulk load, and by migrations). */
export const REBUILD_DAILY_STATS = `
  insert into daily_stats (day, affiliate_id, campaign_id, ${FIGURES.join(', ')})
  select day, affiliate_id, campaign_id, ${FIGURES.map((f) => `sum(${f})`).join(', ')}
  from (
    select ${dayOf('at')} as day, affiliate_id, campaign_id,
      count(*) as clicks, 0 as pending_sales, 0 as pending_commission_cents, 0 as approved_sales,
      0 as approved_amount_cents, 0 as approved_commission_cents, 0 as refunded_sales
    from clicks where not is_bot and not is_repeat group by 1, 2, 3
    union all
    ${saleStatsRows(signedSales(EVERY_SALE))}
  ) x group by 1, 2, 3
  -- In key order: a large rebuild then appends to the primary key instead of writing all over it.
  order by 1, 2, 3`;

/** The sales rollup by dimension and network, recomputed from the sales. */
export const REBUILD_DAILY_SALES_BY = `
  insert into daily_sales_by (day, dimension, key, status, network_id, sales, amount_cents, commission_cents)
  ${saleDimensionRows(signedSales(EVERY_SALE))}`;

/**
 * The per-link traffic rollup recomputed from the clicks and the approved sales that came with one
 * (seeds, and the check that it equals the increments).
 */
export const REBUILD_DAILY_TRAFFIC = `
  insert into daily_traffic (day, link_id, affiliate_id, campaign_id, dimension, key, clicks, sales, commission_cents)
  select day, link_id, affiliate_id, campaign_id, dimension, key, sum(clicks), sum(sales), sum(commission_cents)
  from (
    ${COUNTED_CLICKS_PER_LINK_ROWS}
    union all
    ${saleTrafficPerLinkRows(signedSales(EVERY_SALE))}
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
  ${saleTrafficPerNetworkRows(signedSales(EVERY_SALE))}`);
