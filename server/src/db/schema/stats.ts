import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

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
    /** Counted clicks (no bots, no repeats). */
    clicks: integer('clicks').notNull().default(0),
    pendingSales: integer('pending_sales').notNull().default(0),
    pendingCommissionCents: bigint('pending_commission_cents', { mode: 'number' }).notNull().default(0),
    approvedSales: integer('approved_sales').notNull().default(0),
    approvedAmountCents: bigint('approved_amount_cents', { mode: 'number' }).notNull().default(0),
    approvedCommissionCents: bigint('approved_commission_cents', { mode: 'number' }).notNull().default(0),
    refundedSales: integer('refunded_sales').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.affiliateId, t.campaignId] }),
    index('daily_stats_affiliate_day_idx').on(t.affiliateId, t.day),
  ],
);

/**
 * Sales per Brasília day by one of their dimensions (payment_method, origin, utm_source) and status,
 * kept current with every sale step. Every sale is in each dimension once; programme-wide breakdowns
 * read this (a network's read the sales).
 */
export const dailySalesBy = pgTable(
  'daily_sales_by',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: ['payment_method', 'origin', 'utm_source'] }).notNull(),
    key: text('key').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'cancelled', 'refunded'] }).notNull(),
    sales: integer('sales').notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key, t.status] })],
);
