import { ANNOUNCEMENT_SEGMENTS } from '@contract/messages';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { affiliates } from './programme';
import { mailDeliveries } from './system';
import { users } from './users';

/**
 * Messages and announcements (docs/decisions/047). One thread per affiliate with the programme: the
 * programme's side is every admin (one shared inbox), so a staff message's read state is the
 * affiliate's, and an affiliate's message is read once any admin opened it.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    /** The admin who answers this affiliate; null: anyone (the inbox's "unassigned"). */
    assignedTo: bigint('assigned_to', { mode: 'number' }).references(() => users.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_threads_affiliate_key').on(t.affiliateId),
    index('message_threads_last_idx').on(t.lastMessageAt),
    index('message_threads_assigned_idx').on(t.assignedTo),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messageThreads.id),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** Written by an admin (the programme), or by the thread's affiliate. */
    fromStaff: boolean('from_staff').notNull(),
    /** Plain text; the screens show it as text, never as HTML. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the other side first read it. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_thread_idx').on(t.threadId, t.id),
    index('messages_unread_idx').on(t.threadId, t.fromStaff).where(sql`${t.readAt} is null`),
  ],
);

/** A message from the programme to a segment of its approved affiliates, sent at once. */
export const announcements = pgTable(
  'announcements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    segment: text('segment', { enum: ANNOUNCEMENT_SEGMENTS }).notNull(),
    /** The level, network or campaign of the segment; null for everyone. */
    segmentId: bigint('segment_id', { mode: 'number' }),
    /** What the segment was called when it was sent (a level may be renamed or deleted later). */
    segmentName: text('segment_name').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_created_idx').on(t.createdAt),
    check('announcements_segment_id_check', sql`(${t.segment} = 'all') = (${t.segmentId} is null)`),
  ],
);

/** Who an announcement reached: its in-app copy, its mail (none when opted out), and when it was read. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: bigint('announcement_id', { mode: 'number' })
      .notNull()
      .references(() => announcements.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    mailDeliveryId: bigint('mail_delivery_id', { mode: 'number' }).references(() => mailDeliveries.id),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_recipients_user_idx').on(t.userId),
  ],
);
