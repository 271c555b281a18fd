import Stripe from 'stripe';

/*
 * Stripe events, shaped as https://docs.stripe.com/api/events/object shows the envelope and
 * https://docs.stripe.com/api/checkout/sessions/object, https://docs.stripe.com/api/invoices/object,
 * https://docs.stripe.com/api/charges/object and https://docs.stripe.com/api/disputes/object show
 * the objects (the documentation's examples, with the values a paid sale in reais has: the docs'
 * session is open and unpaid, its invoice a draft). Signed as Stripe signs them, with the official
 * library's test helper (`webhooks.generateTestHeaderString`, https://github.com/stripe/stripe-node
 * README, "Testing Webhook signing").
 */

export const STRIPE_SECRET = 'whsec_test_afiliados_integracao';

function envelope(type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

export type StripeSession = {
  id: string;
  amount: number;
  mode?: 'payment' | 'subscription';
  paymentStatus?: 'paid' | 'unpaid';
  clientReferenceId?: string | null;
  metadata?: Record<string, string>;
  paymentIntent?: string | null;
  invoice?: string | null;
  subscription?: string | null;
  paymentLink?: string | null;
  methods?: string[];
  type?: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded';
};

export function stripeSession(s: StripeSession): string {
  return envelope(s.type ?? 'checkout.session.completed', {
    id: s.id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: s.amount,
    amount_total: s.amount,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: null,
    client_reference_id: s.clientReferenceId ?? null,
    consent: null,
    consent_collection: null,
    created: 1679600215,
    currency: 'brl',
    custom_fields: [],
    custom_text: { shipping_address: null, submit: null },
    customer: null,
    customer_creation: 'if_required',
    customer_details: {
      email: 'cliente@example.com',
      name: 'Cliente Teste',
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    customer_email: null,
    expires_at: 1679686615,
    invoice: s.invoice ?? null,
    livemode: false,
    locale: null,
    metadata: s.metadata ?? {},
    mode: s.mode ?? 'payment',
    payment_intent: s.paymentIntent ?? null,
    payment_link: s.paymentLink ?? null,
    payment_method_collection: 'always',
    payment_method_options: {},
    payment_method_types: s.methods ?? ['card'],
    payment_status: s.paymentStatus ?? 'paid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'complete',
    submit_type: null,
    subscription: s.subscription ?? null,
    success_url: 'https://example.com/success',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: null,
  });
}

/** A subscription's invoice paid (`subscription_cycle`: a renewal), its subscription under `parent` (API 2025-03-31 on). */
export function stripeInvoicePaid(i: { id: string; amount: number; subscription: string; reason?: string }): string {
  return envelope('invoice.paid', {
    id: i.id,
    object: 'invoice',
    account_country: 'BR',
    account_name: 'Loja Teste',
    amount_due: i.amount,
    amount_paid: i.amount,
    amount_overpaid: 0,
    amount_remaining: 0,
    amount_shipping: 0,
    attempt_count: 1,
    attempted: true,
    billing_reason: i.reason ?? 'subscription_cycle',
    collection_method: 'charge_automatically',
    created: 1680644467,
    currency: 'brl',
    customer: 'cus_NeZwdNtLEOXuvB',
    customer_email: 'cliente@example.com',
    customer_name: 'Cliente Teste',
    discounts: [],
    lines: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/invoices/${i.id}/lines` },
    livemode: false,
    metadata: {},
    parent: {
      quote_details: null,
      subscription_details: { metadata: {}, subscription: i.subscription },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    status: 'paid',
    status_transitions: {
      finalized_at: 1680644467,
      marked_uncollectible_at: null,
      paid_at: 1680644500,
      voided_at: null,
    },
    subtotal: i.amount,
    total: i.amount,
  });
}

export function stripeChargeRefunded(c: {
  id: string;
  amount: number;
  refunded: number;
  paymentIntent: string;
}): string {
  return envelope('charge.refunded', {
    id: c.id,
    object: 'charge',
    amount: c.amount,
    amount_captured: c.amount,
    amount_refunded: c.refunded,
    application: null,
    balance_transaction: 'txn_3MmlLrLkdIwHu7ix0uke3Ezy',
    billing_details: { address: null, email: 'cliente@example.com', name: null, phone: null },
    captured: true,
    created: 1679090539,
    currency: 'brl',
    customer: null,
    disputed: false,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: c.paymentIntent,
    refunded: c.refunded >= c.amount,
    status: 'succeeded',
  });
}

export function stripeDisputeCreated(d: { id: string; amount: number; charge: string; paymentIntent: string }): string {
  return envelope('charge.dispute.created', {
    id: d.id,
    object: 'dispute',
    amount: d.amount,
    balance_transactions: [],
    charge: d.charge,
    created: 1680651737,
    currency: 'brl',
    evidence_details: { due_by: 1682294399, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: true,
    livemode: false,
    metadata: {},
    payment_intent: d.paymentIntent,
    reason: 'fraudulent',
    status: 'needs_response',
  });
}

/** The Stripe-Signature header, made by Stripe's own library. */
export const stripeHeaders = (body: string, secret = STRIPE_SECRET) => ({
  'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
  'content-type': 'application/json',
});
