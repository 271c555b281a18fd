import { z } from 'zod';
import { idSchema, pageOf } from './common';

/**
 * Connections to the checkouts merchants already sell on (docs/decisions/035): each platform posts
 * its own signed webhook to the connection's `receive_url`, and every event becomes a sale step.
 * Eduzz and Monetizze are not offered: see the decision for what of their documentation was found.
 */
export const INTEGRATION_PLATFORMS = ['hotmart', 'kiwify', 'stripe', 'shopify'] as const;
export const integrationPlatformSchema = z.enum(INTEGRATION_PLATFORMS);
export type IntegrationPlatform = z.infer<typeof integrationPlatformSchema>;

export const INTEGRATION_NAME_MAX = 80;
export const INTEGRATION_SECRET_MAX = 200;
export const EXTERNAL_PRODUCT_ID_MAX = 100;
/** Products one connection maps at once. */
export const INTEGRATION_PRODUCTS_MAX = 500;

const name = z.string().trim().min(1, 'is required').max(INTEGRATION_NAME_MAX);
/**
 * What the platform gives to check its calls: Hotmart's hottok, Kiwify's webhook token, Stripe's
 * endpoint signing secret (whsec_…), Shopify's app client secret. Write-only.
 */
const secret = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(INTEGRATION_SECRET_MAX)
  .refine((value) => !/\s/.test(value), 'must not contain spaces or line breaks');

export const createIntegrationBodySchema = z.object({
  platform: integrationPlatformSchema,
  name,
  secret,
  /** Where a product not mapped goes; null: such a delivery waits as "needs attention" until it is mapped. */
  campaign_id: idSchema.nullable(),
});
export type CreateIntegrationBody = z.input<typeof createIntegrationBodySchema>;

export const updateIntegrationBodySchema = z
  .object({
    name: name.optional(),
    secret: secret.optional(),
    campaign_id: idSchema.nullable().optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'change at least one field',
  });
export type UpdateIntegrationBody = z.input<typeof updateIntegrationBodySchema>;

export const integrationSchema = z.object({
  id: z.number().int(),
  platform: integrationPlatformSchema,
  name: z.string(),
  /** Where a product that is not mapped goes; null when such a delivery waits for an admin. */
  campaign_id: z.number().int().nullable(),
  /** Absolute, under PUBLIC_URL, with an unguessable token: the address pasted into the platform. */
  receive_url: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  /** Deliveries waiting for an admin (product not mapped, affiliate not found). */
  needs_attention: z.number().int(),
  last_delivery_at: z.string().nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;
export const integrationListSchema = z.object({ items: z.array(integrationSchema) });

export const externalProductIdSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(EXTERNAL_PRODUCT_ID_MAX)
  .refine((id) => !/[\r\n]/.test(id), 'must be one line');

export const integrationProductSchema = z.object({
  external_product_id: externalProductIdSchema,
  campaign_id: idSchema,
});
export type IntegrationProduct = z.output<typeof integrationProductSchema>;

/** The whole mapping, replaced at once. */
export const integrationProductsBodySchema = z.object({
  items: z
    .array(integrationProductSchema)
    .max(INTEGRATION_PRODUCTS_MAX)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.external_product_id)) {
          ctx.addIssue({ code: 'custom', path: [index, 'external_product_id'], message: 'is mapped twice' });
        }
        seen.add(item.external_product_id);
      });
    }),
});
export type IntegrationProductsBody = z.input<typeof integrationProductsBodySchema>;
export const integrationProductListSchema = z.object({
  items: z.array(
    z.object({ external_product_id: z.string(), campaign_id: z.number().int(), campaign_name: z.string() }),
  ),
});

/**
 * What became of a delivery: a sale recorded, a recorded sale decided (refund, chargeback…), the
 * same event again (nothing new), an event that means nothing for commissions (and why), one
 * waiting for an admin (product not mapped, affiliate not found), a refused signature, a body that
 * could not be read.
 */
export const INTEGRATION_DELIVERY_OUTCOMES = [
  'recorded',
  'updated',
  'repeat',
  'ignored',
  'needs_attention',
  'refused',
  'invalid',
] as const;
export const integrationDeliveryOutcomeSchema = z.enum(INTEGRATION_DELIVERY_OUTCOMES);
export type IntegrationDeliveryOutcome = z.infer<typeof integrationDeliveryOutcomeSchema>;

