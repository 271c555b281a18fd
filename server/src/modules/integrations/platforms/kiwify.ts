import { createHmac } from 'node:crypto';
import type { PaymentMethod } from '@contract/campaigns';
import { z } from 'zod';
import { MalformedEvent, type Platform, type PlatformEvent, readShape, sameSecret, trackingValues } from './platform';

/*
 * Kiwify's sales webhooks, as documented at https://docs.kiwify.com.br/api-reference/webhooks/receiving
 * ("Receber e validar webhooks"): a JSON POST to the registered address with `?signature=` added,
 * the HMAC-SHA1 (lowercase hex) of the raw body keyed with the webhook's token; no header carries
 * anything secret. Triggers are configured in Portuguese (compra_aprovada…), the body names the
 * event in English (`webhook_event_type`: order_approved…). Amounts in `Commissions` are integer
 * centavos. Every charge of a subscription is a new `order_id`; `subscription_id` stays
 * (https://docs.kiwify.com.br/api-reference/webhooks/subscription-events). docs/decisions/035 says
 * which event names come from signed captures and which from the trigger list alone.
 */

const PAYMENT_METHODS: Record<string, PaymentMethod> = { pix: 'pix', boleto: 'boleto', credit_card: 'credit_card' };

/** The events by `webhook_event_type`, and `order_status` for a body without one. */
const EVENTS: Record<string, 'sale' | 'refund' | 'chargeback' | 'waiting' | 'refused'> = {
  order_approved: 'sale',
  subscription_renewed: 'sale',
  order_refunded: 'refund',
  chargeback: 'chargeback',
  billet_created: 'waiting',
  pix_created: 'waiting',
  order_rejected: 'refused',
};
const STATUSES: Record<string, 'sale' | 'refund' | 'chargeback' | 'waiting' | 'refused'> = {
  paid: 'sale',
  refunded: 'refund',
  chargedback: 'chargeback',
  waiting_payment: 'waiting',
  refused: 'refused',
};

const nullableText = z.string().nullish();
const orderSchema = z.object({
  order_id: z.string().min(1, 'is required'),
  order_status: z.string().optional(),
  payment_method: z.string().nullish(),
  webhook_event_type: z.string().optional(),
  Product: z.object({ product_id: z.string() }),
  Customer: z.object({ email: z.string().nullish() }).partial().nullish(),
  Commissions: z.object({
    charge_amount: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number),
    currency: z.string().nullish(),
    product_base_price_currency: z.string().nullish(),
  }),
  TrackingParameters: z
    .object({
      src: nullableText,
      sck: nullableText,
      s1: nullableText,
      s2: nullableText,
      s3: nullableText,
      utm_source: nullableText,
    })
    .partial()
    .nullish(),
  subscription_id: z.string().nullish(),
  Subscription: z
    .object({ charges: z.object({ completed: z.array(z.object({ order_id: z.string() })).optional() }).optional() })
    .nullish(),
});

/** What says which event a body is (read first: most fields matter only to a sale). Built once: zod compiles a schema on its first use. */
const HEAD_SCHEMA = z.object({
  webhook_event_type: z.string().optional(),
  order_status: z.string().optional(),
  status: z.string().optional(),
});

/** The charge's place in its subscription: where its order stands among the completed charges. */
function chargeNumberOf(order: z.output<typeof orderSchema>): number {
  const completed = order.Subscription?.charges?.completed ?? [];
  const at = completed.findIndex((charge) => charge.order_id === order.order_id);
  return at >= 0 ? at + 1 : Math.max(1, completed.length);
}

function read(body: unknown): PlatformEvent {
  const head = readShape(HEAD_SCHEMA, body);
  // An abandoned cart comes flat, without an event type: nothing was sold.
  const eventType =
    head.webhook_event_type ?? (head.status === 'abandoned' ? 'carrinho_abandonado' : (head.order_status ?? ''));
  const meaning = head.webhook_event_type
    ? EVENTS[head.webhook_event_type]
    : head.order_status
      ? STATUSES[head.order_status]
      : undefined;
  if (!meaning) {
    return {
      kind: 'ignored',
      eventType: eventType || 'unknown',
      externalId: null,
      productId: null,
      reason: 'event_not_used',
      detail: `${eventType || 'this event'} does not change a commission`,
    };
  }
  const order = readShape(orderSchema, body);
  const base = { eventType, externalId: order.order_id, productId: order.Product.product_id };
  if (meaning === 'waiting')
    return { ...base, kind: 'ignored', reason: 'waiting_payment', detail: `${eventType}: not paid yet` };
  if (meaning === 'refused')
    return { ...base, kind: 'ignored', reason: 'refused', detail: `${eventType}: payment refused` };
  if (meaning !== 'sale') return { ...base, kind: meaning };
  const currency = order.Commissions.currency ?? order.Commissions.product_base_price_currency ?? 'BRL';
  if (currency !== 'BRL') return { ...base, kind: 'ignored', reason: 'not_brl', detail: `charged in ${currency}` };
  if (order.Commissions.charge_amount <= 0) {
    throw new MalformedEvent('Commissions.charge_amount', 'must be an amount in centavos above zero');
  }
  const tracking = order.TrackingParameters ?? {};
  const subscriptionId = order.subscription_id || null;
  return {
    ...base,
    kind: 'sale',
    amountCents: order.Commissions.charge_amount,
    paymentMethod: PAYMENT_METHODS[order.payment_method ?? ''] ?? 'other',
    paid: true,
    final: false,
    customerEmail: order.Customer?.email ?? null,
    subscriptionId,
    chargeNumber: subscriptionId ? chargeNumberOf(order) : null,
    carriers: {
      tracking: trackingValues(tracking.sck, tracking.src, tracking.s1, tracking.s2, tracking.s3),
      coupon: null,
      origin: tracking.utm_source ?? null,
    },
  };
}

const signatureOf = (rawBody: string, token: string) => createHmac('sha1', token).update(rawBody).digest('hex');

export const kiwify: Platform = {
  name: 'kiwify',
  secretHeaders: [],
  verify: (call, secret) => sameSecret(call.query.signature?.toLowerCase(), signatureOf(call.rawBody, secret)),
  read: (_call, body) => read(body),
  sample({ orderId, productId, amountCents, affiliateCode, at }) {
    const day = at.toISOString().slice(0, 16).replace('T', ' ');
    const body = JSON.stringify({
      order_id: orderId,
      order_ref: orderId.slice(0, 7),
      order_status: 'paid',
      product_type: 'payment',
      payment_method: 'pix',
      created_at: day,
      updated_at: day,
      approved_date: day,
      refunded_at: null,
      webhook_event_type: 'order_approved',
      Product: { product_id: productId, product_name: 'Produto de teste' },
      Customer: { full_name: 'Comprador Teste', first_name: 'Comprador', email: 'comprador.teste@example.com' },
      Commissions: {
        charge_amount: amountCents,
        product_base_price: amountCents,
        product_base_price_currency: 'BRL',
        currency: 'BRL',
      },
      TrackingParameters: {
        src: null,
        sck: affiliateCode,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_content: null,
        utm_term: null,
        s1: null,
        s2: null,
        s3: null,
      },
    });
    return { body, sign: (secret) => ({ headers: {}, query: `signature=${signatureOf(body, secret)}` }) };
  },
};
