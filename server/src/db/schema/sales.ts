import { type CommissionBreakdown, SALE_ATTRIBUTED_BY, SALE_SOURCES, SALE_STATUSES } from '@contract/sales';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { affiliates, campaigns } from './programme';
import { users } from './users';

/** How a sale's commission was worked out, frozen with it so the "why" never changes afterwards. */
export type { CommissionBreakdown };
export { SALE_ATTRIBUTED_BY, SALE_STATUSES };

export type SaleAttributedBy = (typeof SALE_ATTRIBUTED_BY)[number];

/**
 * A code a buyer types at the merchant's checkout that names the affiliate (and campaign) outright:
 * it decides before any click (docs/decisions/021). Unique per programme whatever the case.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    /** What the buyer gets, in the affiliate's words to share ("10% off"). */
    discountLabel: text('discount_label'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(sql`lower(${t.code})`),
    index('coupons_affiliate_idx').on(t.affiliateId, t.campaignId),
    index('coupons_campaign_idx').on(t.campaignId),
  ],
);

/** A sale credited to an affiliate. The commission is computed once, when it is recorded. */
export const sales = pgTable(
  'sales',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    clickId: uuid('click_id'),
    /** The merchant's order id; (campaign, external id) identifies a sale exactly once. */
    externalId: text('external_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('BRL'),
    paymentMethod: text('payment_method', {
      enum: ['pix', 'boleto', 'credit_card', 'debit_card', 'other'],
    }).notNull(),
    origin: text('origin').notNull().default(''),
    /** The UTM source of the link whose click brought the sale ('' without one), for the origin metrics. */
    utmSource: text('utm_source').notNull().default(''),
    /** The link of the click it was attributed to, kept so a link's sales need no look at the clicks. */
    linkId: bigint('link_id', { mode: 'number' }),
    /**
     * What the sale's click was enriched with (its `click_traits` id), copied from the click when the
     * sale is written: the traffic views read it here, so they keep every figure once the raw clicks
     * have aged out (CLICK_RETENTION_MONTHS).
     */
    clickTraitsId: integer('click_traits_id'),
    /** Where the sale came in: an admin's form, a CSV import or a merchant's postback. */
    source: text('source', { enum: SALE_SOURCES }).notNull(),
    status: text('status', { enum: SALE_STATUSES }).notNull().default('pending'),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
    commission: jsonb('commission').$type<CommissionBreakdown>().notNull(),
    /** Reasons an admin must look before the sale is approved (self_referral, fast_click). */
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    customerEmail: text('customer_email'),
    attributedBy: text('attributed_by', { enum: SALE_ATTRIBUTED_BY }).notNull(),
    /**
     * A split sale (docs/decisions/021): the first click's affiliate and its part of the commission and
     * of the amount; `affiliate_id` (the last click's) keeps the rest and the sale's count.
     */
    sharedAffiliateId: bigint('shared_affiliate_id', { mode: 'number' }).references(() => affiliates.id),
    sharedCommissionCents: bigint('shared_commission_cents', { mode: 'number' }).notNull().default(0),
    sharedAmountCents: bigint('shared_amount_cents', { mode: 'number' }).notNull().default(0),
    /** A split sale's first click's link: where the first affiliate's share counts among their links. */
    sharedLinkId: bigint('shared_link_id', { mode: 'number' }),
    /** The coupon that decided the affiliate, when one did. */
    couponId: bigint('coupon_id', { mode: 'number' }).references(() => coupons.id),
    /** When the hold for its payment method ends and the approval job may approve it. */
    payableAt: timestamp('payable_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    /** Set when an approved sale is refunded (decided_at keeps the approval). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Set when the card issuer took the money back (a chargeback), weeks after the sale. */
    chargedBackAt: timestamp('charged_back_at', { withTimezone: true }),
    /** The merchant's subscription this sale is a charge of, and which charge (1 = the first). */
    /**
     * The network its affiliate belonged to when the sale was recorded (set by the database on insert):
     * a network's sales breakdowns count the sale there, even after the affiliate moves (decision 030).
     */
    networkId: bigint('network_id', { mode: 'number' }),
    subscriptionId: text('subscription_id'),
    chargeNumber: integer('charge_number'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('sales_campaign_external_key').on(t.campaignId, t.externalId),
    // One affiliate's or one network's sales of a period, by status and dimension, from the index alone.
    index('sales_affiliate_created_idx').on(
      t.affiliateId,
      t.createdAt,
      t.status,
      t.amountCents,
      t.commissionCents,
      t.paymentMethod,
      t.origin,
      t.utmSource,
    ),
    index('sales_campaign_created_idx').on(t.campaignId, t.createdAt),
    index('sales_created_idx').on(t.createdAt),
    index('sales_click_idx').on(t.clickId).where(sql`${t.clickId} is not null`),
    index('sales_link_idx').on(t.linkId).where(sql`${t.linkId} is not null`),
    // A renewal finds its subscription's first sale (docs/decisions/026).
    index('sales_subscription_idx')
      .on(t.campaignId, t.subscriptionId, t.chargeNumber)
      .where(sql`${t.subscriptionId} is not null`),
    index('sales_payable_idx').on(t.payableAt).where(sql`${t.status} = 'pending'`),
    // The sales waiting for an admin's review (a fraud rule flagged them), counted on every admin home.
    index('sales_flagged_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and jsonb_array_length(${t.flags}) > 0`),
    check('sales_amount_positive', sql`${t.amountCents} > 0`),
    check('sales_commission_not_negative', sql`${t.commissionCents} >= 0`),
    check(
      'sales_share_within',
      sql`${t.sharedCommissionCents} between 0 and ${t.commissionCents} and ${t.sharedAmountCents} between 0 and ${t.amountCents}`,
    ),
    // A split sale's first affiliate finds it in their list as the owner does.
    index('sales_shared_affiliate_idx')
      .on(t.sharedAffiliateId, t.createdAt)
      .where(sql`${t.sharedAffiliateId} is not null`),
    // ...and their link counts it.
    index('sales_shared_link_idx').on(t.sharedLinkId).where(sql`${t.sharedLinkId} is not null`),
  ],
);

export const LEDGER_KINDS = ['commission', 'reversal', 'redemption', 'redemption_release', 'adjustment'] as const;

/** Append-only: a balance is the sum of an affiliate's entries. The application never updates or deletes. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    saleId: bigint('sale_id', { mode: 'number' }).references(() => sales.id),
    redemptionId: bigint('redemption_id', { mode: 'number' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An affiliate's statement in order, and its balance summed from the index alone (amount included).
    index('ledger_affiliate_idx').on(t.affiliateId, t.id, t.amountCents),
    // A sale's commission and its reversal each enter each sharing affiliate's ledger once, whatever races.
    uniqueIndex('ledger_sale_affiliate_kind_key')
      .on(t.saleId, t.affiliateId, t.kind)
      .where(sql`${t.saleId} is not null`),
    // A redemption reserves once and is released at most once.
    uniqueIndex('ledger_redemption_kind_key').on(t.redemptionId, t.kind).where(sql`${t.redemptionId} is not null`),
  ],
);

/** Keys merchants' servers use for the postback. Only a hash of the key is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The first characters, so an admin can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The signing secret, encrypted with the server's secret (HMAC needs it back). */
    secretEncrypted: text('secret_encrypted'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.keyHash)],
);

/** A lease per background job, so a job runs on one server at a time (the database is the lock). */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
