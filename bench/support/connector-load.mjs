// One autocannon run of distinct orders against a checkout connection's receive address, shaped as
// the platform sends them (test/integrations fixtures) and signed its way, as its own process so it
// can be pinned to a core; prints the result as JSON. Argv: url, connections, seconds, platform,
// secret, affiliate codes (JSON), order prefix.
import { createHmac, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { printLoadResult } from './server.mjs';

const [url, connections = '50', seconds = '10', platform = 'hotmart', secret = '', codesJson = '[]', prefix = 'o'] =
  process.argv.slice(2);
const codes = JSON.parse(codesJson);
let order = 0;

/** Hotmart webhook 2.0.0, PURCHASE_APPROVED (https://developers.hotmart.com/docs/pt-BR/2.0.0/webhook/purchase-webhook/). */
function hotmart(n, code) {
  const value = (10_000 + (n % 50_000)) / 100;
  return JSON.stringify({
    id: randomUUID(),
    creation_date: Date.now(),
    event: 'PURCHASE_APPROVED',
    version: '2.0.0',
    data: {
      product: { id: 4774438, ucode: 'fb056612-bcc6-4217-9e6d-2a5d1110ac2f', name: 'Curso' },
      buyer: { email: `comprador${n}@example.com`, name: 'Comprador' },
      purchase: {
        approved_date: Date.now(),
        order_date: Date.now(),
        price: { value, currency_value: 'BRL' },
        full_price: { value, currency_value: 'BRL' },
        status: 'APPROVED',
        transaction: `${prefix}-${n}`,
        payment: { installments_number: 1, type: n % 3 === 0 ? 'CREDIT_CARD' : 'PIX' },
        origin: { sck: code },
      },
    },
  });
}

/** Kiwify order_approved (https://docs.kiwify.com.br/api-reference/webhooks/receiving). */
function kiwify(n, code) {
  return JSON.stringify({
    order_id: `${prefix}-${n}`,
    order_status: 'paid',
    payment_method: n % 3 === 0 ? 'credit_card' : 'pix',
    webhook_event_type: 'order_approved',
    Product: { product_id: 'curso', product_name: 'Curso' },
    Customer: { email: `comprador${n}@example.com` },
    Commissions: { charge_amount: 10_000 + (n % 50_000), product_base_price_currency: 'BRL', currency: 'BRL' },
    TrackingParameters: { sck: code, src: null, utm_source: null, s1: null, s2: null, s3: null },
  });
}

const path = new URL(url).pathname;
const result = await autocannon({
  url,
  method: 'POST',
  connections: Number(connections),
  duration: Number(seconds),
  headers: { 'content-type': 'application/json' },
  requests: [
    {
      setupRequest: (request) => {
        order += 1;
        const code = codes[order % codes.length];
        if (platform === 'kiwify') {
          const body = kiwify(order, code);
          const signature = createHmac('sha1', secret).update(body).digest('hex');
          return { ...request, path: `${path}?signature=${signature}`, body };
        }
        return {
          ...request,
          headers: { ...request.headers, 'x-hotmart-hottok': secret },
          body: hotmart(order, code),
        };
      },
    },
  ],
});
printLoadResult(result);
