import { PAYOUT_BATCH_STATUSES, PAYOUT_ITEM_STATUSES, PAYOUT_PROVIDERS } from '@contract/payouts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { redemptions } from './ledger';
import { affiliates } from './programme';
import { bytea } from './types';
import { users } from './users';

/** Approved redemptions paid together (docs/decisions/037). */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    status: text('status', { enum: PAYOUT_BATCH_STATUSES }).notNull().default('open'),
    /** The provider the batch is paid through, fixed when it is paid. */
    provider: text('provider', { enum: PAYOUT_PROVIDERS }).notNull().default('manual'),
    createdBy: bigint('created_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidBy: bigint('paid_by', { mode: 'number' }).references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('payout_batches_created_idx').on(t.createdAt)],
);

/**
 * One redemption of a batch, and the outbox's queue row for its transfer (docs/decisions/033): the
 * queue columns (`state`, `attempts`, `next_attempt_at`, …) are the engine's; `state` is `idle`
 * until the batch is paid through a provider, then `queued`, `sent` once the provider took the
 * transfer, or `failed`.
 */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => payoutBatches.id),
    redemptionId: bigint('redemption_id', { mode: 'number' })
      .notNull()
      .references(() => redemptions.id),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYOUT_ITEM_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    /** The provider's id of the transfer, once it took it, and the transfer's status as it last said. */
    providerTransferId: text('provider_transfer_id'),
    providerStatus: text('provider_status'),
    endToEndId: text('end_to_end_id'),
    holderName: text('holder_name'),
    holderDocument: text('holder_document'),
    /** The admin who let a held item go to the holder Asaas reported (the check approves it from then on). */
    holderApprovedBy: bigint('holder_approved_by', { mode: 'number' }).references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * What paying a person withholds (docs/decisions/038), fixed when the batch is paid: the PIX
     * sends `net_cents`; the ledger keeps the gross (`amount_cents`). Zero for companies and for an
     * affiliate without a tax profile.
     */
    inssCents: bigint('inss_cents', { mode: 'number' }).notNull().default(0),
    irrfCents: bigint('irrf_cents', { mode: 'number' }).notNull().default(0),
    issCents: bigint('iss_cents', { mode: 'number' }).notNull().default(0),
    netCents: bigint('net_cents', { mode: 'number' }),
    state: text('state').notNull().default('idle'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    error: text('error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A redemption is in one batch at a time, and once paid in none other: a failed item frees it.
    uniqueIndex('payout_items_redemption_busy').on(t.redemptionId).where(sql`${t.status} <> 'failed'`),
    index('payout_items_batch_idx').on(t.batchId, t.id),
    index('payout_items_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'queued'`),
    index('payout_items_transfer_idx').on(t.providerTransferId),
    check('payout_items_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A receipt for paying a person (RPA, docs/decisions/038): who was paid (the tax profile as it was),
 * the month it counts in (the monthly INSS ceiling and IRRF table add up a month's receipts), the
 * gross, each withholding and the net, exact to the cent. Written when the item is paid; never changed.
 */
export const payoutReceipts = pgTable(
  'payout_receipts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => payoutItems.id),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    redemptionId: bigint('redemption_id', { mode: 'number' })
      .notNull()
      .references(() => redemptions.id),
    /** The Brasília month, `YYYY-MM`. */
    month: text('month').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    inssCents: bigint('inss_cents', { mode: 'number' }).notNull(),
    irrfCents: bigint('irrf_cents', { mode: 'number' }).notNull(),
    issCents: bigint('iss_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    payee: jsonb('payee').$type<Record<string, string>>().notNull(),
    endToEndId: text('end_to_end_id').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payout_receipts_affiliate_idx').on(t.affiliateId, t.month),
    check(
      'payout_receipts_net_check',
      sql`${t.netCents} = ${t.grossCents} - ${t.inssCents} - ${t.irrfCents} - ${t.issCents}`,
    ),
  ],
);

export const INVOICE_STATUSES = ['review', 'accepted', 'refused'] as const;

/**
 * A company's invoice (NFS-e) for a redemption (docs/decisions/038): when the admin requires it, a
 * company's redemption is batched only once its invoice is accepted. An XML whose value is the
 * redemption's is accepted on upload; a PDF waits for an admin to check it.
 */
export const payoutInvoices = pgTable('payout_invoices', {
  redemptionId: bigint('redemption_id', { mode: 'number' })
    .primaryKey()
    .references(() => redemptions.id),
  affiliateId: bigint('affiliate_id', { mode: 'number' })
    .notNull()
    .references(() => affiliates.id),
  format: text('format', { enum: ['pdf', 'xml'] }).notNull(),
  content: bytea('content').notNull(),
  /** The value the XML states, in cents (null for a PDF). */
  amountCents: bigint('amount_cents', { mode: 'number' }),
  status: text('status', { enum: INVOICE_STATUSES }).notNull(),
  note: text('note'),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
});
