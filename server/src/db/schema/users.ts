import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './types';

export const ROLES = ['Administrador', 'Afiliado'] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    /** Null for a person an admin registered who has not chosen a password yet. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    avatarUrl: text('avatar_url'),
    role: text('role', { enum: ROLES }).notNull(),
    language: text('language').notNull().default('en'),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** SHA-256 hashes of the unused recovery codes. */
    twoFactorRecoveryCodes: jsonb('two_factor_recovery_codes').$type<string[]>().notNull().default([]),
    /** The last TOTP time step accepted, so a code cannot be replayed. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /** Bumped by a password change or reset, a suspension or a deactivation: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The person asked for no announcement mails (they still see them in the portal); decision 047. */
    announcementsOptOut: boolean('announcements_opt_out').notNull().default(false),
    /** The random key of the unsubscribe link in announcement mails: one click, no sign-in. */
    unsubscribeToken: uuid('unsubscribe_token').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    uniqueIndex('users_unsubscribe_token_key').on(t.unsubscribeToken),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Sessions their person signed out of before they expired: the token's id, kept until the token
 * would have expired anyway. Other sessions of the same person go on (a password change or a
 * deactivation ends them all through `token_version`).
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    tokenId: uuid('token_id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ended_sessions_expires_at_idx').on(t.expiresAt)],
);

/** Resized avatars live in the database, so every server can serve them. */
export const avatars = pgTable('avatars', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  content: bytea('content').notNull(),
  contentType: text('content_type').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
