import { z } from 'zod';
import { emailSchema } from './auth';
import { attributionModelSchema, paymentMethodSchema, recurringRuleSchema } from './campaigns';
import { daySchema, idSchema, listQuerySchema } from './common';
import { couponCodeSchema } from './coupons';

/** A chargeback is the card issuer's refund, weeks later: reversed like a refund, counted apart. */
export const SALE_STATUSES = ['pending', 'approved', 'cancelled', 'refunded', 'chargeback'] as const;
export const saleStatusSchema = z.enum(SALE_STATUSES);
export type SaleStatus = z.infer<typeof saleStatusSchema>;

/** Why a sale waits for an admin: one reason per fraud rule that fired (contract/fraud.ts). */
export const SALE_FLAGS = [
  'self_referral',
  'fast_click',
  'same_address_as_affiliate',
  'conversion_spike',
  'chargeback_rate',
] as const;

/** A sale this soon after its click is flagged as suspicious. */
export const FAST_CLICK_SECONDS = 10;

/** The largest sale accepted: R$ 1 billion (keeps amount × rate exact in any arithmetic). */
export const MAX_SALE_CENTS = 100_000_000_000;

export const SALE_SOURCES = ['admin', 'import', 'postback', 'integration'] as const;
export const SALE_ACTIONS = ['approve', 'cancel', 'refund', 'chargeback'] as const;
export type SaleAction = (typeof SALE_ACTIONS)[number];

const amountCents = z
  .number('must be a number of cents')
  .int('must be a whole number of cents')
  .positive('must be more than zero')
  .max(MAX_SALE_CENTS, 'is too large');
const optionalText = (max: number) => z.string().trim().max(max).optional();
const clickId = z.uuid('must be a click id from a tracking link');
const affiliateCode = z.string().trim().min(1).max(40);
/** The merchant's subscription id: its charges share it, and renewals go to its first sale's affiliate. */
const subscriptionId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100)
  .refine((id) => !/[\r\n]/.test(id), 'must be one line');
/** 1 = the subscription's first charge, 2 = its first renewal… */
const chargeNumber = z
  .number('must be a whole number')
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(10_000, 'is too large');
const externalId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100)
  .refine((id) => !/[\r\n]/.test(id), 'must be one line');

/** What an admin sends to record a sale (DESIGN.md §7); one of affiliate, code or click names who gets it. */
export const saleBodySchema = z
  .object({
    campaign_id: idSchema,
    affiliate_id: idSchema.optional(),
    affiliate_code: affiliateCode.optional(),
    click_id: clickId.optional(),
    coupon: couponCodeSchema.optional(),
    amount_cents: amountCents,
    payment_method: paymentMethodSchema,
    origin: optionalText(60),
    customer_email: emailSchema.optional(),
    external_id: externalId.optional(),
    subscription_id: subscriptionId.optional(),
    charge_number: chargeNumber.optional(),
    status: z.enum(['pending', 'approved']).default('pending'),
  })
  .superRefine((s, ctx) => {
    subscriptionIssues(s, ctx);
    // A renewal is credited through its subscription's first sale; anything else names its affiliate.
    if (!isRenewal(s) && !(s.affiliate_id || s.affiliate_code || s.click_id || s.coupon)) {
      ctx.addIssue({
        code: 'custom',
        path: ['affiliate_id'],
        message: 'give the affiliate, their code, a click id or a coupon',
      });
    }
  });
export type SaleBody = z.input<typeof saleBodySchema>;

/** A charge after the first of a subscription. */
export const isRenewal = (s: { subscription_id?: string; charge_number?: number }) =>
  s.subscription_id !== undefined && (s.charge_number ?? 1) > 1;

function subscriptionIssues(s: { subscription_id?: string; charge_number?: number }, ctx: z.RefinementCtx) {
  if (s.charge_number !== undefined && s.subscription_id === undefined) {
    ctx.addIssue({ code: 'custom', path: ['subscription_id'], message: 'is required with a charge number' });
  }
}

/**
 * The sales API: what a merchant's server sends to POST /postback (the path the HTTP contract
 * fixed; in code and on screen the merchant's call in is the "sales API", and "postback" is only
 * our call out to an affiliate's tracker); the order id makes it safe to repeat. With
 * `status: "chargeback"` it reports a chargeback of the order already recorded: then only the
 * campaign and the order id are needed.
 */
