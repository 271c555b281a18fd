import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The devices each person signs in from: the keyed hash of the address (the same hash as a click's)
 * and the browser's agent. The fraud rule "same address as the affiliate" compares a sale's click
 * with them. One row per device, its last sign-in kept.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    ipHash: text('ip_hash').notNull(),
    userAgent: text('user_agent').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ipHash, t.userAgent] })],
);

/**
 * Clicks not counted because one address sent too many on one link in a short time (the fraud rule
 * "click flooding"), per Brasília day, link and address hash: the report admins review.
 */
export const clickFloods = pgTable(
  'click_floods',
  {
    day: date('day', { mode: 'string' }).notNull(),
    linkId: bigint('link_id', { mode: 'number' }).notNull(),
    affiliateId: bigint('affiliate_id', { mode: 'number' }).notNull(),
    ipHash: text('ip_hash').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.linkId, t.ipHash] })],
);
