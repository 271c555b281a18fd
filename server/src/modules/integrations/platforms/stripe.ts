import type { PaymentMethod } from '@contract/campaigns';
import Stripe from 'stripe';
import { z } from 'zod';
import { headerOf, type Platform, type PlatformEvent, readShape, trackingValues } from './platform';

/*
 * Stripe webhooks, as documented at https://docs.stripe.com/webhooks: each event is signed in the
 * `Stripe-Signature` header (t=…,v1=…, HMAC-SHA256 of "t.body" with the endpoint's whsec_ secret,
 * five minutes' tolerance), checked here with the official library's `webhooks.signature.verifyHeader`.
 * Amounts are integers in the currency's smallest unit (BRL: centavos). Objects:
 * https://docs.stripe.com/api/checkout/sessions/object, /api/invoices/object, /api/charges/object,
 * /api/disputes/object. Since API version 2025-03-31 an invoice's subscription is under
 * `parent.subscription_details`; both places are read.
 */

const SIGNATURE = 'stripe-signature';
const webhooks = Stripe.webhooks;

const METHODS: Record<string, PaymentMethod> = { card: 'credit_card', pix: 'pix', boleto: 'boleto' };
/** The method when the payment offered one only; Stripe's event does not say which of several was used. */
const methodOf = (types: string[] | null | undefined): PaymentMethod =>
  types?.length === 1 ? (METHODS[types[0] as string] ?? 'other') : 'other';

const idOf = z
  .union([z.string(), z.object({ id: z.string() })])
  .transform((value) => (typeof value === 'string' ? value : value.id));
const metadata = z.record(z.string(), z.string()).nullish();
const eventSchema = z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.unknown() }) });

const sessionSchema = z.object({
  id: z.string(),
  mode: z.string(),
  payment_status: z.string(),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  client_reference_id: z.string().nullish(),
  metadata,
  customer_email: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish() }).nullish(),
  payment_intent: idOf.nullish(),
  invoice: idOf.nullish(),
  subscription: idOf.nullish(),
  payment_link: idOf.nullish(),
  payment_method_types: z.array(z.string()).nullish(),
});

const invoiceSchema = z.object({
  id: z.string(),
  amount_paid: z.number().int(),
  currency: z.string(),
  billing_reason: z.string().nullish(),
  customer_email: z.string().nullish(),
  metadata,
  subscription: idOf.nullish(),
  subscription_details: z.object({ metadata }).nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf.nullish(), metadata }).nullish() }).nullish(),
  payment_settings: z.object({ payment_method_types: z.array(z.string()).nullish() }).nullish(),
});

const chargeSchema = z.object({
  id: z.string(),
  amount_refunded: z.number().int(),
  payment_intent: idOf.nullish(),
  invoice: idOf.nullish(),
});
const disputeSchema = z.object({ id: z.string(), charge: idOf, payment_intent: idOf.nullish() });

/** What of the metadata carries our click id, an affiliate's code, a coupon, the product. */
function carriersOf(reference: string | null | undefined, data: Record<string, string> | null | undefined) {
  return {
    tracking: trackingValues(reference, data?.click_id, data?.affiliate_code),
    coupon: data?.coupon || null,
    origin: data?.utm_source || null,
  };
}

function ignored(
  eventType: string,
  reason: 'event_not_used' | 'waiting_payment' | 'not_brl',
  detail: string,
): PlatformEvent {
  return { kind: 'ignored', eventType, externalId: null, productId: null, reason, detail };
}

function readSession(type: string, object: unknown): PlatformEvent {
  const session = readShape(sessionSchema, object);
  if (session.mode === 'setup' || session.payment_status === 'no_payment_required') {
    return ignored(type, 'event_not_used', 'no payment in this session');
  }
  // Pix and boleto complete the session unpaid; checkout.session.async_payment_succeeded brings the money.
  if (session.payment_status !== 'paid')
    return ignored(type, 'waiting_payment', `payment_status ${session.payment_status}`);
  if (session.currency !== 'brl') return ignored(type, 'not_brl', `currency ${session.currency ?? 'none'}`);
  const subscriptionId = session.mode === 'subscription' ? (session.subscription ?? null) : null;
  return {
    kind: 'sale',
    eventType: type,
    // The first charge of a subscription is its first invoice; a one-off payment, its payment intent
    // (what a refund's charge names).
    externalId: (subscriptionId ? session.invoice : session.payment_intent) ?? session.id,
    productId: session.metadata?.product_id ?? session.payment_link ?? null,
    amountCents: session.amount_total ?? 0,
    paymentMethod: methodOf(session.payment_method_types),
    paid: true,
    final: false,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    subscriptionId,
    chargeNumber: subscriptionId ? 1 : null,
    carriers: carriersOf(session.client_reference_id, session.metadata),
  };
}

