import { z } from 'zod';

/** A commission tier. Rates are basis points: 750 = 7.5 %. */
export const levelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rank: z.number().int(),
  commission_bps: z.number().int(),
  min_sales_cents: z.number().int(),
  description: z.string().nullable(),
  affiliate_count: z.number().int(),
});
export type Level = z.infer<typeof levelSchema>;

export const levelBodySchema = z.object({
  name: z.string().trim().min(1, 'is required').max(60),
  rank: z.number().int('must be a whole number').min(1).max(1000),
  commission_bps: z
    .number()
    .int('must be a whole number of basis points')
    .min(0)
    .max(10_000, 'must be at most 10000 (100 %)'),
  min_sales_cents: z.number().int().min(0).max(100_000_000_000).default(0),
  description: z.string().trim().max(500).nullable().optional(),
});
export type LevelBody = z.input<typeof levelBodySchema>;

export const levelPatchSchema = levelBodySchema.partial();

export const levelListSchema = z.object({ items: z.array(levelSchema) });

/** Approved sales over this many days decide a level (DESIGN.md §6, issue 5). */
export const PROMOTION_WINDOW_DAYS = 90;

const levelSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  commission_bps: z.number().int(),
  min_sales_cents: z.number().int(),
});

/** An affiliate's level, its rate, and how far the next one is. */
export const levelProgressSchema = z.object({
  level: levelSummarySchema.nullable(),
  next_level: levelSummarySchema.nullable(),
  window_days: z.number().int(),
  approved_sales_cents: z.number().int(),
  /** What is still missing for the next level (0 when it is reached and waits for the promotion). */
  remaining_cents: z.number().int().nullable(),
  /** 0-10000: how much of the way from this level's minimum to the next one's is done. */
  progress_bps: z.number().int(),
  auto_promotion: z.boolean(),
});
export type LevelProgress = z.infer<typeof levelProgressSchema>;

export const promotionSettingsSchema = z.object({
  enabled: z.boolean(),
  last_run_at: z.string().nullable(),
});
export type PromotionSettings = z.infer<typeof promotionSettingsSchema>;
export const promotionSettingsBodySchema = z.object({ enabled: z.boolean() });

export const promotionRunSchema = z.object({
  promoted: z.array(
    z.object({
      affiliate_id: z.number().int(),
      name: z.string(),
      from_level: z.string().nullable(),
      to_level: z.string(),
      approved_sales_cents: z.number().int(),
    }),
  ),
});
export type PromotionRun = z.infer<typeof promotionRunSchema>;
