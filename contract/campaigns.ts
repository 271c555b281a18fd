import { z } from 'zod';
import { instantSchema, listQuerySchema, pageOf } from './common';

export const PAYMENT_METHODS = ['pix', 'boleto', 'credit_card', 'debit_card', 'other'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const campaignStatusSchema = z.enum(['active', 'paused', 'ended']);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/**
 * Who gets a sale when one browser followed several affiliates' links in the cookie window: the last
 * click's affiliate, the first click's, or both halves (the odd cent to the last). docs/decisions/021.
 */
export const ATTRIBUTION_MODELS = ['last_click', 'first_click', 'split_first_last'] as const;
export const attributionModelSchema = z.enum(ATTRIBUTION_MODELS);
export type AttributionModel = z.infer<typeof attributionModelSchema>;

/**
 * Which charges of a subscription earn a commission: the first only, the first `recurring_charges`,
 * or every charge while the subscription lasts (docs/decisions/026). Renewals may earn another rate.
 */
export const RECURRING_RULES = ['first_charge', 'first_n', 'lifetime'] as const;
export const recurringRuleSchema = z.enum(RECURRING_RULES);
export type RecurringRule = z.infer<typeof recurringRuleSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  destination_url: z.string(),
  image_url: z.string().nullable(),
  commission_type: z.enum(['percent', 'fixed']).nullable(),
  commission_value: z.number().int().nullable(),
  cookie_days: z.number().int(),
  hold_days: z.number().int(),
  hold_days_by_method: z.partialRecord(paymentMethodSchema, z.number().int()),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  status: campaignStatusSchema,
  attribution_model: attributionModelSchema,
  recurring_rule: recurringRuleSchema,
  /** With `first_n`: how many charges earn (the first one included). */
  recurring_charges: z.number().int().nullable(),
  /** A renewal's commission in the campaign's own type (bps or cents); null: the same as the first charge. */
  renewal_commission_value: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http or https address' })
  .max(2000)
  .refine((url) => !/[\r\n]/.test(url), 'must be one line');

const days = (max: number) => z.number().int('must be a whole number of days').min(0).max(max);

/**
 * A campaign as an admin writes it. The commission is a percent in basis points (0-10000) or a
 * fixed amount in cents, or absent: then the affiliate's level rate applies.
 */
export const campaignBodySchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(120),
    description: z.string().max(20_000).default(''),
    destination_url: httpUrl,
    commission_type: z.enum(['percent', 'fixed']).nullable().default(null),
    commission_value: z
      .number()
      .int('must be a whole number')
      .min(0)
      .max(100_000_000_000, 'is too large')
      .nullable()
      .default(null),
    cookie_days: days(365).min(1, 'must be at least 1 day'),
    hold_days: days(365),
    hold_days_by_method: z.partialRecord(paymentMethodSchema, days(365)).default({}),
    starts_at: instantSchema.nullable().default(null),
    ends_at: instantSchema.nullable().default(null),
    status: campaignStatusSchema.default('active'),
    attribution_model: attributionModelSchema.default('last_click'),
    recurring_rule: recurringRuleSchema.default('lifetime'),
    recurring_charges: z.number().int('must be a whole number').min(2).max(120).nullable().default(null),
    renewal_commission_value: z
      .number()
      .int('must be a whole number')
      .min(0)
      .max(100_000_000_000, 'is too large')
      .nullable()
      .default(null),
  })
  .superRefine((c, ctx) => {
    if (c.commission_type !== null && c.commission_value === null) {
      ctx.addIssue({ code: 'custom', path: ['commission_value'], message: 'is required with a commission type' });
    }
    if (c.commission_type === null && c.commission_value !== null) {
      ctx.addIssue({ code: 'custom', path: ['commission_type'], message: 'is required with a commission value' });
    }
    if (c.commission_type === 'percent' && c.commission_value !== null && c.commission_value > 10_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['commission_value'],
        message: 'must be at most 10000 basis points (100 %)',
      });
    }
    if (c.recurring_rule === 'first_n' && c.recurring_charges === null) {
      ctx.addIssue({ code: 'custom', path: ['recurring_charges'], message: 'is required with the first charges rule' });
    }
    if (c.recurring_rule !== 'first_n' && c.recurring_charges !== null) {
      ctx.addIssue({ code: 'custom', path: ['recurring_charges'], message: 'applies only to the first charges rule' });
    }
    if (c.renewal_commission_value !== null && c.commission_type === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['renewal_commission_value'],
        message: 'needs the campaign’s own commission type',
      });
    }
    if (c.renewal_commission_value !== null && c.recurring_rule === 'first_charge') {
      ctx.addIssue({
        code: 'custom',
        path: ['renewal_commission_value'],
        message: 'renewals earn nothing under this rule',
      });
    }
    if (c.commission_type === 'percent' && c.renewal_commission_value !== null && c.renewal_commission_value > 10_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['renewal_commission_value'],
        message: 'must be at most 10000 basis points (100 %)',
      });
    }
    if (c.starts_at && c.ends_at && Date.parse(c.ends_at) <= Date.parse(c.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after the start' });
    }
  });
export type CampaignBody = z.input<typeof campaignBodySchema>;

export const campaignListQuerySchema = listQuerySchema.extend({
  status: campaignStatusSchema.optional(),
});
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;

/**
 * What a campaign card tells an affiliate choosing where to send traffic, programme-wide; each is
 * null while there is no data to compute it from.
 */
export const campaignFiguresSchema = z.object({
  /** The average approved sale, rounded half up to the cent. */
  average_order_cents: z.number().int().nullable(),
  /**
   * What one average sale pays: a fixed commission as it is, a percent one (or the level's rate for
   * an affiliate when the campaign has no rule) applied to `average_order_cents`.
   */
  sale_commission_cents: z.number().int().nullable(),
  /** Earnings per counted click: commissions of pending and approved sales over counted clicks. */
  epc_cents: z.number().int().nullable(),
  /** Pending and approved sales per counted click, in basis points (250 = 2.5 %). */
  conversion_bps: z.number().int().nullable(),
});
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;

/** A campaign as the list shows it: the campaign and its figures. */
export const campaignListItemSchema = campaignSchema.extend({ figures: campaignFiguresSchema });
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;
export const campaignPageSchema = pageOf(campaignListItemSchema);

export const CAMPAIGN_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

const campaignResultsSchema = z.object({
  clicks: z.number().int(),
  /** Pending or approved (cancelled and refunded sales earn nothing). */
  sales: z.number().int(),
  commission_cents: z.number().int(),
  approved_commission_cents: z.number().int(),
});

/** A campaign's results: the affiliate's own, or for an admin the whole and each affiliate's. */
export const campaignStatsSchema = z.object({
  totals: campaignResultsSchema,
  affiliates: z.array(
    campaignResultsSchema.extend({ affiliate_id: z.number().int(), name: z.string(), code: z.string() }),
  ),
});
export type CampaignStats = z.infer<typeof campaignStatsSchema>;
