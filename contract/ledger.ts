import { z } from 'zod';
import { daySchema, idSchema, instantSchema, listQuerySchema } from './common';
import { PIX_KEY_TYPES } from './pix';
import { ledgerKindSchema } from './sales';

/** GET /balance: available is the sum of the ledger; pending the commissions of sales not yet approved. */
export const balanceSchema = z.object({
  available_cents: z.number().int(),
  pending_cents: z.number().int(),
  paid_cents: z.number().int(),
  /** Amounts of redemptions requested or approved and not paid yet (already out of available). */
  reserved_cents: z.number().int(),
  min_redemption_cents: z.number().int(),
  one_open_at_a_time: z.boolean(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: ledgerKindSchema,
  amount_cents: z.number().int(),
  /** The balance right after this entry. */
  balance_cents: z.number().int(),
  sale_id: z.number().int().nullable(),
  redemption_id: z.number().int().nullable(),
  note: z.string().nullable(),
  /**
   * A redemption paid with withholdings (a person's receipt): what was withheld and what reached the
   * affiliate. The entry's amount stays the gross the ledger debited; null before payment or with none.
   */
  withheld_cents: z.number().int().nullable(),
  net_paid_cents: z.number().int().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerPageSchema = z.object({
  items: z.array(ledgerEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export const ledgerQuerySchema = listQuerySchema.pick({ page: true, page_size: true });

export const REDEMPTION_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;
export const redemptionStatusSchema = z.enum(REDEMPTION_STATUSES);
export type RedemptionStatus = z.infer<typeof redemptionStatusSchema>;
/** A request still waiting for an admin: to decide (requested) or to pay (approved). */
export const OPEN_REDEMPTION_STATUSES = ['requested', 'approved'] as const satisfies readonly RedemptionStatus[];
/** The list's status filter: one status, or `open` (either open status: what the admin home counts). */
export const redemptionListStatusSchema = z.enum([...REDEMPTION_STATUSES, 'open']);

const digits = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9-]{${min},${max}}$`), `must be ${label}`);

export const bankDestinationSchema = z.object({
  type: z.literal('bank'),
  bank: digits('the 3-digit bank code', 3, 3),
  agency: digits('the agency number (digits)', 1, 6),
  account: digits('the account number (digits and dash)', 2, 20),
  account_type: z.enum(['checking', 'savings']),
  holder: z.string().trim().min(3, 'must be the holder’s full name').max(120),
  document: z
    .string()
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length === 11 || v.length === 14, 'must be a CPF or CNPJ'),
});

export const redemptionDestinationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pix'), pix_key_type: z.enum(PIX_KEY_TYPES), pix_key: z.string() }),
  bankDestinationSchema.extend({ document: z.string() }),
]);
export type RedemptionDestination = z.infer<typeof redemptionDestinationSchema>;

/** POST /redemptions: PIX goes to the key saved in the account; bank needs the account here. */
export const redemptionBodySchema = z
  .object({
    amount_cents: z
      .number('must be a number of cents')
      .int('must be a whole number of cents')
      .positive('must be more than zero'),
    method: z.enum(['pix', 'bank']),
    destination: bankDestinationSchema.optional(),
  })
  .refine((r) => r.method !== 'bank' || r.destination, {
    path: ['destination'],
    message: 'is required for a bank transfer',
  });
export type RedemptionBody = z.input<typeof redemptionBodySchema>;

export const redemptionEventSchema = z.object({
  at: z.string(),
  status: redemptionStatusSchema,
  actor_name: z.string().nullable(),
  note: z.string().nullable(),
});

export const redemptionSchema = z.object({
  id: z.number().int(),
  affiliate_id: z.number().int(),
  affiliate_name: z.string(),
  affiliate_code: z.string(),
  network_id: z.number().int().nullable(),
  amount_cents: z.number().int(),
  method: z.enum(['pix', 'bank']),
  destination: redemptionDestinationSchema,
  status: redemptionStatusSchema,
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  note: z.string().nullable(),
  payment: z
    .object({ id: z.number().int(), reference: z.string(), paid_at: z.string(), paid_by_name: z.string() })
    .nullable(),
  timeline: z.array(redemptionEventSchema),
});
export type Redemption = z.infer<typeof redemptionSchema>;

const day = daySchema;
export const redemptionListQuerySchema = listQuerySchema.extend({
  status: redemptionListStatusSchema.optional(),
  affiliate_id: idSchema.optional(),
  network_id: idSchema.optional(),
  from: day.optional(),
  to: day.optional(),
});
export type RedemptionListQuery = z.input<typeof redemptionListQuerySchema>;
export const redemptionPageSchema = z.object({
  items: z.array(redemptionSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  totals: z.object({ count: z.number().int(), amount_cents: z.number().int() }),
});
export type RedemptionPage = z.infer<typeof redemptionPageSchema>;

export const rejectRedemptionBodySchema = z.object({
  reason: z.string().trim().min(3, 'must say why (at least 3 characters)').max(500),
});
export const payRedemptionBodySchema = z.object({
  reference: z.string().trim().min(4, 'must be the PIX end-to-end id or the receipt number').max(100),
  paid_at: instantSchema.optional(),
});

export const paymentSchema = z.object({
  id: z.number().int(),
  redemption_id: z.number().int(),
  affiliate_id: z.number().int(),
  affiliate_name: z.string(),
  affiliate_code: z.string(),
  amount_cents: z.number().int(),
  method: z.enum(['pix', 'bank']),
  reference: z.string(),
  paid_at: z.string(),
  paid_by_name: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentListQuerySchema = listQuerySchema.extend({
  affiliate_id: idSchema.optional(),
  network_id: idSchema.optional(),
  method: z.enum(['pix', 'bank']).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;
export const paymentPageSchema = z.object({
  items: z.array(paymentSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  totals: z.object({ count: z.number().int(), amount_cents: z.number().int() }),
});
export type PaymentPage = z.infer<typeof paymentPageSchema>;

export const redemptionSettingsSchema = z.object({ one_open_at_a_time: z.boolean() });
