import { z } from 'zod';
import { idSchema } from './common';
import { saleStatusSchema } from './sales';

const day = z.iso.date('must be a date (YYYY-MM-DD)');

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
