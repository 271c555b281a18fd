import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { affiliates } from './programme';
import { sales } from './sales';

export const POSTBACK_EVENTS = ['created', 'approved', 'reversed'] as const;
export const POSTBACK_DELIVERY_STATES = ['queued', 'delivered', 'failed', 'skipped'] as const;

/** Where an affiliate's own tracker wants to hear about their sales (one template per affiliate). */
export const affiliatePostbacks = pgTable('affiliate_postbacks', {
  affiliateId: bigint('affiliate_id', { mode: 'number' })
    .primaryKey()
    .references(() => affiliates.id),
  /** The URL with its macros ({click_id}, {amount}...), filled in for each delivery. */
  url: text('url').notNull(),
  events: text('events', { enum: POSTBACK_EVENTS }).array().notNull(),
  active: boolean('active').notNull().default(true),
  /** Set when the outbox turned it off for failing without pause (docs/decisions/033). */
  disabledReason: text('disabled_reason'),
  /** Failed attempts since the last success, and when that run of failures began. */
  failureCount: integer('failure_count').notNull().default(0),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The queue and the log of postbacks in one table (docs/decisions/020): a row is written in the
 * same statement or transaction as the sale step it tells of, taken by a worker with
 * FOR UPDATE SKIP LOCKED, retried with backoff, and kept with what the tracker answered.
 */
export const postbackDeliveries = pgTable(
  'postback_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    saleId: bigint('sale_id', { mode: 'number' })
      .notNull()
      .references(() => sales.id),
    event: text('event', { enum: POSTBACK_EVENTS }).notNull(),
    /** The sale's status the event left it in: the {status} macro. */
    saleStatus: text('sale_status').notNull(),
    state: text('state', { enum: POSTBACK_DELIVERY_STATES }).notNull().default('queued'),
    /** The URL of the last attempt, macros filled in. */
    url: text('url'),
    statusCode: integer('status_code'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** When a queued row is due; while a worker holds it, when its hold runs out. Null once finished. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('postback_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'queued'`),
    index('postback_deliveries_affiliate_idx').on(t.affiliateId, t.id),
    check('postback_deliveries_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
