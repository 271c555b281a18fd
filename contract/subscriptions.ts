import { z } from 'zod';
import { idSchema, listQuerySchema } from './common';

/**
 * A subscription as its charges tell it (docs/decisions/026): the sales sharing a merchant's
 * subscription id on one campaign, credited to the affiliate of its first charge.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'ended'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * A subscription is active while its latest charge stands (pending or approved) and the next one is
 * not overdue: expected one usual interval after the latest (31 days after a single charge), with
 * this many days of grace for late card retries.
 */
export const SUBSCRIPTION_GRACE_DAYS = 15;

export const subscriptionListQuerySchema = listQuerySchema.extend({
  status: subscriptionStatusSchema.optional(),
  campaign_id: idSchema.optional(),
  affiliate_id: idSchema.optional(),
});
export type SubscriptionListQuery = z.input<typeof subscriptionListQuerySchema>;

export const subscriptionSchema = z.object({
  subscription_id: z.string(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  affiliate_id: z.number().int(),
  affiliate_name: z.string(),
  status: subscriptionStatusSchema,
  /** Charges that stand (pending or approved). */
  charges: z.number().int(),
  /** The highest charge number seen (a merchant may start mid-way). */
  last_charge_number: z.number().int(),
  started_at: z.string(),
  last_charge_at: z.string(),
  /** Approved commission of every charge; of its renewals alone; and commission still pending. */
  commission_cents: z.number().int(),
  recurring_commission_cents: z.number().int(),
  pending_commission_cents: z.number().int(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionPageSchema = z.object({
  items: z.array(subscriptionSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  totals: z.object({
    active: z.number().int(),
    /** Approved commission of renewals, across every subscription the filters match. */
    recurring_commission_cents: z.number().int(),
  }),
});
export type SubscriptionPage = z.infer<typeof subscriptionPageSchema>;
