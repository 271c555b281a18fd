import { z } from 'zod';
import { idSchema, instantSchema, listQuerySchema, pageOf } from './common';
import { LOG_STREAM_PATHS, LOG_STREAM_WRITE_ID } from './log-stream';

export const NOTIFICATION_EVENT = 'notification_activated';

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  text: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * POST /notifications/read: the newest notification the person has seen; those after it (arrived
 * while the bell was open) stay unread. Without it, every one is marked read.
 */
export const markNotificationsReadBodySchema = z.object({ up_to_id: idSchema.optional() });

/** SPEC.md §3: the log's user is the user state without avatar, id_rede, nivel_afiliado, nome, sobrenome. */
export const logUserSchema = z.strictObject({
  afiliado_id: z.string().max(40),
  email: z.string().max(254),
  id: z.string().min(1).max(40),
  codigo_afiliado: z.string().max(40),
});

/** A shown notification: a generated id plus whatever fields it was given (title and text at least). */
export const shownNotificationSchema = z.looseObject({
  id: z.string().min(1).max(100),
  title: z.string().max(500),
  text: z.string().max(5000),
});

export const logBodySchema = z.object({
  user: logUserSchema,
  notification: shownNotificationSchema,
  timestamp: instantSchema,
});
export type LogBody = z.infer<typeof logBodySchema>;

export const logEntrySchema = logBodySchema.extend({
  id: z.number().int(),
  user: z.record(z.string(), z.string()),
  notification: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export const notificationActivatedParamsSchema = z.strictObject({
  user_id: z.string().max(40),
  notification_title: z.string().max(500),
  notification_text: z.string().max(5000),
  timestamp: instantSchema,
});

/** Analytics events; notification_activated must carry exactly its four fields (SPEC.md §3). */
export const analyticsEventBodySchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal(NOTIFICATION_EVENT), params: notificationActivatedParamsSchema }),
]);
export type AnalyticsEventBody = z.infer<typeof analyticsEventBodySchema>;

export const analyticsEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  params: z.record(z.string(), z.unknown()),
  user_id: z.number().int(),
  created_at: z.string(),
});

export const logListQuerySchema = listQuerySchema.extend({ q: z.string().trim().max(100).optional() });
export const logPageSchema = pageOf(logEntrySchema);
export const analyticsEventPageSchema = pageOf(analyticsEventSchema);

/** A frame of GET /logs/stream (contract/log-stream.ts): one write of POST /logs or /analytics/events. */
export const logStreamFrameSchema = z.strictObject({
  /** The client's id for the write, echoed in its answer (a write sent again keeps its id). */
  id: z.string().regex(LOG_STREAM_WRITE_ID, 'must be 1 to 64 letters, digits, _ or -'),
  path: z.enum(LOG_STREAM_PATHS),
  body: z.unknown(),
  /** The session token the write was made with (absent: refused like a POST without one, 401). */
  token: z.string().max(8192).optional(),
});
