import { SALE_STATUSES } from '@contract/sales';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, date, index, integer, pgTable, pgView, primaryKey, text } from 'drizzle-orm/pg-core';

/** What every rollup of clicks and sales keeps per row. */
const figureColumns = () => ({
  /** Counted clicks (no bots, no repeats). */
  clicks: integer('clicks').notNull().default(0),
  pendingSales: integer('pending_sales').notNull().default(0),
  pendingCommissionCents: bigint('pending_commission_cents', { mode: 'number' }).notNull().default(0),
  approvedSales: integer('approved_sales').notNull().default(0),
  approvedAmountCents: bigint('approved_amount_cents', { mode: 'number' }).notNull().default(0),
  approvedCommissionCents: bigint('approved_commission_cents', { mode: 'number' }).notNull().default(0),
  refundedSales: integer('refunded_sales').notNull().default(0),
});
type Figures = { [K in keyof ReturnType<typeof figureColumns>]: AnyPgColumn };

/** The figures as index key columns, so an index can answer a period's sums alone (Drizzle has no INCLUDE). */
const figuresInIndex = (t: Figures) =>
  [
    t.clicks,
    t.pendingSales,
    t.pendingCommissionCents,
    t.approvedSales,
    t.approvedAmountCents,
    t.approvedCommissionCents,
    t.refundedSales,
  ] as const;

/**
 * Each affiliate's clicks and sales per Brasília day and campaign, kept current in the same
 * transaction as the clicks and sales it sums (DESIGN.md §6): the metrics read this, never a cache.
 * Sales count on the day they were recorded, in the status they are in now.
 */
export const dailyStats = pgTable(
  'daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    affiliateId: bigint('affiliate_id', { mode: 'number' }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    ...figureColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.affiliateId, t.campaignId] }),
    // One affiliate's or one network's rows of a period, answered from the index alone.
    index('daily_stats_affiliate_day_idx').on(t.affiliateId, t.day, t.campaignId, ...figuresInIndex(t)),
    // A campaign's results per affiliate, all time.
    index('daily_stats_campaign_idx').on(t.campaignId, t.affiliateId),
  ],
);

/**
 * The latest increments of `daily_stats` and `daily_affiliate_stats`, not yet merged into them
 * (docs/decisions/017). Clicks and sales add here: its only index is the key, so an increment
 * updates its row in place (HOT) and takes no covering index; those two tables keep their covering
 * indexes for reading, changed once a second by the merge (`mergeRecentStats`). Read them through
 * `daily_stats_now` and `daily_affiliate_stats_now`, which add this table to them.
 */
export const dailyStatsRecent = pgTable(
  'daily_stats_recent',
  {
    day: date('day', { mode: 'string' }).notNull(),
    affiliateId: bigint('affiliate_id', { mode: 'number' }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    ...figureColumns(),
  },
  (t) => [primaryKey({ columns: [t.day, t.affiliateId, t.campaignId] })],
);

/** `daily_stats` with the increments not merged yet: rows to sum, a key may appear twice. */
export const dailyStatsNow = pgView('daily_stats_now', {
  day: date('day', { mode: 'string' }).notNull(),
  affiliateId: bigint('affiliate_id', { mode: 'number' }).notNull(),
  campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
  ...figureColumns(),
}).existing();

/**
 * The same figures for the whole programme per day and campaign (~50 rows a day where `daily_stats`
 * has thousands): the programme-wide series, campaign tables and totals read this. Kept in the same
 * statement as `daily_stats`.
 */
export const dailyCampaignStats = pgTable(
  'daily_campaign_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    ...figureColumns(),
  },
  (t) => [primaryKey({ columns: [t.day, t.campaignId] })],
);

/**
 * The same figures per day and affiliate, across campaigns: top affiliates, active affiliates and
 * one network's totals read this.
 */
export const dailyAffiliateStats = pgTable(
  'daily_affiliate_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    affiliateId: bigint('affiliate_id', { mode: 'number' }).notNull(),
    ...figureColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.affiliateId] }),
    // Who was active in a period (a click or a sale that counts), from the index alone.
    index('daily_affiliate_stats_active_idx')
      .on(t.day, t.affiliateId)
      .where(sql`${t.clicks} > 0 or ${t.pendingSales} > 0 or ${t.approvedSales} > 0 or ${t.refundedSales} > 0`),
    // One network's members over a period, from the index alone.
    index('daily_affiliate_stats_affiliate_day_idx').on(t.affiliateId, t.day, ...figuresInIndex(t)),
  ],
);

