import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS } from '@contract/webhooks';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Where the programme's own systems want to hear of its events (docs/decisions/023). The signing
 * secret must come back to sign, so it is sealed (AES-256-GCM, as API key secrets), never hashed.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events', { enum: WEBHOOK_EVENTS }).array().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  /** The secret before the last rotation: deliveries carry both signatures until it expires. */
  previousSecretSealed: text('previous_secret_sealed'),
  previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason'),
  /** Failed attempts since the last success, and when that run of failures began. */
  failureCount: integer('failure_count').notNull().default(0),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The queue and the log of webhook messages: one row per event and endpoint, written in the same
 * statement or transaction as the event, taken by a worker with FOR UPDATE SKIP LOCKED (the oldest
 * waiting row of an endpoint and subject first), retried with backoff. `message_id` is the `webhook-id`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: text('message_id').notNull().unique().default(sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`),
    endpointId: bigint('endpoint_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type', { enum: WEBHOOK_EVENTS }).notNull(),
    /** The body as signed and sent: `{type, timestamp, data}`. */
    payload: jsonb('payload').notNull(),
    /**
     * What the event is about (`sale:42`, `redemption:7`, `affiliate:3`): an endpoint gets the
     * messages of one subject in the order they were queued; different subjects go side by side.
     */
    subject: text('subject').notNull(),
    state: text('state', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When a queued row is due; while a worker holds it, when its hold runs out. Null once finished. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    statusCode: integer('status_code'),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_queued_idx').on(t.endpointId, t.subject, t.id).where(sql`${t.state} = 'queued'`),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'queued'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    check('webhook_deliveries_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
