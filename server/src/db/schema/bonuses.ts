import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { affiliates } from './programme';
import { ledgerEntries } from './sales';
import { users } from './users';

export const BONUS_MEASURES = ['approved_sales', 'approved_commission'] as const;

/**
 * A performance bonus (docs/decisions/042): every affiliate whose approved sales (or their
 * commission) of the period reach the threshold earns the amount once, when the period closes.
 */
export const bonuses = pgTable(
  'bonuses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    measure: text('measure', { enum: BONUS_MEASURES }).notNull(),
    /** A count of sales, or commission in cents. */
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The period's first and last Brasília days, both included. */
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    active: boolean('active').notNull().default(true),
    /** Set by the job that awarded it, in the transaction of its awards: a closed bonus never pays again. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bonuses_amount_positive', sql`${t.amountCents} > 0 and ${t.threshold} > 0`),
    check('bonuses_period', sql`${t.endsOn} >= ${t.startsOn}`),
    // The job looks for active bonuses whose period has ended and are not closed.
    index('bonuses_to_close_idx').on(t.endsOn).where(sql`${t.closedAt} is null and ${t.active}`),
  ],
);

/** A bonus paid to an affiliate: a performance bonus's award, or an admin's one-off bonus (no bonus). */
export const bonusAwards = pgTable(
  'bonus_awards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bonusId: bigint('bonus_id', { mode: 'number' }).references(() => bonuses.id),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The bonus's name, or the reason the admin gave for a one-off bonus. */
    reason: text('reason').notNull(),
    /** The ledger's adjustment line that paid it. */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    awardedBy: bigint('awarded_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A performance bonus pays each affiliate once, however many servers run its job.
    uniqueIndex('bonus_awards_once_key').on(t.bonusId, t.affiliateId).where(sql`${t.bonusId} is not null`),
    index('bonus_awards_affiliate_idx').on(t.affiliateId, t.id),
  ],
);