/** Why a delivery was ignored or waits: a code the screens translate, with the platform's words beside it. */
export const INTEGRATION_DELIVERY_REASONS = [
  'product_not_mapped',
  'affiliate_not_found',
  'no_affiliate',
  'partial_refund',
  'affiliate_not_approved',
  'event_not_used',
  'waiting_payment',
  'sale_not_found',
  'status_not_changed',
  'not_brl',
  'bad_signature',
  'malformed',
  'refused',
] as const;
export type IntegrationDeliveryReason = (typeof INTEGRATION_DELIVERY_REASONS)[number];

export const integrationDeliverySchema = z.object({
  id: z.number().int(),
  received_at: z.string(),
  /** The platform's name of the event (PURCHASE_APPROVED, order_approved, invoice.paid, orders/paid…). */
  event_type: z.string(),
  /** The order or transaction the event is about, when it could be read. */
  external_id: z.string().nullable(),
  external_product_id: z.string().nullable(),
  outcome: integrationDeliveryOutcomeSchema,
  reason: z.enum(INTEGRATION_DELIVERY_REASONS).nullable(),
  /** The platform's or the portal's own words for the outcome (a refusal's message). */
  detail: z.string().nullable(),
  sale_id: z.number().int().nullable(),
  replayed_at: z.string().nullable(),
  /** The headers as received, without the signature or token. */
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
export type IntegrationDelivery = z.infer<typeof integrationDeliverySchema>;

export const INTEGRATION_DELIVERIES_PAGE_MAX = 50;
export const integrationDeliveryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(INTEGRATION_DELIVERIES_PAGE_MAX).default(20),
  outcome: integrationDeliveryOutcomeSchema.optional(),
});
export const integrationDeliveryListSchema = pageOf(integrationDeliverySchema);

export const integrationDeliveryParamsSchema = z.object({ id: idSchema, deliveryId: idSchema });

/** "Send a test event": a built-in sample of the platform, credited to this affiliate (code), through the real path. */
export const integrationTestEventBodySchema = z.object({
  affiliate_code: z.string().trim().min(1, 'is required').max(40),
  amount_cents: z.number().int().positive().max(100_000_000).default(19_700),
});

/** What a platform's call is answered (200): its place in the log and what came of it. */
export const integrationReceiptSchema = z.object({
  delivery_id: z.number().int(),
  outcome: integrationDeliveryOutcomeSchema,
  reason: z.enum(INTEGRATION_DELIVERY_REASONS).nullable(),
  sale_id: z.number().int().nullable(),
});
export type IntegrationReceipt = z.infer<typeof integrationReceiptSchema>;

/** The receive address's secret part: 32 random bytes, base64url. */
export const INTEGRATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const integrationReceiveParamsSchema = z.object({ token: z.string().max(64) });

/** An admin's answer to "affiliate not found" when replaying a delivery (optional). */
export const integrationReplayBodySchema = z.object({
  affiliate_code: z.string().trim().min(1, 'is required').max(40).optional(),
});

/**
 * Checkouts whose links carry a tracking value through to their webhook, and the parameter they
 * take it in (each platform's documentation; docs/decisions/035): the click redirect puts the click
 * id there too, so a connected checkout's sale names its click. Shopify keeps the landing page's
 * address (`click_id` is on it already) on the order, on any domain.
 */
export const CHECKOUT_CARRIERS = [
  { platform: 'hotmart', host: /(^|\.)hotmart\.com$/i, param: 'sck' },
  { platform: 'kiwify', host: /(^|\.)kiwify\.com(\.br)?$/i, param: 'sck' },
  { platform: 'stripe', host: /^buy\.stripe\.com$/i, param: 'client_reference_id' },
] as const satisfies readonly { platform: IntegrationPlatform; host: RegExp; param: string }[];

/** The checkout a destination address is on and the parameter that carries the click id, if any. */
export function checkoutCarrierOf(destination: string): (typeof CHECKOUT_CARRIERS)[number] | null {
  let host: string;
  try {
    host = new URL(destination).hostname;
  } catch {
    return null;
  }
  return CHECKOUT_CARRIERS.find((carrier) => carrier.host.test(host)) ?? null;
}
