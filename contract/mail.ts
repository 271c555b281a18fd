import { z } from 'zod';
import { pageOf } from './common';

/**
 * The mails the portal sends, as admins see them in the outbox (docs/decisions/033): recipient,
 * subject and how delivery went, never the body (a reset link in it would sign the reader in).
 */

/** queued (waiting or retrying), sent (the SMTP server took it), failed (out of attempts), kept (no SMTP_URL: this table is its only copy). */
export const MAIL_STATES = ['queued', 'sent', 'failed', 'kept'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const mailDeliverySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  state: z.enum(MAIL_STATES),
  attempts: z.number().int(),
  /** What the SMTP server (or the connection to it) said at the last failed attempt. */
  error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type MailDelivery = z.infer<typeof mailDeliverySchema>;

export const MAIL_DELIVERIES_PAGE_MAX = 100;

export const mailDeliveryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAIL_DELIVERIES_PAGE_MAX).default(20),
  state: z.enum(MAIL_STATES).optional(),
});
export const mailDeliveryListSchema = pageOf(mailDeliverySchema);
