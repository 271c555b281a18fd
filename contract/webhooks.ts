import { z } from 'zod';
import { pageOf } from './common';

/**
 * Signed webhooks out (docs/decisions/023), following the Standard Webhooks specification: every
 * delivery carries `webhook-id`, `webhook-timestamp` and `webhook-signature`, and its body is
 * `{ type, timestamp, data }`.
 */
export const WEBHOOK_EVENTS = [
  'sale.created',
  'sale.approved',
  'sale.refunded',
  'sale.chargeback',
  'redemption.requested',
  'redemption.paid',
  'redemption.rejected',
  'payout.paid',
  'payout.failed',
  'affiliate.registered',
  'affiliate.approved',
  'bonus.awarded',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/** Why an endpoint's address cannot be used, or null: the shape only; where it may go is the server's rule. */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a full address, such as https://example.com/webhooks';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https://';
  if (url.username || url.password) return 'must not carry a user name or password before the host';
  return null;
}

export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(WEBHOOK_URL_MAX)
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1, 'choose at least one event')
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** false once an admin turned it off or it kept failing (`disabled_reason` says which). */
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  /** Failed attempts since its last success. */
  failure_count: z.number().int(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

export const createWebhookBodySchema = z.object({
  url: webhookUrlSchema,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).default(''),
  events: webhookEventsSchema,
});
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z
  .object({
    url: webhookUrlSchema.optional(),
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
    events: webhookEventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'change at least one field',
  });
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

/** The endpoint with its signing secret (`whsec_…`): answered once, on creation and on rotation. */
export const webhookWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATES = ['queued', 'delivered', 'failed'] as const;

/** One attempt of a message: the worker's, or an admin's "Send again" (`is_manual`). */
export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  is_manual: z.boolean(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
  duration_ms: z.number().int(),
  at: z.string(),
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The Standard Webhooks `webhook-id` (`msg_…`): the same on every attempt, a manual one included. */
  message_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENTS),
  /** queued (waiting or retrying), delivered (a 2xx), failed (out of attempts). */
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The first KiB of the receiver's last answer. */
  response_excerpt: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  /** Every attempt, oldest first. */
  history: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERIES_PAGE_MAX = 50;

export const webhookDeliveryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX).default(10),
});
export const webhookDeliveryListSchema = pageOf(webhookDeliverySchema);
