import { createHmac } from 'node:crypto';

/*
 * Kiwify sales webhooks, as documented at https://docs.kiwify.com.br/api-reference/webhooks/receiving
 * ("Receber e validar webhooks": `?signature=` = HMAC-SHA1 hex of the raw body with the webhook's
 * token) and https://docs.kiwify.com.br/api-reference/webhooks/subscription-events (each charge a
 * new order_id, the same subscription_id). The body shape is that of deliveries Kiwify signed,
 * kept with their signatures in LimaTeixeiraTecnologia/mecontrola@1edb8eb:internal/billing/
 * infrastructure/http/server/middleware/hmac_signature_test.go; the buyer's data below are Kiwify's
 * own test data ("John Doe"), never a real customer's.
 */

/** A delivery exactly as Kiwify sent it (its "boleto gerado" test event) and the signature it carried. */
export const KIWIFY_SIGNED_VECTOR = {
  token: '9ch0bpzogu9',
  signature: '06f61a6aff46cea884f02a981caedc92c3c247b8',
  body: '{"order_id":"ce936450-f853-4f66-9c72-03964fa436ea","order_ref":"DxfWDlN","order_status":"waiting_payment","product_type":"membership","payment_method":"boleto","store_id":"yOqrzDK1JFUIPlX","payment_merchant_id":19431960,"installments":null,"card_type":"","card_last4digits":"","card_rejection_reason":null,"boleto_URL":"https://pagar.me","boleto_barcode":"23791.22928 60005.510098 74000.046909 4 83110000300000","boleto_expiry_date":"12/06/2026","pix_code":null,"pix_expiration":null,"sale_type":"producer","created_at":"2026-06-08 15:42","updated_at":"2026-06-08 15:42","approved_date":null,"refunded_at":null,"webhook_event_type":"billet_created","Product":{"product_id":"d295c1f8-26ff-47de-9c72-bf73e6945cce","product_name":"Example product"},"Customer":{"full_name":"John Doe","first_name":"John","email":"johndoe@example.com","mobile":"+41945968750","CPF":"45658495664","ip":"82.253.125.70","instagram":"@kiwify","street":"Rua 1001","number":"315","complement":"SL 05","neighborhood":"Centro","city":"Balneário Camboriú","state":"SC","zipcode":"88330-756"},"Commissions":{"charge_amount":1840,"product_base_price":1840,"product_base_price_currency":"BRL","kiwify_fee":202,"kiwify_fee_currency":"BRL","settlement_amount":1840,"settlement_amount_currency":"BRL","sale_tax_rate":0,"sale_tax_amount":0,"commissioned_stores":[{"id":"e79c4e6e-f7ae-4d8a-9cf3-4905928943d6","type":"producer","custom_name":"Example store","email":"example@store.domain","value":"1638"},{"id":"1ee2f7c3-22bc-44eb-96d7-cf03d62a80ac","type":"coproducer","custom_name":"Example coproducer","email":"example@coproducer.domain","value":"1638"},{"id":"77a5eed3-d24f-437b-8c15-618dcd878cfb","type":"affiliate","affiliate_id":"jJXoElY","custom_name":"Example affiliate","email":"example@affiliate.domain","value":"1638"}],"currency":"BRL","my_commission":1638,"funds_status":null,"estimated_deposit_date":null,"deposit_date":null},"TrackingParameters":{"src":null,"sck":null,"utm_source":null,"utm_medium":null,"utm_campaign":null,"utm_content":null,"utm_term":null,"s1":null,"s2":null,"s3":null}}',
};

/** Each event's `webhook_event_type` and `order_status`. */
export const KIWIFY_EVENTS = {
  order_approved: 'paid',
  subscription_renewed: 'paid',
  order_refunded: 'refunded',
  chargeback: 'chargedback',
  pix_created: 'waiting_payment',
  billet_created: 'waiting_payment',
} as const;

