import { z } from 'zod';
import { idSchema, listQuerySchema, pageOf } from './common';

export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 32;

/** A coupon code: letters, digits, "-" and "_", one programme-wide name whatever its case. */
export const couponCodeSchema = z
  .string()
  .trim()
  .min(COUPON_CODE_MIN, `must have at least ${COUPON_CODE_MIN} characters`)
  .max(COUPON_CODE_MAX, `must have at most ${COUPON_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, "-" and "_"');

const discountLabel = z.string().trim().max(80, 'must have at most 80 characters');

export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  campaign_id: z.number().int(),
  affiliate_id: z.number().int(),
  discount_label: z.string().nullable(),
  active: z.boolean(),
  campaign_name: z.string(),
  affiliate_code: z.string(),
  affiliate_name: z.string(),
  created_at: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponPageSchema = pageOf(couponSchema);

/** What an admin sends to create one coupon for an affiliate and a campaign. */
export const couponBodySchema = z.object({
  code: couponCodeSchema,
  campaign_id: idSchema,
  affiliate_id: idSchema,
  discount_label: discountLabel.nullable().default(null),
  active: z.boolean().default(true),
});
export type CouponBody = z.input<typeof couponBodySchema>;

/** An admin's change: a new code, label, or (de)activation; the owner and campaign stay. */
export const couponPatchSchema = z
  .object({
    code: couponCodeSchema.optional(),
    discount_label: discountLabel.nullable().optional(),
    active: z.boolean().optional(),
  })
  .refine((p) => p.code !== undefined || p.discount_label !== undefined || p.active !== undefined, {
    path: ['code'],
    message: 'give something to change',
  });
export type CouponPatch = z.input<typeof couponPatchSchema>;

/** The placeholder a pattern's affiliate code goes in; a pattern without it is a prefix. */
export const COUPON_PATTERN_CODE = '{CODE}';

/**
 * One coupon per approved affiliate of a campaign: the pattern with `{CODE}` replaced by the
 * affiliate's code (`{CODE}10`), or a prefix before it (`VERAO-`).
 */
export const couponIssueBodySchema = z.object({
  campaign_id: idSchema,
  pattern: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(COUPON_CODE_MAX, `must have at most ${COUPON_CODE_MAX} characters`)
    .regex(/^[A-Za-z0-9_-]*(\{CODE\})?[A-Za-z0-9_-]*$/, 'may hold letters, digits, "-", "_" and {CODE} once'),
  discount_label: discountLabel.nullable().default(null),
});
export type CouponIssueBody = z.input<typeof couponIssueBodySchema>;

export const couponIssueResultSchema = z.object({
  created: z.number().int(),
  /** Affiliates left out: they already had a coupon for the campaign, or their code was taken or too long. */
  skipped: z.array(z.object({ affiliate_id: z.number().int(), code: z.string(), reason: z.string() })),
});
export type CouponIssueResult = z.infer<typeof couponIssueResultSchema>;

/** The code a pattern gives an affiliate. */
export function couponCodeFor(pattern: string, affiliateCode: string): string {
  const code = affiliateCode.toUpperCase();
  return pattern.includes(COUPON_PATTERN_CODE) ? pattern.replace(COUPON_PATTERN_CODE, code) : `${pattern}${code}`;
}

/** Admins filter; an affiliate gets their own coupons whatever they send. */
export const couponListQuerySchema = listQuerySchema.extend({
  campaign_id: idSchema.optional(),
  affiliate_id: idSchema.optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type CouponListQuery = z.input<typeof couponListQuerySchema>;
