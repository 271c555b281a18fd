import {
  INTEGRATION_DELIVERY_OUTCOMES,
  INTEGRATION_DELIVERY_REASONS,
  INTEGRATION_PLATFORMS,
} from '@contract/integrations';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './programme';

/**
 * A checkout the programme sells on (docs/decisions/035). The platform posts its webhooks to
 * `/api/v1/integrations/receive/:token`; the token is the address's secret part (random, 32 bytes),
 * and the platform's own secret (hottok, webhook token, whsec_…, client secret) checks each call.
 * That secret must come back to check signatures, so it is sealed like a webhook's, never hashed.
 */
export const integrations = pgTable('integrations', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  platform: text('platform', { enum: INTEGRATION_PLATFORMS }).notNull(),
  name: text('name').notNull(),
  /** Where a product not mapped goes; null: such a delivery waits for an admin to map it. */
  campaignId: bigint('campaign_id', { mode: 'number' }).references(() => campaigns.id),
  token: text('token').notNull().unique(),
  secretSealed: text('secret_sealed').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which campaign a platform's product sells; a product not here goes to the connection's campaign. */
export const integrationProducts = pgTable(
  'integration_products',
  {
    integrationId: bigint('integration_id', { mode: 'number' })
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    externalProductId: text('external_product_id').notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
  },
  (t) => [primaryKey({ columns: [t.integrationId, t.externalProductId] })],
);

/**
 * Every call a connection received, kept 35 days whatever came of it: the raw body (for a replay),
 * the headers without the secret ones, and the outcome.
 */
export const integrationDeliveries = pgTable(
  'integration_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    integrationId: bigint('integration_id', { mode: 'number' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    eventType: text('event_type').notNull(),
    externalId: text('external_id'),
    externalProductId: text('external_product_id'),
    outcome: text('outcome', { enum: INTEGRATION_DELIVERY_OUTCOMES }).notNull(),
    reason: text('reason', { enum: INTEGRATION_DELIVERY_REASONS }),
    detail: text('detail'),
    // No foreign keys on the log (docs/decisions/035): a launch writes a row per sale, and each key
    // checked cost a lookup per row; sales are never deleted, and a connection's rows go with it
    // in its deletion's transaction.
    saleId: bigint('sale_id', { mode: 'number' }),
    replayedAt: timestamp('replayed_at', { withTimezone: true }),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    index('integration_deliveries_list_idx').on(t.integrationId, t.id),
    // A refund finds the sale its order's delivery recorded.
    index('integration_deliveries_order_idx').on(t.integrationId, t.externalId),
    index('integration_deliveries_attention_idx').on(t.integrationId).where(sql`${t.outcome} = 'needs_attention'`),
    // The daily prune's: BRIN, as rows arrive in time order and it costs a launch next to nothing.
    index('integration_deliveries_received_idx').using('brin', t.receivedAt),
  ],
);