export const saleApiBodySchema = z
  .object({
    campaign_id: idSchema,
    external_id: externalId,
    amount_cents: amountCents.optional(),
    payment_method: paymentMethodSchema.optional(),
    origin: optionalText(60),
    click_id: clickId.optional(),
    coupon: couponCodeSchema.optional(),
    affiliate_code: affiliateCode.optional(),
    customer_email: emailSchema.optional(),
    subscription_id: subscriptionId.optional(),
    charge_number: chargeNumber.optional(),
    status: z.enum(['pending', 'approved', 'chargeback']).default('pending'),
  })
  .superRefine((s, ctx) => {
    if (s.status === 'chargeback') return;
    subscriptionIssues(s, ctx);
    if (s.amount_cents === undefined) ctx.addIssue({ code: 'custom', path: ['amount_cents'], message: 'is required' });
    if (s.payment_method === undefined) {
      ctx.addIssue({ code: 'custom', path: ['payment_method'], message: 'is required' });
    }
    if (!isRenewal(s) && !(s.affiliate_code || s.click_id || s.coupon)) {
      ctx.addIssue({
        code: 'custom',
        path: ['click_id'],
        message: 'give the click id, the coupon or the affiliate code',
      });
    }
  });
export const saleApiHeadersSchema = z.object({
  'x-api-key': z.string().optional().describe('The API key an admin created'),
  'x-signature': z.string().optional().describe('t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">'),
});

/** How a sale is credited: a coupon, then a click, then an affiliate code, or an admin's choice. */
export const SALE_ATTRIBUTED_BY = ['coupon', 'click', 'affiliate_code', 'affiliate_id', 'subscription'] as const;
export type SaleAttributedBy = (typeof SALE_ATTRIBUTED_BY)[number];

/** One affiliate's part of a split sale; an affiliate sees the other's code as null. */
export const saleShareSchema = z.object({
  affiliate_id: z.number().int(),
  affiliate_code: z.string().nullable(),
  role: z.enum(['first', 'last']),
  commission_cents: z.number().int(),
  amount_cents: z.number().int(),
});

export const commissionBreakdownSchema = z.object({
  rule: z.enum(['campaign_percent', 'campaign_fixed', 'level', 'none']),
  rate_bps: z.number().int().nullable(),
  fixed_cents: z.number().int().nullable(),
  base_cents: z.number().int(),
  exact_cents: z.string(),
  commission_cents: z.number().int(),
  level_name: z.string().nullable(),
  /** The campaign's attribution model when the sale was recorded; absent on older sales (last click). */
  model: attributionModelSchema.optional(),
  /** What decided the affiliate (coupon, then click, then affiliate code: docs/decisions/021). */
  decided_by: z
    .object({
      kind: z.enum(SALE_ATTRIBUTED_BY),
      coupon_code: z.string().optional(),
      click_id: z.string().optional(),
      first_click_id: z.string().optional(),
      /** A renewal: the subscription's first sale, whose affiliate it goes to. */
      first_sale_id: z.number().int().optional(),
    })
    .optional(),
  /** split_first_last with two affiliates: the first click's share, then the last's (who gets the odd cent). */
  shares: z.array(saleShareSchema).optional(),
  /** A subscription's charge: which rule decided its commission, and why (docs/decisions/026). */
  recurring: z
    .object({
      subscription_id: z.string(),
      charge_number: z.number().int(),
      rule: recurringRuleSchema,
      /** With `first_n`: how many charges earn. */
      charges: z.number().int().nullable(),
      /** The subscription's first sale, whose affiliate a renewal goes to (null: this is it, or unknown). */
      first_sale_id: z.number().int().nullable(),
      /** first_charge: the first; renewal: a renewal that earns; beyond_limit: a renewal past the rule (zero). */
      outcome: z.enum(['first_charge', 'renewal', 'beyond_limit']),
      /** A renewal at the campaign's renewal rate rather than its first-charge rate. */
      renewal_rate: z.boolean(),
    })
    .optional(),
});
export type CommissionBreakdown = z.infer<typeof commissionBreakdownSchema>;

export const saleSchema = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  affiliate_id: z.number().int(),
  affiliate_name: z.string(),
  affiliate_code: z.string(),
  /**
   * A split sale's other affiliate (the first click's), by name: an admin's view only; an affiliate
   * reads "another affiliate". Each share is in `commission.shares`.
   */
  shared_affiliate_name: z.string().nullable(),
  network_id: z.number().int().nullable(),
  click_id: z.string().nullable(),
  external_id: z.string().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  payment_method: paymentMethodSchema,
  origin: z.string(),
  source: z.enum(SALE_SOURCES),
  status: saleStatusSchema,
  commission_cents: z.number().int(),
  commission: commissionBreakdownSchema,
  flags: z.array(z.string()),
  /** Affiliates see it masked (j***@example.com): the buyer is the merchant's customer. */
  customer_email: z.string().nullable(),
  attributed_by: z.enum(SALE_ATTRIBUTED_BY),
  subscription_id: z.string().nullable(),
  /** The charge of its subscription (1 = first); null outside a subscription. */
  charge_number: z.number().int().nullable(),
  payable_at: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  charged_back_at: z.string().nullable(),
  note: z.string().nullable(),
});
export type Sale = z.infer<typeof saleSchema>;

