import { z } from 'zod';
import { daySchema, idSchema, instantSchema, listQuerySchema, pageOf } from './common';
import { PIX_KEY_TYPES } from './pix';

/**
 * A payout batch (docs/decisions/037): approved redemptions paid together, through the configured
 * provider. `open` until an admin pays it; `paying` while transfers are on their way; `done` when
 * every item ended paid or failed (a failed item's redemption is approved again, back in the queue).
 */
export const PAYOUT_BATCH_STATUSES = ['open', 'paying', 'done'] as const;
export const payoutBatchStatusSchema = z.enum(PAYOUT_BATCH_STATUSES);
export type PayoutBatchStatus = z.infer<typeof payoutBatchStatusSchema>;

/**
 * An item: `pending` in an open batch; `sending` queued for the provider; `processing` accepted by
 * it, waiting for its confirmation; `held` for an admin (the key's holder is not the affiliate);
 * `paid` with the provider's end-to-end id; `failed` with the reason.
 */
export const PAYOUT_ITEM_STATUSES = ['pending', 'sending', 'processing', 'held', 'paid', 'failed'] as const;
export const payoutItemStatusSchema = z.enum(PAYOUT_ITEM_STATUSES);
export type PayoutItemStatus = z.infer<typeof payoutItemStatusSchema>;
/** The items that keep their redemption out of any other batch. */
export const BUSY_PAYOUT_ITEM_STATUSES = ['pending', 'sending', 'processing', 'held', 'paid'] as const;

/** `manual`: the admin pays in the bank (the batch's CSV) and says so; `asaas`: Asaas sends each PIX. */
export const PAYOUT_PROVIDERS = ['manual', 'asaas'] as const;
export const payoutProviderSchema = z.enum(PAYOUT_PROVIDERS);
export type PayoutProvider = z.infer<typeof payoutProviderSchema>;

export const payoutItemSchema = z.object({
  id: z.number().int(),
  redemption_id: z.number().int(),
  affiliate_id: z.number().int(),
  affiliate_name: z.string(),
  affiliate_code: z.string(),
  /** The redemption's gross; a person is sent it less the withholdings (RPA), fixed when the batch is paid. */
  amount_cents: z.number().int(),
  inss_cents: z.number().int(),
  irrf_cents: z.number().int(),
  iss_cents: z.number().int(),
  net_cents: z.number().int(),
  method: z.enum(['pix', 'bank']),
  pix_key_type: z.enum(PIX_KEY_TYPES).nullable(),
  pix_key: z.string().nullable(),
  status: payoutItemStatusSchema,
  /** Why it failed or is held, as the provider or the check said it. */
  reason: z.string().nullable(),
  /** The PIX end-to-end id (or the manual payment's reference) once paid. */
  end_to_end_id: z.string().nullable(),
  /** The key's holder as the provider reported it (a held item shows it beside the affiliate's). */
  holder_name: z.string().nullable(),
  holder_document: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

const batchFields = {
  id: z.number().int(),
  status: payoutBatchStatusSchema,
  provider: payoutProviderSchema,
  total_cents: z.number().int(),
  item_count: z.number().int(),
  paid_count: z.number().int(),
  failed_count: z.number().int(),
  created_at: z.string(),
  created_by_name: z.string(),
  paid_at: z.string().nullable(),
};
export const payoutBatchSummarySchema = z.object(batchFields);
export type PayoutBatchSummary = z.infer<typeof payoutBatchSummarySchema>;
export const payoutBatchSchema = z.object({ ...batchFields, items: z.array(payoutItemSchema) });
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;

/** POST /payout-batches: the approved redemptions picked, or every approved one requested up to a day. */
export const payoutBatchBodySchema = z
  .object({
    redemption_ids: z
      .array(idSchema)
      .min(1, 'must pick at least one redemption')
      .max(1000, 'must be at most 1000 redemptions')
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a redemption')
      .optional(),
    approved_until: daySchema.optional(),
  })
  .refine((b) => (b.redemption_ids === undefined) !== (b.approved_until === undefined), {
    path: ['redemption_ids'],
    message: 'must be given, or approved_until instead (one of the two)',
  });
export type PayoutBatchBody = z.input<typeof payoutBatchBodySchema>;

/**
 * POST /payout-batches/:id/pay. `provider` defaults to the configured one; `manual` (always there:
 * the admin paid the batch's CSV in the bank) needs the bank's reference; a provider sends each PIX.
 */
export const payPayoutBatchBodySchema = z.object({
  provider: payoutProviderSchema.optional(),
  reference: z.string().trim().min(4, 'must be the bank’s receipt or batch number').max(100).optional(),
  paid_at: instantSchema.optional(),
});

export const payoutBatchListQuerySchema = listQuerySchema.pick({ page: true, page_size: true }).extend({
  status: payoutBatchStatusSchema.optional(),
});
export const payoutBatchPageSchema = pageOf(payoutBatchSummarySchema);
export type PayoutBatchPage = z.infer<typeof payoutBatchPageSchema>;

/** A receipt for paying a person (RPA): gross, each withholding and net, exact to the cent. */
export const payoutReceiptSchema = z.object({
  id: z.number().int(),
  redemption_id: z.number().int(),
  affiliate_id: z.number().int(),
  month: z.string(),
  gross_cents: z.number().int(),
  inss_cents: z.number().int(),
  irrf_cents: z.number().int(),
  iss_cents: z.number().int(),
  net_cents: z.number().int(),
  legal_name: z.string(),
  document: z.string(),
  end_to_end_id: z.string(),
  paid_at: z.string(),
});
export type PayoutReceipt = z.infer<typeof payoutReceiptSchema>;
export const receiptListQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  affiliate_id: idSchema.optional(),
});
export const receiptListSchema = z.object({ items: z.array(payoutReceiptSchema) });
/** GET /receipts/yearly: a year's statement of what was paid and withheld, as PDF or CSV. */
export const yearlyStatementQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  format: z.enum(['pdf', 'csv']).default('pdf'),
  affiliate_id: idSchema.optional(),
});

/** A company's NFS-e for a redemption: an XML of the right value is accepted; a PDF waits for an admin. */
export const payoutInvoiceSchema = z.object({
  redemption_id: z.number().int(),
  format: z.enum(['pdf', 'xml']),
  amount_cents: z.number().int().nullable(),
  status: z.enum(['review', 'accepted', 'refused']),
  note: z.string().nullable(),
  uploaded_at: z.string(),
});
export type PayoutInvoice = z.infer<typeof payoutInvoiceSchema>;
export const reviewInvoiceBodySchema = z.object({
  accept: z.boolean(),
  note: z.string().trim().max(300).optional(),
});

/** GET /settings/payouts: how batches are paid here (PAYOUT_PROVIDER), for the pay dialog. */
export const payoutSettingsSchema = z.object({ provider: payoutProviderSchema });

/** GET /invoices (admins): the NFS-e sent, with whose and for how much; `status=review` what waits for a check. */
export const invoiceListQuerySchema = z.object({ status: z.enum(['review', 'accepted', 'refused']).optional() });
export const invoiceLineSchema = payoutInvoiceSchema.extend({
  affiliate_id: z.number().int(),
  affiliate_name: z.string(),
  legal_name: z.string().nullable(),
  redemption_amount_cents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;
export const invoiceListSchema = z.object({ items: z.array(invoiceLineSchema) });
