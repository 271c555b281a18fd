/*
 * Hotmart webhook 2.0.0 purchase events, shaped as Hotmart documents and sends them:
 * https://developers.hotmart.com/docs/pt-BR/2.0.0/webhook/purchase-webhook/ (the page's example
 * could not be read whole from here; the shape below is the body Hotmart's own "test" button sent
 * in November 2025, kept in michael-lourenco/controle-de-eventos@b33cb93:documentacao/payloads-webhook.md,
 * with `origin` and `recurrence_number` as in real deliveries, thaleslaray/n8n-nodes-hotmart@f90a0af:
 * __tests__/fixtures/webhook-fixtures-anon/purchase-approved/4.json). Authentication: the hottok in
 * the X-HOTMART-HOTTOK header. Only the values a test needs differ from the capture.
 */

/** Each purchase event and the `purchase.status` Hotmart sends with it (captured deliveries). */
export const HOTMART_STATUS = {
  PURCHASE_APPROVED: 'APPROVED',
  PURCHASE_COMPLETE: 'COMPLETED',
  PURCHASE_CANCELED: 'CANCELED',
  PURCHASE_REFUNDED: 'REFUNDED',
  PURCHASE_CHARGEBACK: 'CHARGEBACK',
  PURCHASE_PROTEST: 'DISPUTE',
  PURCHASE_EXPIRED: 'EXPIRED',
  PURCHASE_DELAYED: 'DELAYED',
  PURCHASE_BILLET_PRINTED: 'BILLET_PRINTED',
} as const;

export type HotmartPurchase = {
  event: keyof typeof HOTMART_STATUS;
  transaction: string;
  productId: number;
  /** Decimal reais, as Hotmart states them. */
  value: number;
  paymentType?: string;
  origin?: { sck?: string; src?: string; xcod?: string };
  couponCode?: string;
  subscriber?: string;
  recurrence?: number;
  email?: string;
};

export function hotmartPurchase(p: HotmartPurchase): string {
  return JSON.stringify({
    id: crypto.randomUUID(),
    creation_date: 1763247745737,
    event: p.event,
    version: '2.0.0',
    data: {
      product: {
        id: p.productId,
        ucode: 'fb056612-bcc6-4217-9e6d-2a5d1110ac2f',
        name: 'Produto test postback2',
        warranty_date: '2017-12-27T00:00:00Z',
        support_email: 'support@hotmart.com.br',
        has_co_production: false,
        is_physical_product: false,
      },
      affiliates: [{ affiliate_code: '', name: '' }],
      buyer: {
        email: p.email ?? 'testeComprador271101postman15@example.com',
        name: 'Teste Comprador',
        first_name: 'Teste',
        last_name: 'Comprador',
        checkout_phone_code: '999999999',
        checkout_phone: '99999999900',
        document: '69526128664',
        document_type: 'CPF',
      },
      producer: { name: 'Producer Test Name', document: '12345678965', legal_nature: 'Pessoa Física' },
      commissions: [
        { value: Math.round(p.value * 10) / 100, source: 'MARKETPLACE', currency_value: 'BRL' },
        { value: Math.round(p.value * 90) / 100, source: 'PRODUCER', currency_value: 'BRL' },
      ],
      purchase: {
        approved_date: 1511783346000,
        full_price: { value: p.value, currency_value: 'BRL' },
        price: { value: p.value, currency_value: 'BRL' },
        checkout_country: { name: 'Brasil', iso: 'BR' },
        order_bump: { is_order_bump: false },
        original_offer_price: { value: p.value, currency_value: 'BRL' },
        order_date: 1511783344000,
        status: HOTMART_STATUS[p.event],
        transaction: p.transaction,
        payment: { installments_number: 1, type: p.paymentType ?? 'CREDIT_CARD' },
        offer: { code: 'test', ...(p.couponCode ? { coupon_code: p.couponCode } : {}) },
        ...(p.origin ? { origin: p.origin } : {}),
        ...(p.recurrence ? { recurrence_number: p.recurrence } : {}),
        is_funnel: false,
        business_model: 'I',
      },
      ...(p.subscriber
        ? {
            subscription: {
              status: 'ACTIVE',
              plan: { id: 123, name: 'plano de teste' },
              subscriber: { code: p.subscriber },
            },
          }
        : {}),
    },
  });
}

/** SUBSCRIPTION_CANCELLATION as the 2.0.0 documentation shows it (copy kept in thaleslaray/n8n-nodes-hotmart@47bb7a4). */
export const HOTMART_SUBSCRIPTION_CANCELLATION = JSON.stringify({
  id: '0d7aa966-b887-4617-8c56-9e865bfc8ce4',
  creation_date: 1632411406874,
  event: 'SUBSCRIPTION_CANCELLATION',
  version: '2.0.0',
  data: {
    date_next_charge: 1580667200000,
    product: { name: 'Product Name', id: 3526906 },
    actual_recurrence_value: 50.1,
    subscriber: { code: 'QO4THU04', name: 'Subscriber Name', email: 'subscriber@email.com' },
    subscription: { id: 471681, plan: { name: 'Plan Name', id: 460805 } },
    cancellation_date: 1633410850832,
  },
});

export const hotmartHeaders = (hottok: string) => ({ 'x-hotmart-hottok': hottok, 'content-type': 'application/json' });
