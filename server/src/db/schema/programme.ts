import { RECURRING_RULES } from '@contract/campaigns';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from './types';
import { users } from './users';

export const networks = pgTable('networks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const levels = pgTable('levels', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  rank: integer('rank').notNull(),
  commissionBps: integer('commission_bps').notNull(),
  minSalesCents: bigint('min_sales_cents', { mode: 'number' }).notNull().default(0),
  description: text('description'),
});

export const AFFILIATE_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];

export const affiliates = pgTable(
  'affiliates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    networkId: bigint('network_id', { mode: 'number' }).references(() => networks.id),
    levelId: bigint('level_id', { mode: 'number' }).references(() => levels.id),
    status: text('status', { enum: AFFILIATE_STATUSES }).notNull().default('pending'),
    statusReason: text('status_reason'),
    /** Reasons the fraud rules gave at registration (disposable_email): shown in the review queue. */
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    pixKey: text('pix_key'),
    pixKeyType: text('pix_key_type', { enum: ['cpf', 'cnpj', 'email', 'phone', 'random'] }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: bigint('approved_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliates_user_key').on(t.userId),
    uniqueIndex('affiliates_code_key').on(t.code),
    index('affiliates_status_created_idx').on(t.status, t.createdAt),
    index('affiliates_network_idx').on(t.networkId),
    index('affiliates_level_idx').on(t.levelId),
  ],
);

export const CAMPAIGN_STATUSES = ['active', 'paused', 'ended'] as const;
/** Who gets a sale when one browser followed several affiliates' links (docs/decisions/021). */
export const ATTRIBUTION_MODELS = ['last_click', 'first_click', 'split_first_last'] as const;

export const campaigns = pgTable(
  'campaigns',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Sanitised HTML (server-side allow-list), safe to render. */
    description: text('description').notNull().default(''),
    destinationUrl: text('destination_url').notNull(),
    imageUrl: text('image_url'),
    /** Null: the affiliate's level rate applies. */
    commissionType: text('commission_type', { enum: ['percent', 'fixed'] }),
    /** Basis points for percent, cents for fixed. */
    commissionValue: bigint('commission_value', { mode: 'number' }),
    cookieDays: integer('cookie_days').notNull(),
    holdDays: integer('hold_days').notNull(),
    holdDaysByMethod: jsonb('hold_days_by_method').$type<Record<string, number>>().notNull().default({}),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('active'),
    attributionModel: text('attribution_model', { enum: ATTRIBUTION_MODELS }).notNull().default('last_click'),
    /** Which charges of a subscription earn, and a renewal's own rate (docs/decisions/026). */
    recurringRule: text('recurring_rule', { enum: RECURRING_RULES }).notNull().default('lifetime'),
    recurringCharges: integer('recurring_charges'),
    renewalCommissionValue: bigint('renewal_commission_value', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campaigns_name_key').on(t.name), index('campaigns_status_idx').on(t.status)],
);

export const campaignImages = pgTable('campaign_images', {
  campaignId: bigint('campaign_id', { mode: 'number' })
    .primaryKey()
    .references(() => campaigns.id),
  content: bytea('content').notNull(),
  contentType: text('content_type').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
