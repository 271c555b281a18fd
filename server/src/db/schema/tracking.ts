import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { affiliates, campaigns } from './programme';

/** An affiliate's tracking link for a campaign; the same choices always give the same link. */
export const links = pgTable(
  'links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    code: text('code').notNull(),
    subId: text('sub_id').notNull().default(''),
    utmSource: text('utm_source').notNull().default(''),
    utmMedium: text('utm_medium').notNull().default(''),
    utmCampaign: text('utm_campaign').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('links_code_key').on(t.code),
    uniqueIndex('links_choices_key').on(t.affiliateId, t.campaignId, t.subId, t.utmSource, t.utmMedium, t.utmCampaign),
  ],
);

/**
 * One visit through a link. The id is the click_id handed to the merchant. No index but the primary
 * key: a sale finds its click by id, and every figure (by day, affiliate, campaign or link) comes from
 * the rollups; each index would be paid on every click written (decision 009).
 */
export const clicks = pgTable('clicks', {
  id: uuid('id').primaryKey(),
  // No foreign key: the redirect takes the link from the links table, links are never deleted (only
  // disabled), and the key's check was a third of each click's write (decision 009).
  linkId: bigint('link_id', { mode: 'number' }).notNull(),
  affiliateId: bigint('affiliate_id', { mode: 'number' }).notNull(),
  campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  ipHash: text('ip_hash').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  referrer: text('referrer').notNull().default(''),
  isBot: boolean('is_bot').notNull().default(false),
  /** The same IP and agent on the same link within an hour counts once: the later ones are repeats. */
  isRepeat: boolean('is_repeat').notNull().default(false),
  /**
   * The first click of this browser on this campaign within the cookie window (from the first-click
   * cookie); null when this click is the first. The attribution models read it (first_click, split).
   */
  firstClickId: uuid('first_click_id'),
  /**
   * What the click batch writer worked out about the visit (country, device, browser, system,
   * referrer host), as the id of that combination in `click_traits`: one integer column costs PGlite's
   * COPY a fifth of what five text columns did (decision 022). Null when unknown.
   */
  traitsId: integer('traits_id'),
});

/**
 * When each visitor (a 52-bit fingerprint of IP hash and agent, `visitorOf`) last counted on each link: the one place every
 * server checks, so the same visitor within the hour counts once however many servers answer it.
 * Rows older than the hour are only history; the click buffer deletes them now and then.
 */
export const countedVisits = pgTable(
  'counted_visits',
  {
    linkId: bigint('link_id', { mode: 'number' }).notNull(),
    visitor: bigint('visitor', { mode: 'number' }).notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.visitor] })],
);

/**
 * Each combination of what a click was enriched with, once: a busy programme sees a few thousand.
 * The address itself is never stored (LGPD): only its keyed hash on the click, and the country here.
 */
export const clickTraits = pgTable(
  'click_traits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** ISO 3166-1 alpha-2, from the GeoLite2 country data shipped in the geoip-country package ('' unknown). */
    country: text('country').notNull(),
    device: text('device').notNull(),
    browser: text('browser').notNull(),
    os: text('os').notNull(),
    /** The referrer's host name ('' for a visit without one). */
    referrerHost: text('referrer_host').notNull(),
  },
  (t) => [uniqueIndex('click_traits_key').on(t.country, t.device, t.browser, t.os, t.referrerHost)],
);
