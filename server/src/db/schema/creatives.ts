import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './programme';
import { bytea } from './types';
import { users } from './users';

export const CREATIVE_KINDS = ['text', 'image', 'file'] as const;

/**
 * What a campaign gives its affiliates to share (docs/decisions/045): a text with placeholders, an
 * image or a PDF. Seen by every affiliate (`visible_to_all`), or by those of the listed levels or
 * networks; the ids are kept as arrays, so a level or network deleted later simply matches no one.
 */
export const creatives = pgTable(
  'creatives',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id),
    kind: text('kind', { enum: CREATIVE_KINDS }).notNull(),
    title: text('title').notNull(),
    /** As the admin wrote it, with {LINK}, {CUPOM}, {NOME}. */
    text: text('text').notNull().default(''),
    visibleToAll: boolean('visible_to_all').notNull().default(true),
    levelIds: bigint('level_ids', { mode: 'number' }).array().notNull().default([]),
    networkIds: bigint('network_ids', { mode: 'number' }).array().notNull().default([]),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('creatives_campaign_idx').on(t.campaignId)],
);

/** An image's (WebP) or a file's (PDF) bytes, apart from the row every list reads. */
export const creativeFiles = pgTable('creative_files', {
  creativeId: bigint('creative_id', { mode: 'number' })
    .primaryKey()
    .references(() => creatives.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  contentType: text('content_type').notNull(),
  fileName: text('file_name').notNull(),
  byteSize: integer('byte_size').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
