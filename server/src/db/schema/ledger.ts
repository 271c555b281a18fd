import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { affiliates } from './programme';
import { users } from './users';

export const REDEMPTION_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;

/** Where a redemption is paid: the PIX key, or a bank account. */
export type RedemptionDestination =
  | { type: 'pix'; pix_key_type: 'cpf' | 'cnpj' | 'email' | 'phone' | 'random'; pix_key: string }
  | {
      type: 'bank';
      bank: string;
      agency: string;
      account: string;
      account_type: 'checking' | 'savings';
      holder: string;
      document: string;
    };

/** A request to be paid part of the balance; its amount is reserved in the ledger when requested. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['pix', 'bank'] }).notNull(),
    destination: jsonb('destination').$type<RedemptionDestination>().notNull(),
    status: text('status', { enum: REDEMPTION_STATUSES }).notNull().default('requested'),
    /** The client's Idempotency-Key and a hash of the body it came with. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: bigint('approved_by', { mode: 'number' }).references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    /** Why it was rejected. */
    note: text('note'),
  },
  (t) => [
    index('redemptions_affiliate_idx').on(t.affiliateId, t.requestedAt),
    index('redemptions_status_idx').on(t.status, t.requestedAt),
    uniqueIndex('redemptions_idempotency_key').on(t.affiliateId, t.idempotencyKey),
    check('redemptions_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** A redemption paid out: one per redemption, whoever clicks "pay" at the same moment. */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    redemptionId: bigint('redemption_id', { mode: 'number' })
      .notNull()
      .references(() => redemptions.id),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['pix', 'bank'] }).notNull(),
    /** The PIX end-to-end id or the bank receipt number. */
    reference: text('reference').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    paidBy: bigint('paid_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_redemption_key').on(t.redemptionId),
    index('payments_affiliate_idx').on(t.affiliateId, t.paidAt),
    index('payments_paid_at_idx').on(t.paidAt),
  ],
);