export type KiwifyOrder = {
  event: keyof typeof KIWIFY_EVENTS;
  orderId: string;
  productId: string;
  /** Centavos, as Kiwify's Commissions state them. */
  cents: number;
  paymentMethod?: 'credit_card' | 'boleto' | 'pix';
  tracking?: { sck?: string; src?: string; utm_source?: string };
  subscription?: { id: string; orders: string[] };
};

export function kiwifyOrder(o: KiwifyOrder): string {
  return JSON.stringify({
    order_id: o.orderId,
    order_ref: 'cbQHbMQ',
    order_status: KIWIFY_EVENTS[o.event],
    product_type: o.subscription ? 'membership' : 'payment',
    payment_method: o.paymentMethod ?? 'credit_card',
    store_id: 'IUuICjDIMZh18ff',
    payment_merchant_id: '10492606081149378630',
    installments: 1,
    card_type: 'visa',
    card_last4digits: '3242',
    boleto_barcode: null,
    boleto_expiry_date: null,
    pix_code: null,
    pix_expiration: null,
    sale_type: 'producer',
    created_at: '2026-06-08 11:53',
    updated_at: '2026-06-08 11:53',
    approved_date: '2026-06-08 11:53',
    refunded_at: o.event === 'order_refunded' ? '2026-06-10 09:12' : null,
    webhook_event_type: o.event,
    Product: { product_id: o.productId, product_name: 'Example product' },
    Customer: {
      full_name: 'John Doe',
      first_name: 'John',
      email: 'johndoe@example.com',
      mobile: '+41945968750',
      CPF: '45658495664',
      ip: '82.253.125.70',
      country: 'br',
    },
    Commissions: {
      charge_amount: o.cents,
      product_base_price: o.cents,
      product_base_price_currency: 'BRL',
      kiwify_fee: Math.round(o.cents / 10),
      kiwify_fee_currency: 'BRL',
      commissioned_stores: [
        {
          id: 'a37d70a0-5675-4e3a-aa55-ebcf3b2868d0',
          type: 'producer',
          custom_name: 'Example store',
          email: 'example@store.domain',
          value: String(o.cents - Math.round(o.cents / 10)),
        },
      ],
      currency: 'BRL',
      my_commission: o.cents - Math.round(o.cents / 10),
      funds_status: 'waiting',
      estimated_deposit_date: '2026-06-23T03:00:00.000Z',
      deposit_date: null,
    },
    TrackingParameters: {
      src: o.tracking?.src ?? null,
      sck: o.tracking?.sck ?? null,
      utm_source: o.tracking?.utm_source ?? null,
      utm_medium: null,
      utm_campaign: null,
      utm_content: null,
      utm_term: null,
      s1: null,
      s2: null,
      s3: null,
    },
    checkout_link: 'LuSveVz',
    ...(o.subscription
      ? {
          Subscription: {
            id: o.subscription.id,
            start_date: '2026-06-08T14:53:19.679Z',
            next_payment: '2026-07-08T14:53:23.137Z',
            status: 'active',
            plan: { id: '97cd6da6-c095-426d-b3d0-0efeeaea0042', name: 'Mensal', frequency: 'monthly', qty_charges: 0 },
            charges: {
              completed: o.subscription.orders.map((orderId) => ({
                order_id: orderId,
                amount: o.cents,
                status: 'paid',
                installments: 1,
                card_type: 'visa',
                card_last_digits: '3242',
                card_first_digits: '499818',
                created_at: '2026-06-08T14:53:19.981Z',
              })),
              future: [{ charge_date: '2026-08-08T14:53:23.137Z' }],
            },
          },
          subscription_id: o.subscription.id,
        }
      : {}),
  });
}

/** The query Kiwify adds to the registered address. */
export const kiwifySignature = (body: string, token: string) =>
  `signature=${createHmac('sha1', token).update(body).digest('hex')}`;