/** `daily_affiliate_stats` with the increments not merged yet: rows to sum, a key may appear many times. */
export const dailyAffiliateStatsNow = pgView('daily_affiliate_stats_now', {
  day: date('day', { mode: 'string' }).notNull(),
  affiliateId: bigint('affiliate_id', { mode: 'number' }).notNull(),
  ...figureColumns(),
}).existing();

/**
 * Sales per Brasília day by one of their dimensions (payment_method, origin, utm_source) and status,
 * kept current with every sale step, per network the sales were recorded in. Every sale is in each
 * dimension once; the programme's and a network's sales breakdowns read this, never the sales.
 */
export const dailySalesBy = pgTable(
  'daily_sales_by',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** `charge` keys a sale `new` or `recurring` (a subscription's renewal). */
    dimension: text('dimension', { enum: ['payment_method', 'origin', 'utm_source', 'charge'] }).notNull(),
    key: text('key').notNull(),
    status: text('status', { enum: SALE_STATUSES }).notNull(),
    sales: integer('sales').notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull().default(0),
    /** The sales' network when recorded (`sales.network_id`), 0 for none: a network's breakdowns read only its rows. */
    networkId: bigint('network_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key, t.status, t.networkId] })],
);

export const TRAFFIC_DIMENSIONS = ['country', 'device', 'browser', 'os', 'referrer'] as const;

/** What both traffic rollups keep per row. */
const trafficFigureColumns = () => ({
  /** Counted clicks (no bots, no repeats). */
  clicks: integer('clicks').notNull().default(0),
  /**
   * Approved sales that came with a click, counted on their Brasília day under their click's value of
   * the dimension (decision 031): added when a sale is approved, taken back when it leaves approval.
   */
  sales: integer('sales').notNull().default(0),
  /** Those sales' whole commission (a split sale's too, as the sale counts once). */
  commissionCents: bigint('commission_cents', { mode: 'number' }).notNull().default(0),
});

/**
 * Counted clicks per Brasília day, link and value of each traffic dimension (country, device,
 * browser, operating system, referrer host), kept in the click batch's transaction, with the approved
 * sales those clicks brought: the traffic breakdowns of an affiliate, a campaign or a link read this,
 * never the clicks or the sales. The link gives affiliate and campaign; they are kept here so a
 * filter on either needs no join.
 */
export const dailyTraffic = pgTable(
  'daily_traffic',
  {
    day: date('day', { mode: 'string' }).notNull(),
    linkId: bigint('link_id', { mode: 'number' }).notNull(),
    affiliateId: bigint('affiliate_id', { mode: 'number' }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
    dimension: text('dimension', { enum: TRAFFIC_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    ...trafficFigureColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.linkId, t.dimension, t.key] }),
    index('daily_traffic_affiliate_idx').on(t.affiliateId, t.dimension, t.day),
    index('daily_traffic_campaign_idx').on(t.campaignId, t.dimension, t.day),
  ],
);

/** The programme's traffic dimensions: the link's UTM source is one more (a link's is read through the link). */
export const PROGRAMME_TRAFFIC_DIMENSIONS = [...TRAFFIC_DIMENSIONS, 'utm_source'] as const;

/**
 * The same figures for the whole programme per Brasília day, dimension and value, and per network
 * the clicks and sales were made in (0 for none; decision 031): the programme's and a network's
 * traffic breakdowns read a few thousand rows here where `daily_traffic` has one per link. Kept in
 * the same statements as `daily_traffic`.
 */
export const dailyTrafficBy = pgTable(
  'daily_traffic_by',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: PROGRAMME_TRAFFIC_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    networkId: bigint('network_id', { mode: 'number' }).notNull().default(0),
    ...trafficFigureColumns(),
  },
  // Dimension first: a breakdown reads one dimension over a period.
  (t) => [primaryKey({ columns: [t.dimension, t.day, t.networkId, t.key] })],
);

/** Each link's counted clicks of all time, for the links table; kept in the click batch's statement. */
export const linkStats = pgTable('link_stats', {
  linkId: bigint('link_id', { mode: 'number' }).primaryKey(),
  clicks: integer('clicks').notNull().default(0),
});
