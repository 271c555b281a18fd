import { z } from 'zod';
import { idSchema, listQuerySchema, pageOf } from './common';

/**
 * Messages and announcements (issue 30 point 3, docs/decisions/047): one thread per affiliate with
 * the programme, read by every admin in one inbox, and announcements from the programme to a segment
 * of its approved affiliates, in the portal and by mail.
 */

/** Plain text, trimmed; what a chat message or a short mail holds, not a document. */
export const MESSAGE_MAX_LENGTH = 4_000;
export const ANNOUNCEMENT_BODY_MAX_LENGTH = 10_000;

/** Trimmed, line breaks as \n; control characters never get this far (contract/text.ts refuses them). */
const plainText = (max: number, min = 1) =>
  z
    .string()
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(min, min === 1 ? 'is required' : `must have at least ${min} characters`)
        .max(max, `must have at most ${max} characters`),
    );

/** POST /messages, POST /message-threads/:id/messages. */
export const messageBodySchema = z.object({ body: plainText(MESSAGE_MAX_LENGTH) });
export type MessageBody = z.input<typeof messageBodySchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  thread_id: z.number().int(),
  /** Written by the programme (an admin), or by the affiliate. */
  from_staff: z.boolean(),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
  /** When the other side read it; null while unread. */
  read_at: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /messages: the affiliate's own thread, oldest first (the latest MESSAGES_SHOWN). */
export const MESSAGES_SHOWN = 200;
export const myThreadSchema = z.object({
  thread_id: z.number().int().nullable(),
  items: z.array(messageSchema),
  /** The programme's messages not read yet. */
  unread: z.number().int(),
});
export type MyThread = z.infer<typeof myThreadSchema>;

/** GET /messages/unread: what the menu's badge counts (an affiliate: replies and announcements; an admin: the inbox). */
export const unreadCountSchema = z.object({
  messages: z.number().int(),
  announcements: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const staffRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const THREAD_FILTERS = ['all', 'mine', 'unassigned', 'unread'] as const;
export const threadQuerySchema = listQuerySchema
  .pick({ page: true, page_size: true, q: true })
  .extend({ filter: z.enum(THREAD_FILTERS).default('all') });
export type ThreadQuery = z.output<typeof threadQuerySchema>;

/** A thread as the admins' inbox lists it. */
export const threadSummarySchema = z.object({
  id: z.number().int(),
  affiliate_id: z.number().int(),
  affiliate_name: z.string(),
  affiliate_code: z.string(),
  assigned_to: staffRefSchema.nullable(),
  /** The affiliate's messages no admin has read yet. */
  unread: z.number().int(),
  last_message: z.object({ body: z.string(), from_staff: z.boolean(), created_at: z.string() }).nullable(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;
export const threadPageSchema = pageOf(threadSummarySchema).extend({
  /** Unread messages in the whole inbox, whatever the filter. */
  unread_total: z.number().int(),
});
export type ThreadPage = z.infer<typeof threadPageSchema>;

/** GET /message-threads/:id: the thread and its messages, oldest first. */
export const threadDetailSchema = threadSummarySchema.extend({ messages: z.array(messageSchema) });
export type ThreadDetail = z.infer<typeof threadDetailSchema>;

/** PUT /message-threads/:id/assignee: an admin, or null for nobody. */
export const assigneeBodySchema = z.object({ user_id: idSchema.nullable() });
export type AssigneeBody = z.input<typeof assigneeBodySchema>;

/** POST /affiliates/:id/message-thread: the affiliate's thread, opened if it did not exist. */
export const threadRefSchema = z.object({ id: z.number().int() });

// Announcements

export const ANNOUNCEMENT_SEGMENTS = ['all', 'level', 'network', 'campaign'] as const;
export const announcementSegmentSchema = z.enum(ANNOUNCEMENT_SEGMENTS);
export type AnnouncementSegment = z.infer<typeof announcementSegmentSchema>;

/**
 * POST /announcements. The segment: every approved affiliate, those of a level or a network, or a
 * campaign's (an affiliate with a link to it or a sale in it).
 */
export const announcementBodySchema = z
  .object({
    subject: plainText(150, 3),
    body: plainText(ANNOUNCEMENT_BODY_MAX_LENGTH, 3),
    segment: announcementSegmentSchema,
    /** The level, network or campaign; absent for everyone. */
    segment_id: idSchema.nullable().optional(),
  })
  .refine((b) => b.segment === 'all' || b.segment_id != null, {
    path: ['segment_id'],
    message: 'choose the level, network or campaign',
  })
  .refine((b) => b.segment !== 'all' || b.segment_id == null, {
    path: ['segment_id'],
    message: 'must be empty when sending to everyone',
  });
export type AnnouncementBody = z.input<typeof announcementBodySchema>;
export type AnnouncementInput = z.output<typeof announcementBodySchema>;

export const announcementSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  segment: announcementSegmentSchema,
  segment_id: z.number().int().nullable(),
  segment_name: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** Affiliates it reached in the portal. */
  recipients: z.number().int(),
  /** Mails queued (recipients who did not opt out of announcement mails). */
  mailed: z.number().int(),
  /** Mails the SMTP server accepted. */
  delivered: z.number().int(),
  /** Recipients who opened it in the portal. */
  opened: z.number().int(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementPageSchema = pageOf(announcementSchema);
export const announcementQuerySchema = listQuerySchema.pick({ page: true, page_size: true });

/** An announcement as the affiliate reads it. */
export const myAnnouncementSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type MyAnnouncement = z.infer<typeof myAnnouncementSchema>;
export const myAnnouncementListSchema = z.object({ items: z.array(myAnnouncementSchema) });

/** POST /unsubscribe/:token: the announcement mails stop; the portal still shows them. */
export const unsubscribeParamsSchema = z.object({ token: z.uuid('is not an unsubscribe link') });
export const unsubscribedSchema = z.object({ announcements_opt_out: z.boolean() });
