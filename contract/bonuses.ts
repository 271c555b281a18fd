import { z } from 'zod';
import { daySchema, listQuerySchema, pageOf } from './common';

/**
 * Bonuses (issue 30): an admin's one-off bonus to one affiliate, and performance bonuses a whole
 * programme can earn: a period, a measure, a threshold and an amount, awarded once when the period
 * closes to every affiliate who met it (docs/decisions/042). Each award is one `adjustment` line in
 * the affiliate's ledger.
 */

/** What a performance bonus counts: the approved sales of its period, or their commission. */
export const BONUS_MEASURES = ['approved_sales', 'approved_commission'] as const;
export const bonusMeasureSchema = z.enum(BONUS_MEASURES);
export type BonusMeasure = z.infer<typeof bonusMeasureSchema>;

/** Upcoming before its first day, running through its last, closed once awarded. */
export const BONUS_STATUSES = ['upcoming', 'running', 'closing', 'closed'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

/** At most R$ 100.000,00 for one bonus: a typo's ceiling, not a policy. */
export const BONUS_AMOUNT_MAX_CENTS = 10_000_000;
const amountCents = z
  .number()
  .int('must be whole cents')
  .min(1, 'must be above zero')
  .max(BONUS_AMOUNT_MAX_CENTS, 'must be at most R$ 100.000,00');

const bonusFields = {
  name: z.string().trim().min(3, 'must have at least 3 characters').max(120, 'must have at most 120 characters'),
  description: z.string().trim().max(500, 'must have at most 500 characters').default(''),
  measure: bonusMeasureSchema,
  /** Approved sales (a count), or approved commission in cents, to reach within the period. */
  threshold: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000_000),
  amount_cents: amountCents,
  /** The period's first and last Brasília days, both included. */
  starts_on: daySchema,
  ends_on: daySchema,
  active: z.boolean().default(true),
};

const endsAfterStart = (body: { starts_on?: string; ends_on?: string }) =>
  !body.starts_on || !body.ends_on || body.ends_on >= body.starts_on;

/** POST /bonuses: a performance bonus. */
export const bonusBodySchema = z
  .object(bonusFields)
  .refine(endsAfterStart, { path: ['ends_on'], message: 'must be on or after the first day' });
export type BonusBody = z.input<typeof bonusBodySchema>;

/** PATCH /bonuses/:id: any field of a bonus not closed yet. */
export const bonusPatchSchema = z
  .object({
    name: bonusFields.name.optional(),
    description: z.string().trim().max(500, 'must have at most 500 characters').optional(),
    measure: bonusMeasureSchema.optional(),
    threshold: bonusFields.threshold.optional(),
    amount_cents: amountCents.optional(),
    starts_on: daySchema.optional(),
    ends_on: daySchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    path: ['name'],
    message: 'give something to change',
  });
export type BonusPatch = z.input<typeof bonusPatchSchema>;

export const bonusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  measure: bonusMeasureSchema,
  threshold: z.number().int(),
  amount_cents: z.number().int(),
  starts_on: z.string(),
  ends_on: z.string(),
  active: z.boolean(),
  status: z.enum(BONUS_STATUSES),
  /** How many affiliates it was awarded to, and what that cost (0 until it closes). */
  awards: z.number().int(),
  awarded_cents: z.number().int(),
  closed_at: z.string().nullable(),
  created_at: z.string(),
});
export type Bonus = z.infer<typeof bonusSchema>;
export const bonusListSchema = z.object({ items: z.array(bonusSchema) });

/** POST /affiliates/:id/bonuses: a one-off bonus, with the reason the affiliate reads. */
export const oneOffBonusBodySchema = z.object({
  amount_cents: amountCents,
  reason: z.string().trim().min(3, 'say why, in at least 3 characters').max(300, 'must have at most 300 characters'),
});
export type OneOffBonusBody = z.input<typeof oneOffBonusBodySchema>;

export const bonusAwardSchema = z.object({
  id: z.number().int(),
  /** The performance bonus it came from; null for a one-off bonus. */
  bonus_id: z.number().int().nullable(),
  affiliate_id: z.number().int(),
  affiliate_name: z.string(),
  amount_cents: z.number().int(),
  /** The bonus's name, or the one-off bonus's reason. */
  reason: z.string(),
  created_at: z.string(),
});
export type BonusAward = z.infer<typeof bonusAwardSchema>;
export const bonusAwardPageSchema = pageOf(bonusAwardSchema);
export const bonusAwardQuerySchema = listQuerySchema.pick({ page: true, page_size: true });

/** A running bonus as an affiliate reads it on their home: how far they are. */
export const myBonusSchema = bonusSchema
  .pick({
    id: true,
    name: true,
    description: true,
    measure: true,
    threshold: true,
    amount_cents: true,
    starts_on: true,
    ends_on: true,
  })
  .extend({
    /** Approved sales, or approved commission in cents, of the period so far (refunds count out). */
    progress: z.number().int(),
  });
export type MyBonus = z.infer<typeof myBonusSchema>;
export const myBonusesSchema = z.object({
  running: z.array(myBonusSchema),
  /** The bonuses awarded to them, newest first (the last 10). */
  awards: z.array(bonusAwardSchema.omit({ affiliate_name: true })),
});
export type MyBonuses = z.infer<typeof myBonusesSchema>;
