import { createHmac } from 'node:crypto';

/*
 * Shopify webhooks, as https://shopify.dev/docs/apps/build/webhooks/delivery-structure (headers)
 * and https://shopify.dev/docs/apps/build/webhooks/subscribe/https (X-Shopify-Hmac-Sha256: base64
 * HMAC-SHA256 of the raw body with the app's client secret) document them. Bodies: the Order of
 * the orders/paid sample at https://shopify.dev/docs/api/webhooks/latest (API 2026-07; its sample
 * is a voided USD order, here paid in BRL), and the Refund resource of
 * https://shopify.dev/docs/api/admin-rest/latest/resources/refund. Ids are 64-bit integers written
 * as JSON numbers, as Shopify writes them.
 */

export const SHOPIFY_SECRET = 'shpss_afiliados_segredo_de_teste';

export type ShopifyOrder = {
  /** Digits of a 64-bit id (as text, so it stays exact here). */
  id: string;
  productId: string;
  subtotal: string;
  noteAttributes?: { name: string; value: string }[];
  landingSite?: string | null;
  discountCodes?: string[];
  gateways?: string[];
  cancelled?: boolean;
};

/** The order's JSON, its 64-bit ids written as bare numbers as Shopify writes them. */
export function shopifyOrder(o: ShopifyOrder): string {
  const body = JSON.stringify({
    id: '@ORDER@',
    admin_graphql_api_id: `gid://shopify/Order/${o.id}`,
    app_id: null,
    browser_ip: null,
    buyer_accepts_marketing: true,
    cancel_reason: o.cancelled ? 'customer' : null,
    cancelled_at: o.cancelled ? '2026-11-20T19:00:00-03:00' : null,
    cart_token: null,
    checkout_token: null,
    closed_at: null,
    confirmed: true,
    contact_email: 'jon@example.com',
    created_at: '2026-11-20T18:00:00-03:00',
    currency: 'BRL',
    current_subtotal_price: o.subtotal,
    current_total_discounts: '0.00',
    current_total_price: o.subtotal,
    current_total_tax: '0.00',
    customer_locale: 'pt-BR',
    discount_codes: (o.discountCodes ?? []).map((code) => ({ code, amount: '10.00', type: 'fixed_amount' })),
    email: 'jon@example.com',
    financial_status: o.cancelled ? 'voided' : 'paid',
    fulfillment_status: null,
    landing_site: o.landingSite ?? null,
    landing_site_ref: null,
    name: '#9999',
    note: null,
    note_attributes: o.noteAttributes ?? [],
    number: 234,
    order_number: 1234,
    payment_gateway_names: o.gateways ?? ['shopify_payments'],
    presentment_currency: 'BRL',
    processed_at: '2026-11-20T18:00:00-03:00',
    referring_site: null,
    source_name: 'web',
    subtotal_price: o.subtotal,
    tags: '',
    taxes_included: false,
    test: false,
    total_discounts: '0.00',
    total_line_items_price: o.subtotal,
    total_outstanding: '0.00',
    total_price: o.subtotal,
    total_tax: '0.00',
    customer: { id: '@CUSTOMER@', email: 'john@example.com', first_name: 'John', last_name: 'Smith', currency: 'BRL' },
    line_items: [
      {
        id: '@LINE@',
        admin_graphql_api_id: 'gid://shopify/LineItem/487817672276298554',
        name: 'Aviator sunglasses',
        price: o.subtotal,
        product_id: '@PRODUCT@',
        quantity: 1,
        sku: 'SKU2006-001',
        title: 'Aviator sunglasses',
      },
    ],
  });
  return body
    .replace('"@ORDER@"', o.id)
    .replace('"@CUSTOMER@"', '115310627314723954')
    .replace('"@LINE@"', '487817672276298554')
    .replace('"@PRODUCT@"', o.productId);
}

/** The Refund resource for an order, its transactions summing `amount` (decimal reais as text). */
export function shopifyRefund(r: { orderId: string; amount: string }): string {
  const body = JSON.stringify({
    created_at: '2026-11-21T11:00:00-03:00',
    duties: [],
    id: 92738740,
    note: 'Item was damaged during shipping',
    order_adjustments: [],
    order_id: '@ORDER@',
    processed_at: '2026-11-21T11:00:00-03:00',
    refund_line_items: [],
    refund_shipping_lines: [],
    restock: true,
    transactions: [
      {
        id: 179259969,
        order_id: '@ORDER@',
        amount: r.amount,
        kind: 'refund',
        gateway: 'shopify_payments',
        status: 'success',
        message: null,
        created_at: '2026-11-21T11:00:00-03:00',
        test: false,
        authorization: 'authorization-key',
        currency: 'BRL',
        location_id: null,
        user_id: null,
        parent_id: 801038806,
        device_id: null,
        receipt: {},
        error_code: null,
        source_name: 'web',
      },
    ],
    user_id: 238478920,
  });
  return body.replaceAll('"@ORDER@"', r.orderId);
}

export function shopifyHeaders(topic: string, body: string, secret = SHOPIFY_SECRET) {
  return {
    'x-shopify-topic': topic,
    'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body, 'utf8').digest('base64'),
    'x-shopify-shop-domain': 'loja-teste.myshopify.com',
    'x-shopify-api-version': '2026-07',
    'x-shopify-webhook-id': crypto.randomUUID(),
    'x-shopify-triggered-at': new Date().toISOString(),
    'x-shopify-event-id': crypto.randomUUID(),
    'content-type': 'application/json',
  };
}