function readInvoice(type: string, object: unknown): PlatformEvent {
  const invoice = readShape(invoiceSchema, object);
  const subscriptionId = invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
  const data =
    invoice.parent?.subscription_details?.metadata ?? invoice.subscription_details?.metadata ?? invoice.metadata;
  const carriers = carriersOf(null, data);
  // A subscription's first invoice is paid through its Checkout Session, which carries the affiliate.
  if (invoice.billing_reason === 'subscription_create' && carriers.tracking.length === 0 && !carriers.coupon) {
    return ignored(type, 'event_not_used', 'the first charge is recorded from checkout.session.completed');
  }
  if (invoice.currency !== 'brl') return ignored(type, 'not_brl', `currency ${invoice.currency}`);
  if (invoice.amount_paid <= 0) return ignored(type, 'event_not_used', 'nothing was paid');
  return {
    kind: 'sale',
    eventType: type,
    externalId: invoice.id,
    productId: data?.product_id ?? null,
    amountCents: invoice.amount_paid,
    paymentMethod: methodOf(invoice.payment_settings?.payment_method_types),
    paid: true,
    final: false,
    customerEmail: invoice.customer_email ?? null,
    subscriptionId,
    chargeNumber: subscriptionId ? (invoice.billing_reason === 'subscription_create' ? 1 : 'next') : null,
    carriers,
  };
}

function read(body: unknown): PlatformEvent {
  const event = readShape(eventSchema, body);
  const { type } = event;
  const object = event.data.object;
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return readSession(type, object);
    case 'invoice.paid':
      return readInvoice(type, object);
    case 'charge.refunded': {
      const charge = readShape(chargeSchema, object);
      return {
        kind: 'refund',
        eventType: type,
        externalId: charge.payment_intent ?? charge.id,
        alsoKnownAs: [charge.invoice, charge.id].filter((id): id is string => Boolean(id)),
        productId: null,
        refundedCents: charge.amount_refunded,
      };
    }
    case 'charge.dispute.created': {
      const dispute = readShape(disputeSchema, object);
      return {
        kind: 'chargeback',
        eventType: type,
        externalId: dispute.payment_intent ?? dispute.charge,
        alsoKnownAs: [dispute.charge],
        productId: null,
      };
    }
    default:
      return ignored(type, 'event_not_used', `${type} does not change a commission`);
  }
}

export const stripe: Platform = {
  name: 'stripe',
  secretHeaders: [SIGNATURE],
  verify(call, secret) {
    // The library's check of the signature alone (constructEvent would also parse the body: a
    // signed body that is not an event is then a 400, not a 401).
    try {
      return webhooks.signature?.verifyHeader(call.rawBody, headerOf(call, SIGNATURE) ?? '', secret) === true;
    } catch {
      return false;
    }
  },
  read: (_call, body) => read(body),
  sample({ orderId, productId, amountCents, affiliateCode, at }) {
    const created = Math.floor(at.getTime() / 1000);
    const body = JSON.stringify({
      id: `evt_test_${orderId}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      data: {
        object: {
          id: `cs_test_${orderId}`,
          object: 'checkout.session',
          amount_subtotal: amountCents,
          amount_total: amountCents,
          client_reference_id: affiliateCode,
          created,
          currency: 'brl',
          customer_details: { email: 'comprador.teste@example.com' },
          invoice: null,
          livemode: false,
          metadata: { product_id: productId },
          mode: 'payment',
          payment_intent: `pi_test_${orderId}`,
          payment_link: null,
          payment_method_types: ['pix'],
          payment_status: 'paid',
          status: 'complete',
          subscription: null,
        },
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
    });
    return {
      body,
      sign: (secret) => ({
        headers: {
          'Stripe-Signature': webhooks.generateTestHeaderString({ payload: body, secret, timestamp: created }),
        },
        query: '',
      }),
    };
  },
};
