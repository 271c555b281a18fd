import { z } from 'zod';
import { daySchema, idSchema } from './common';
import { saleStatusSchema } from './sales';

const day = daySchema;

/** A period in Brasília days (both ends included); 30 days up to today when absent. */
export const periodQuerySchema = z
  .object({ from: day.optional(), to: day.optional(), network_id: idSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'must not be before the start' })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    path: ['from'],
    message: 'must be at most a year before the end',
  });
export type PeriodQuery = z.input<typeof periodQuerySchema>;

/** Figures over a period. Sales and commissions are approved ones unless the name says pending. */
export const dashboardTotalsSchema = z.object({
  clicks: z.number().int(),
  approved_sales: z.number().int(),
  approved_amount_cents: z.number().int(),
  /** Approved sales per counted click, in basis points. */
  conversion_bps: z.number().int().nullable(),
  /** Approved commission per counted click, in cents (rounded half up). */
  epc_cents: z.number().int().nullable(),
  approved_commission_cents: z.number().int(),
  pending_sales: z.number().int(),
  pending_commission_cents: z.number().int(),
});
export type DashboardTotals = z.infer<typeof dashboardTotalsSchema>;

export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: dashboardTotalsSchema,
  series: z.array(
    z.object({
      day: z.string(),
      clicks: z.number().int(),
      approved_sales: z.number().int(),
      approved_amount_cents: z.number().int(),
      approved_commission_cents: z.number().int(),
    }),
  ),
  top_campaigns: z.array(
    z.object({
      campaign_id: z.number().int(),
      name: z.string(),
      clicks: z.number().int(),
      approved_sales: z.number().int(),
      approved_commission_cents: z.number().int(),
    }),
  ),
  latest_sales: z.array(
    z.object({
      id: z.number().int(),
      campaign_name: z.string(),
      affiliate_name: z.string(),
      amount_cents: z.number().int(),
      commission_cents: z.number().int(),
      status: saleStatusSchema,
      created_at: z.string(),
    }),
  ),
  /** The affiliate's available balance (absent for the programme view). */
  available_cents: z.number().int().nullable(),
  /** What waits for an admin (absent for an affiliate). */
  waiting: z
    .object({
      pending_affiliates: z.number().int(),
      flagged_sales: z.number().int(),
      open_redemptions: z.number().int(),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const TOP_BY = ['approved_sales', 'commission', 'conversion'] as const;
export const topAffiliatesQuerySchema = periodQuerySchema.and(
  z.object({
    by: z.enum(TOP_BY).default('approved_sales'),
    limit: z.coerce.number().int().min(1).max(100).default(10),
  }),
);
export type TopAffiliatesQuery = z.input<typeof topAffiliatesQuerySchema>;

export const topAffiliatesSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(
    z.object({
      rank: z.number().int(),
      affiliate_id: z.number().int(),
      name: z.string(),
      code: z.string(),
      network_name: z.string().nullable(),
      level_name: z.string().nullable(),
      clicks: z.number().int(),
      approved_sales: z.number().int(),
      approved_amount_cents: z.number().int(),
      approved_commission_cents: z.number().int(),
      conversion_bps: z.number().int().nullable(),
    }),
  ),
});
export type TopAffiliates = z.infer<typeof topAffiliatesSchema>;

/** One row of a breakdown (by payment method, origin, status, campaign…). */
export const breakdownRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  amount_cents: z.number().int(),
  /** Share of the total amount, in basis points. */
  share_bps: z.number().int(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const breakdownSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Named tables: e.g. by_method, or by_origin and by_utm_source; by_charge is new against recurring revenue. */
  tables: z.record(z.string(), z.array(breakdownRowSchema)),
  /** Per day, per key of the first table: amounts in cents. */
  series: z.array(z.object({ day: z.string(), values: z.record(z.string(), z.number().int()) })),
  totals: z.object({ count: z.number().int(), amount_cents: z.number().int() }),
});
export type Breakdown = z.infer<typeof breakdownSchema>;

export const INDICATOR_KEYS = [
  'active_affiliates',
  'conversion_bps',
  'average_order_cents',
  'epc_cents',
  'refund_rate_bps',
  'chargeback_rate_bps',
  'redemption_rate_bps',
  'average_days_to_pay',
] as const;
export const indicatorsSchema = z.object({
  from: z.string(),
  to: z.string(),
  previous_from: z.string(),
  previous_to: z.string(),
  items: z.array(
    z.object({
      key: z.enum(INDICATOR_KEYS),
      value: z.number().nullable(),
      previous: z.number().nullable(),
      /** value − previous (in the indicator's own unit); null when either is unknown. */
      change: z.number().nullable(),
    }),
  ),
});
export type Indicators = z.infer<typeof indicatorsSchema>;

/** What a click breakdown groups by: the enrichment's dimensions and the link's UTM source. */
export const CLICK_BREAKDOWN_BY = ['country', 'device', 'browser', 'os', 'referrer', 'utm_source'] as const;
export type ClickBreakdownBy = (typeof CLICK_BREAKDOWN_BY)[number];

/**
 * GET /metrics/clicks: counted clicks of a period by one dimension, optionally of one link or campaign;
 * an admin may also narrow to one affiliate or network (an affiliate always sees only its own).
 */
export const clickBreakdownQuerySchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    by: z.enum(CLICK_BREAKDOWN_BY),
    link_id: idSchema.optional(),
    campaign_id: idSchema.optional(),
    affiliate_id: idSchema.optional(),
    network_id: idSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'must not be before the start' })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    path: ['from'],
    message: 'must be at most a year before the end',
  });
export type ClickBreakdownQuery = z.input<typeof clickBreakdownQuerySchema>;

export const clickBreakdownSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(CLICK_BREAKDOWN_BY),
  items: z.array(
    z.object({
      /** The value grouped by ('' for unknown: no referrer, a private address, an empty agent). */
      key: z.string(),
      /** A readable name for the key: a country's name in English, the key itself otherwise. */
      label: z.string(),
      clicks: z.number().int(),
      /** Approved sales attributed to those clicks. */
      sales: z.number().int(),
      /** Approved sales per counted click, in basis points (null without clicks). */
      conversion_bps: z.number().int().nullable(),
      /** Approved commission of those sales. */
      commission_cents: z.number().int(),
    }),
  ),
});
export type ClickBreakdown = z.infer<typeof clickBreakdownSchema>;
