import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentMethod } from '@contract/campaigns';
import { z } from 'zod';
import {
  headerOf,
  MalformedEvent,
  type Platform,
  type PlatformEvent,
  readShape,
  reaisToCents,
  trackingValues,
} from './platform';

/*
 * Shopify webhooks, as documented at https://shopify.dev/docs/apps/build/webhooks/subscribe/https
 * and https://shopify.dev/docs/apps/build/webhooks/delivery-structure: a JSON POST whose
 * `X-Shopify-Hmac-Sha256` header is the base64 HMAC-SHA256 of the raw body keyed with the app's
 * client secret (the store's webhook signing key for webhooks made in the store's admin);
 * `X-Shopify-Topic` names the event. The body is the REST resource: the Order
 * (https://shopify.dev/docs/api/admin-rest/latest/resources/order) for orders/paid and
 * orders/cancelled, the Refund (https://shopify.dev/docs/api/admin-rest/latest/resources/refund)
 * for refunds/create. Money is decimal text in the shop's currency. Shopify waits five seconds and
 * retries 8 times over 4 hours.
 */

const HMAC = 'x-shopify-hmac-sha256';
const TOPIC = 'x-shopify-topic';

/**
 * JSON with Shopify's 64-bit ids kept exact: JavaScript numbers hold 53 bits, so an order id such
 * as 820982911946154508 would come back as ...500. Every integer of 16 digits or more outside a
 * string is read as its text.
 */
export function parseWithLargeIds(text: string): unknown {
  let out = '';
  let inString = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      let end = i + 1;
      while (end < text.length && /[0-9.eE+-]/.test(text[end] as string)) end++;
      const token = text.slice(i, end);
      if (/^-?\d{16,}$/.test(token)) {
        out += `${text.slice(from, i)}"${token}"`;
        from = end;
      }
      i = end - 1;
    }
  }
  return JSON.parse(out + text.slice(from));
}

const id = z.union([z.string(), z.number()]).transform(String);
const money = z.union([z.string(), z.number()]);
const orderSchema = z.object({
  id,
  email: z.string().nullish(),
  contact_email: z.string().nullish(),
  currency: z.string(),
  subtotal_price: money,
  payment_gateway_names: z.array(z.string()).nullish(),
  note_attributes: z.array(z.object({ name: z.string(), value: z.unknown() })).nullish(),
  landing_site: z.string().nullish(),
  discount_codes: z.array(z.object({ code: z.string() })).nullish(),
  customer: z.object({ email: z.string().nullish() }).nullish(),
  line_items: z.array(z.object({ product_id: id.nullish() })).nullish(),
});
const refundSchema = z.object({
  order_id: id,
  transactions: z.array(z.object({ kind: z.string(), status: z.string().nullish(), amount: money })).nullish(),
});

/** The note attributes and landing-page parameters that carry our click id or an affiliate's code. */
const CARRIER_NAMES = ['click_id', 'ref', 'affiliate_code', 'sck'];

function landingParams(landingSite: string | null | undefined): URLSearchParams {
  if (!landingSite) return new URLSearchParams();
  try {
    return new URL(landingSite, 'https://shop.invalid').searchParams;
  } catch {
    return new URLSearchParams();
  }
}

function paymentMethodOf(gateways: string[]): PaymentMethod {
  const names = gateways.join(' ').toLowerCase();
  if (names.includes('pix')) return 'pix';
  if (names.includes('boleto')) return 'boleto';
  if (/card|visa|master|shopify_payments|credit/.test(names)) return 'credit_card';
  return 'other';
}

function readOrder(topic: string, body: unknown): PlatformEvent {
  const order = readShape(orderSchema, body);
  const productId = order.line_items?.find((item) => item.product_id)?.product_id ?? null;
  const base = { eventType: topic, externalId: order.id, productId };
  if (topic === 'orders/cancelled') return { ...base, kind: 'cancel' };
  if (order.currency !== 'BRL')
    return { ...base, kind: 'ignored', reason: 'not_brl', detail: `shop currency ${order.currency}` };
  const amountCents = reaisToCents(order.subtotal_price);
  if (amountCents === null || amountCents === 0) {
    throw new MalformedEvent('subtotal_price', 'must be an amount above zero, with at most two decimals');
  }
  const notes = new Map((order.note_attributes ?? []).map((note) => [note.name.toLowerCase(), note.value]));
  const landing = landingParams(order.landing_site);
  return {
    ...base,
    kind: 'sale',
    amountCents,
    paymentMethod: paymentMethodOf(order.payment_gateway_names ?? []),
    paid: true,
    final: false,
    customerEmail: order.email || order.contact_email || order.customer?.email || null,
    subscriptionId: null,
    chargeNumber: null,
    carriers: {
      tracking: trackingValues(
        ...CARRIER_NAMES.map((name) => notes.get(name)),
        ...CARRIER_NAMES.map((name) => landing.get(name)),
      ),
      coupon: order.discount_codes?.[0]?.code ?? null,
      origin: landing.get('utm_source'),
    },
  };
}

function read(topic: string, body: unknown): PlatformEvent {
  if (topic === 'orders/paid' || topic === 'orders/cancelled') return readOrder(topic, body);
  if (topic === 'refunds/create') {
    const refund = readShape(refundSchema, body);
    let refundedCents = 0;
    for (const transaction of refund.transactions ?? []) {
      if (transaction.kind !== 'refund' || (transaction.status && transaction.status !== 'success')) continue;
      refundedCents += reaisToCents(transaction.amount) ?? 0;
    }
    return { kind: 'refund', eventType: topic, externalId: refund.order_id, productId: null, refundedCents };
  }
  return {
    kind: 'ignored',
    eventType: topic || 'unknown',
    externalId: null,
    productId: null,
    reason: 'event_not_used',
    detail: `${topic || 'a call without X-Shopify-Topic'} does not change a commission`,
  };
}

const hmacOf = (rawBody: string, secret: string) => createHmac('sha256', secret).update(rawBody, 'utf8').digest();

export const shopify: Platform = {
  name: 'shopify',
  secretHeaders: [HMAC],
  verify(call, secret) {
    const given = Buffer.from(headerOf(call, HMAC) ?? '', 'base64');
    const expected = hmacOf(call.rawBody, secret);
    return given.length === expected.length && timingSafeEqual(given, expected);
  },
  parse: parseWithLargeIds,
  read: (call, body) => read(headerOf(call, TOPIC) ?? '', body),
  sample({ orderId, productId, amountCents, affiliateCode, at }) {
    const price = (amountCents / 100).toFixed(2);
    const body = JSON.stringify({
      id: Number(orderId) || orderId,
      admin_graphql_api_id: `gid://shopify/Order/${orderId}`,
      email: 'comprador.teste@example.com',
      created_at: at.toISOString(),
      currency: 'BRL',
      financial_status: 'paid',
      subtotal_price: price,
      total_price: price,
      payment_gateway_names: ['pix'],
      note_attributes: [{ name: 'ref', value: affiliateCode }],
      landing_site: null,
      discount_codes: [],
      line_items: [{ product_id: Number(productId) || productId, title: 'Produto de teste', price, quantity: 1 }],
    });
    return {
      body,
      sign: (secret) => ({
        headers: {
          'X-Shopify-Topic': 'orders/paid',
          'X-Shopify-Hmac-Sha256': hmacOf(body, secret).toString('base64'),
          'X-Shopify-Shop-Domain': 'loja-teste.myshopify.com',
          'X-Shopify-Webhook-Id': crypto.randomUUID(),
          'X-Shopify-Triggered-At': at.toISOString(),
        },
        query: '',
      }),
    };
  },
};
