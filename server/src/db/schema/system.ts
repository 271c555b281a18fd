import { MAIL_STATES } from '@contract/mail';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The queues of the outbox, one table each (docs/decisions/033). */
export const OUTBOUND_CHANNELS = ['postback', 'webhook', 'mail', 'payout'] as const;
export type OutboundChannel = (typeof OUTBOUND_CHANNELS)[number];

/** Programme-wide switches an admin changes at run time (maintenance mode, redemption rules...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every mail the portal sends: the mail queue of the outbox (docs/decisions/033), written in the
 * transaction of its event, taken by the outbox worker with FOR UPDATE SKIP LOCKED, retried with
 * backoff. Without SMTP_URL a mail is `kept`: this table is its only copy.
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra header lines of this mail (an announcement's List-Unsubscribe, RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    state: text('state', { enum: MAIL_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When a queued row is due; while a worker holds it, when its hold runs out. Null once finished. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_deliveries_to_idx').on(t.to),
    index('mail_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'queued'`),
    check('mail_deliveries_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * One line per attempt of anything that leaves the portal (docs/decisions/033): `channel` says which
 * queue table `delivery_id` is a row of. Never a secret, a token or a URL with its query.
 */
export const outboundAttempts = pgTable(
  'outbound_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: OUTBOUND_CHANNELS }).notNull(),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    attempt: integer('attempt').notNull(),
    isManual: boolean('is_manual').notNull().default(false),
    statusCode: integer('status_code'),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
    durationMs: integer('duration_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbound_attempts_delivery_idx').on(t.channel, t.deliveryId, t.id)],
);

/** Who changed what, before and after: every admin write lands here. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.at)],
);

/** What happened to a person, kept until they see it (shown live when they are connected). */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when it reached the person's browser over the stream; until then it waits for them. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

/** SPEC.md §3 and §7: one document per shown notification, written by the browser. */
export const logs = pgTable(
  'logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user: jsonb('user').$type<Record<string, string>>().notNull(),
    notification: jsonb('notification').$type<Record<string, unknown>>().notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    /** The signed-in person who wrote it (always the log's user.id). */
    writtenBy: bigint('written_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('logs_created_idx').on(t.createdAt), index('logs_written_by_idx').on(t.writtenBy)],
);

/** SPEC.md §7: analytics events such as notification_activated. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_created_idx').on(t.name, t.createdAt)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
