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
