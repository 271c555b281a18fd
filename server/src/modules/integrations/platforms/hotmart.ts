import type { PaymentMethod } from '@contract/campaigns';
import { z } from 'zod';
import {
  headerOf,
  MalformedEvent,
  type Platform,
  type PlatformEvent,
  readShape,
  reaisToCents,
  sameSecret,
  trackingValues,
} from './platform';

/*
 * Hotmart webhook 2.0.0, as documented at
 * https://developers.hotmart.com/docs/pt-BR/2.0.0/webhook/purchase-webhook/ (events, fields) and
 * https://developers.hotmart.com/docs/en/1.0.0/webhook/using-webhook/ (the hottok): every call
 * carries the account's hottok in the `X-HOTMART-HOTTOK` header, compared as it is (no HMAC).
 * Amounts are decimal reais (`price.value`, with `currency_value`); dates are milliseconds.
 * docs/decisions/035 says which parts of the page could be read and what else was used.
 */

const HOTTOK = 'x-hotmart-hottok';

const PAYMENT_METHODS: Record<string, PaymentMethod> = {
  PIX: 'pix',
  BILLET: 'boleto',
  FINANCED_BILLET: 'boleto',
  CREDIT_CARD: 'credit_card',
  FINANCED_INSTALLMENT: 'credit_card',
};

const text = z.union([z.string(), z.number()]).transform(String);
const purchaseEventSchema = z.object({
  id: z.string(),
  event: z.string(),
  data: z.object({
    product: z.object({ id: text }),
    buyer: z.object({ email: z.string().optional() }).optional(),
    purchase: z.object({
      transaction: z.string().min(1, 'is required'),
      price: z.object({ value: z.union([z.number(), z.string()]), currency_value: z.string().optional() }),
      payment: z.object({ type: z.string().optional() }).optional(),
      origin: z.object({ src: z.unknown(), sck: z.unknown(), xcod: z.unknown() }).partial().optional(),
      recurrence_number: z.number().int().positive().optional(),
      offer: z.object({ coupon_code: z.string().nullish() }).optional(),
    }),
    subscription: z.object({ subscriber: z.object({ code: z.string().optional() }).optional() }).optional(),
  }),
});

/** The purchase events and what each means for a commission. */
const PURCHASE_EVENTS: Record<string, 'sale' | 'final' | 'refund' | 'chargeback' | 'cancel' | 'waiting'> = {
  PURCHASE_APPROVED: 'sale',
  PURCHASE_COMPLETE: 'final',
  PURCHASE_REFUNDED: 'refund',
  PURCHASE_CHARGEBACK: 'chargeback',
  // A dispute opened with the card issuer: the money is held back as in a chargeback.
  PURCHASE_PROTEST: 'chargeback',
  PURCHASE_CANCELED: 'cancel',
  PURCHASE_EXPIRED: 'cancel',
  PURCHASE_BILLET_PRINTED: 'waiting',
  PURCHASE_DELAYED: 'waiting',
};

function read(body: unknown): PlatformEvent {
  // The event's name first (a plain look: most calls of a launch are purchases, read once below).
  const event = (body as { event?: unknown } | null)?.event;
  if (typeof event !== 'string' || event === '') throw new MalformedEvent('event', 'is required');
  const meaning = PURCHASE_EVENTS[event];
  if (!meaning) {
    return {
      kind: 'ignored',
      eventType: event,
      externalId: null,
      productId: null,
      reason: 'event_not_used',
      detail: `${event} does not change a commission`,
    };
  }
  const { data } = readShape(purchaseEventSchema, body);
  const { purchase } = data;
  const base = { eventType: event, externalId: purchase.transaction, productId: data.product.id };
  if (meaning === 'waiting') {
    return { ...base, kind: 'ignored', reason: 'waiting_payment', detail: `${event}: not paid yet` };
  }
  if (meaning !== 'sale' && meaning !== 'final') return { ...base, kind: meaning };
  const currency = purchase.price.currency_value ?? 'BRL';
  if (currency !== 'BRL') {
    return { ...base, kind: 'ignored', reason: 'not_brl', detail: `price in ${currency}` };
  }
  const amountCents = reaisToCents(purchase.price.value);
  if (amountCents === null || amountCents === 0) {
    throw new MalformedEvent(
      'data.purchase.price.value',
      'must be an amount in reais above zero, with at most two decimals',
    );
  }
  const subscriber = data.subscription?.subscriber?.code ?? null;
  return {
    ...base,
    kind: 'sale',
    amountCents,
    paymentMethod: PAYMENT_METHODS[purchase.payment?.type ?? ''] ?? 'other',
    paid: true,
    final: meaning === 'final',
    customerEmail: data.buyer?.email ?? null,
    subscriptionId: subscriber,
    chargeNumber: subscriber ? (purchase.recurrence_number ?? 1) : null,
    carriers: {
      // sck is the checkout's tracking, src the sales page's, xcod a custom code.
      tracking: trackingValues(purchase.origin?.sck, purchase.origin?.src, purchase.origin?.xcod),
      coupon: purchase.offer?.coupon_code || null,
      origin: null,
    },
  };
}

export const hotmart: Platform = {
  name: 'hotmart',
  secretHeaders: [HOTTOK],
  verify: (call, secret) => sameSecret(headerOf(call, HOTTOK), secret),
  read: (_call, body) => read(body),
  sample({ orderId, productId, amountCents, affiliateCode, at }) {
    const value = amountCents / 100;
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      creation_date: at.getTime(),
      event: 'PURCHASE_APPROVED',
      version: '2.0.0',
      data: {
        product: { id: Number(productId) || productId, name: 'Produto de teste' },
        buyer: { email: 'comprador.teste@example.com', name: 'Comprador Teste' },
        purchase: {
          approved_date: at.getTime(),
          order_date: at.getTime(),
          price: { value, currency_value: 'BRL' },
          full_price: { value, currency_value: 'BRL' },
          status: 'APPROVED',
          transaction: orderId,
          payment: { installments_number: 1, type: 'PIX' },
          origin: { sck: affiliateCode },
        },
      },
    });
    return { body, sign: (secret) => ({ headers: { 'X-HOTMART-HOTTOK': secret }, query: '' }) };
  },
};