const day = daySchema;
export const SALE_SORTS = [
  'created_at',
  '-created_at',
  'amount_cents',
  '-amount_cents',
  'commission_cents',
  '-commission_cents',
] as const;

/** Filters of the sales lists and their CSV export; an affiliate's own sales whatever they send. */
export const saleListQuerySchema = listQuerySchema
  .extend({
    from: day.optional(),
    to: day.optional(),
    status: saleStatusSchema.optional(),
    campaign_id: idSchema.optional(),
    affiliate_id: idSchema.optional(),
    network_id: idSchema.optional(),
    payment_method: paymentMethodSchema.optional(),
    origin: z.string().trim().max(60).optional(),
    flagged: z.enum(['true', 'false']).optional(),
    subscription_id: z.string().trim().min(1).max(100).optional(),
    sort: z.enum(SALE_SORTS).default('-created_at'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'must not be before the start' });
export type SaleListQuery = z.input<typeof saleListQuerySchema>;

export const saleTotalsSchema = z.object({
  count: z.number().int(),
  amount_cents: z.number().int(),
  commission_cents: z.number().int(),
  approved_commission_cents: z.number().int(),
  pending_commission_cents: z.number().int(),
});
export type SaleTotals = z.infer<typeof saleTotalsSchema>;

export const salePageSchema = z.object({
  items: z.array(saleSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  totals: saleTotalsSchema,
});
export type SalePage = z.infer<typeof salePageSchema>;

export const ledgerKindSchema = z.enum(['commission', 'reversal', 'redemption', 'redemption_release', 'adjustment']);

export const saleEventSchema = z.object({
  at: z.string(),
  kind: z.enum(['click', 'sale', 'approved', 'cancelled', 'refunded', 'chargeback', 'ledger']),
  ledger_kind: ledgerKindSchema.optional(),
  amount_cents: z.number().int().optional(),
  actor_name: z.string().nullable().optional(),
  note: z.string().nullable().optional(),
});
export type SaleEvent = z.infer<typeof saleEventSchema>;

export const saleDetailSchema = saleSchema.extend({
  timeline: z.array(saleEventSchema),
  click: z
    .object({
      at: z.string(),
      referrer: z.string(),
      link_code: z.string(),
      sub_id: z.string(),
      utm_source: z.string(),
      utm_medium: z.string(),
      utm_campaign: z.string(),
    })
    .nullable(),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

export const saleDecisionBodySchema = z.object({ note: z.string().trim().max(500).optional() });

export const MAX_BULK_SALES = 100;
export const saleBulkBodySchema = z.object({
  action: z.enum(SALE_ACTIONS),
  ids: z.array(idSchema).min(1, 'choose at least one sale').max(MAX_BULK_SALES),
  note: z.string().trim().max(500).optional(),
});
export const saleBulkResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      status: saleStatusSchema.nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type SaleBulkResult = z.infer<typeof saleBulkResultSchema>;

export const MAX_IMPORT_ROWS_PER_REQUEST = 200;

export const saleImportBodySchema = z.object({
  rows: z
    .array(z.object({ line: z.number().int().min(1), values: z.record(z.string(), z.string().max(2000)) }))
    .min(1)
    .max(MAX_IMPORT_ROWS_PER_REQUEST),
});
export const saleImportResultSchema = z.object({
  results: z.array(
    z.object({
      line: z.number().int(),
      /** charged_back: a `chargeback` row charged the order's sale back (or found it so). */
      outcome: z.enum(['created', 'duplicate', 'charged_back', 'refused']),
      sale_id: z.number().int().nullable(),
      errors: z.array(z.object({ field: z.string(), message: z.string() })),
    }),
  ),
});
export type SaleImportResult = z.infer<typeof saleImportResultSchema>;

export const apiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'is required').max(80),
  signed: z.boolean().default(true),
});
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  signed: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
/** The one time the key (and its signing secret) are shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string(), secret: z.string().nullable() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });

/** A signed postback older than this is refused (replays). */
export const SIGNATURE_MAX_AGE_SECONDS = 300;
