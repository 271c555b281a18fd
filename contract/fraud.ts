import { z } from 'zod';
import { daySchema } from './common';
import { FAST_CLICK_SECONDS } from './sales';

/**
 * The fraud rules an admin switches on and tunes (issue 17). Each reason a rule gives is shown on
 * the flagged sale or registration and in the review queue; flagged sales wait for an admin.
 */
export const FRAUD_RULES = [
  'self_referral',
  'fast_click',
  'same_address_as_affiliate',
  'conversion_spike',
  'click_flooding',
  'disposable_email',
  'chargeback_rate',
] as const;
export type FraudRule = (typeof FRAUD_RULES)[number];

const whole = (min: number, max: number) => z.number().int().min(min).max(max);

export const fraudRulesSchema = z.object({
  /** A sale whose customer email is the affiliate's own. */
  self_referral: z.object({ enabled: z.boolean() }),
  /** A sale recorded within `seconds` of its click. */
  fast_click: z.object({ enabled: z.boolean(), seconds: whole(1, 3_600) }),
  /** A click (and so its sale) from the address and browser the affiliate signs in from. */
  same_address_as_affiliate: z.object({ enabled: z.boolean() }),
  /**
   * An affiliate whose conversion over the last `days` is `multiple` times the programme's or more,
   * once it has `min_clicks` clicks: its new sales wait for review.
   */
  conversion_spike: z.object({
    enabled: z.boolean(),
    multiple: z.number().min(1.5).max(100),
    min_clicks: whole(10, 1_000_000),
    days: whole(1, 365),
  }),
  /** More than `clicks` clicks from one address on one link within `minutes`: the rest are not counted. */
  click_flooding: z.object({ enabled: z.boolean(), clicks: whole(3, 10_000), minutes: whole(1, 1_440) }),
  /** A registration from a disposable email domain (a maintained list from an npm package). */
  disposable_email: z.object({ enabled: z.boolean() }),
  /**
   * An affiliate whose chargebacks over the last `days` reach `max_percent` of their sales that were
   * paid (approved, refunded or charged back), once they have `min_sales` of those: new sales wait.
   */
  chargeback_rate: z.object({
    enabled: z.boolean(),
    max_percent: z.number().min(0.1).max(100),
    min_sales: whole(1, 1_000_000),
    days: whole(7, 365),
  }),
});
export type FraudRules = z.infer<typeof fraudRulesSchema>;

export const DEFAULT_FRAUD_RULES: FraudRules = {
  self_referral: { enabled: true },
  fast_click: { enabled: true, seconds: FAST_CLICK_SECONDS },
  same_address_as_affiliate: { enabled: true },
  conversion_spike: { enabled: true, multiple: 4, min_clicks: 100, days: 30 },
  click_flooding: { enabled: true, clicks: 20, minutes: 1 },
  disposable_email: { enabled: true },
  // Card networks put a merchant on watch near 1 % of transactions charged back.
  chargeback_rate: { enabled: true, max_percent: 1, min_sales: 20, days: 90 },
};

/** GET /fraud/click-floods: links flooded with clicks from one address, per day (not counted). */
export const clickFloodQuerySchema = z.object({ from: daySchema.optional(), to: daySchema.optional() });
export const clickFloodReportSchema = z.object({
  items: z.array(
    z.object({
      day: z.string(),
      link_id: z.number().int(),
      link_code: z.string(),
      affiliate_id: z.number().int(),
      affiliate_name: z.string(),
      campaign_name: z.string(),
      /** Addresses that went over the limit that day on that link. */
      addresses: z.number().int(),
      /** Clicks not counted because of it. */
      clicks: z.number().int(),
    }),
  ),
});
export type ClickFloodReport = z.infer<typeof clickFloodReportSchema>;

/** GET /fraud/chargeback-rates: each affiliate with a chargeback in the rule's last days, worst first. */
export const chargebackRateQuerySchema = z.object({
  days: z.coerce.number().int().min(7).max(365).optional(),
});
export const chargebackRateReportSchema = z.object({
  days: z.number().int(),
  /** The rule's threshold in basis points (100 = 1 %), so a screen marks who is over it. */
  threshold_bps: z.number().int(),
  min_sales: z.number().int(),
  items: z.array(
    z.object({
      affiliate_id: z.number().int(),
      affiliate_name: z.string(),
      affiliate_code: z.string(),
      /** Sales that were paid in the period: approved, refunded or charged back. */
      paid_sales: z.number().int(),
      chargebacks: z.number().int(),
      rate_bps: z.number().int(),
      /** Over the threshold with enough sales: the rule flags this affiliate's new sales. */
      flagged: z.boolean(),
    }),
  ),
});
export type ChargebackRateReport = z.infer<typeof chargebackRateReportSchema>;
