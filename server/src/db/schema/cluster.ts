import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets every server of one database must share (the JWT and sealing secret), generated once by
 * the first server when the environment gives none (docs/decisions/025).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Attempts counted per key in a fixed window, shared by every server (sign-in, recovery and
 * registration limits, decision 025). The key is a keyed hash: no address or email is stored.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});
