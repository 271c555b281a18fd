import { ADMIN_ROLE } from '@contract/auth';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { HOTMART_SUBSCRIPTION_CANCELLATION, hotmartHeaders, hotmartPurchase } from '../../../test/integrations/hotmart';
import { KIWIFY_SIGNED_VECTOR, kiwifyOrder, kiwifySignature } from '../../../test/integrations/kiwify';
import { SHOPIFY_SECRET, shopifyHeaders, shopifyOrder, shopifyRefund } from '../../../test/integrations/shopify';
import {
  STRIPE_SECRET,
  stripeChargeRefunded,
  stripeDisputeCreated,
  stripeHeaders,
  stripeInvoicePaid,
  stripeSession,
} from '../../../test/integrations/stripe';
import { selectRows } from '../../db/client';
import { campaigns, integrationDeliveries, sales } from '../../db/schema';
import { connectionCache } from './integration-connections';
import { pruneIntegrationDeliveries } from './integrations.service';
import { kiwify } from './platforms/kiwify';

// Issue 26: sales from the checkouts merchants sell on. Each platform posts its own signed webhook
// to a connection's address; the fixtures are shaped as each platform documents its events (the
// URLs are in test/integrations/*.ts) and signed its way, and every event becomes a sale step.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let anaCode = '';
let campaignId = 0;
let heldCampaignId = 0;
let order = 0;
const db = () => t.database.db;
const nextOrder = (prefix: string) => `${prefix}-${process.pid}-${++order}`;
const HOTTOK = 'hottok-da-conta-abc123';
const KIWIFY_TOKEN = 'kiwify-token-9ch0';

async function newCampaign(holdDays: number) {
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      name: `Curso ${holdDays}`,
      destinationUrl: 'https://pay.hotmart.com/X123',
      commissionType: 'percent',
      commissionValue: 3_000,
      cookieDays: 30,
      holdDays,
    })
    .returning();
  return campaign?.id ?? 0;
}

async function connect(platform: string, secret: string, campaign: number | null = campaignId) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/v1/integrations',
    headers: admin.headers,
    payload: { platform, name: `Loja ${platform}`, secret, campaign_id: campaign },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const integration = answer.json();
  return { ...integration, path: new URL(integration.receive_url).pathname as string };
}

const post = (path: string, body: string, headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'POST', url: `${path}${query ? `?${query}` : ''}`, headers, payload: body });

/** A click on ana's link of the campaign: the id the redirect hands the checkout. */
async function clickOf(campaign: number) {
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/v1/links',
    headers: ana.headers,
    payload: { campaign_id: campaign },
  });
  // The affiliate's link of the campaign: made now, or the one made before (200).
  expect([200, 201], link.body).toContain(link.statusCode);
  const redirect = await t.app.inject({
    method: 'GET',
    url: `/r/${link.json().code}`,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' },
  });
  expect(redirect.statusCode).toBe(302);
  const clickId = new URL(redirect.headers.location as string).searchParams.get('click_id') as string;
  // A sale seconds after its click is flagged (fast_click) and waits: this click was an hour ago.
  await t.app.clickBuffer.flush();
  await db().execute(sql`update clicks set at = at - interval '1 hour' where id = ${clickId}`);
  return clickId;
}

const saleOf = async (campaign: number, externalId: string) =>
  (
    await db()
      .select()
      .from(sales)
      .where(and(eq(sales.campaignId, campaign), eq(sales.externalId, externalId)))
  )[0];

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://afiliados.example.com' } });
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: ana.headers });
  anaCode = me.json().codigo_afiliado;
  campaignId = await newCampaign(0);
  heldCampaignId = await newCampaign(30);
});
afterAll(async () => t.close());

describe('connections', () => {
  test('a connection answers its receive address under PUBLIC_URL and never its secret', async () => {
    const created = await connect('hotmart', HOTTOK);
    expect(created.receive_url).toMatch(
      /^https:\/\/afiliados\.example\.com\/api\/v1\/integrations\/receive\/[A-Za-z0-9_-]{43}$/,
    );
    expect(JSON.stringify(created)).not.toContain(HOTTOK);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/integrations/${created.id}`,
      headers: admin.headers,
    });
    expect(read.json()).toMatchObject({ platform: 'hotmart', campaign_id: campaignId, active: true });
    expect(read.body).not.toContain(HOTTOK);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/integrations/${created.id}`,
      headers: admin.headers,
      payload: { secret: 'outro-hottok', name: 'Hotmart principal' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).not.toContain('outro-hottok');
    // The new secret is the one checked now.
    const body = hotmartPurchase({
      event: 'PURCHASE_APPROVED',
      transaction: nextOrder('HP'),
      productId: 1,
      value: 10,
      origin: { sck: anaCode },
    });
    expect((await post(created.path, body, hotmartHeaders(HOTTOK))).statusCode).toBe(401);
    expect((await post(created.path, body, hotmartHeaders('outro-hottok'))).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/integrations', headers: admin.headers });
    expect(list.json().items.map((i: { id: number }) => i.id)).toContain(created.id);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/integrations/${created.id}`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect((await post(created.path, body, hotmartHeaders('outro-hottok'))).statusCode).toBe(404);
  });

  test('a bad connection is refused naming the field, and nothing is made', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/integrations', headers: admin.headers })).json()
      .items.length;
    const platform = await t.app.inject({
      method: 'POST',
      url: '/api/v1/integrations',
      headers: admin.headers,
      payload: { platform: 'paypal', name: 'x', secret: 's', campaign_id: campaignId },
    });
    expect(platform.statusCode).toBe(400);
    expect(platform.json().errors[0].field).toBe('platform');
    const campaign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/integrations',
      headers: admin.headers,
      payload: { platform: 'kiwify', name: 'x', secret: 's', campaign_id: 999_999 },
    });
    expect(campaign.statusCode).toBe(400);
    expect(campaign.json().errors[0].field).toBe('campaign_id');
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/integrations', headers: admin.headers })).json()
      .items.length;
    expect(after).toBe(before);
  });

  test('deleting a connection deletes its log and its address; the sales it recorded stay', async () => {
    const doomed = await connect('hotmart', 'hottok-que-sera-apagado');
    const transaction = nextOrder('HD');
    const body = hotmartPurchase({
      event: 'PURCHASE_APPROVED',
      transaction,
      productId: 4774438,
      value: 10,
      origin: { sck: anaCode },
    });
    expect((await post(doomed.path, body, hotmartHeaders('hottok-que-sera-apagado'))).json().outcome).toBe('recorded');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/integrations/${doomed.id}`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect(
      await db().select().from(integrationDeliveries).where(eq(integrationDeliveries.integrationId, doomed.id)),
    ).toEqual([]);
    expect((await saleOf(campaignId, transaction))?.status).toBe('approved');
    expect((await post(doomed.path, body, hotmartHeaders('hottok-que-sera-apagado'))).statusCode).toBe(404);
  });

  test('the calls that find a connection unread at once wait for one read of it', async () => {
    const connection = await connect('hotmart', 'hottok-lido-uma-vez');
    const token = connection.path.split('/').at(-1) as string;
    const cache = connectionCache(db(), t.app.config.jwtSecret);
    try {
      const read = await Promise.all(Array.from({ length: 20 }, () => cache.byToken(token)));
      expect(read[0]?.id).toBe(connection.id);
      // One read answers them all: the very same connection, not twenty copies of it.
      expect(new Set(read).size).toBe(1);
    } finally {
      cache.close();
    }
  });
});

describe('Hotmart (webhook 2.0.0, X-HOTMART-HOTTOK)', () => {
  let hotmart: { id: number; path: string };
  beforeAll(async () => {
    hotmart = await connect('hotmart', HOTTOK);
  });

  test('approved then refunded: the sale is recorded once in cents, then refunded; a repeat records nothing', async () => {
    const transaction = nextOrder('HP');
    const approved = hotmartPurchase({
      event: 'PURCHASE_APPROVED',
      transaction,
      productId: 4774438,
      value: 197.9,
      paymentType: 'PIX',
      origin: { sck: anaCode },
    });
    const first = await post(hotmart.path, approved, hotmartHeaders(HOTTOK));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'recorded' });
    const sale = await saleOf(campaignId, transaction);
    expect(sale).toMatchObject({
      amountCents: 19_790,
      paymentMethod: 'pix',
      status: 'approved',
      source: 'integration',
    });
    // The buyer's address as the fraud rules compare it: lowercased.
    expect(sale?.customerEmail).toBe('testecomprador271101postman15@example.com');
    const again = await post(hotmart.path, approved, hotmartHeaders(HOTTOK));
    expect(again.json()).toMatchObject({ outcome: 'repeat', sale_id: sale?.id });
    expect(await db().select().from(sales).where(eq(sales.externalId, transaction))).toHaveLength(1);

    const refunded = hotmartPurchase({ event: 'PURCHASE_REFUNDED', transaction, productId: 4774438, value: 197.9 });
    expect((await post(hotmart.path, refunded, hotmartHeaders(HOTTOK))).json()).toMatchObject({
      outcome: 'updated',
      sale_id: sale?.id,
    });
    expect((await saleOf(campaignId, transaction))?.status).toBe('refunded');
    // Refunded again: nothing changes.
    expect((await post(hotmart.path, refunded, hotmartHeaders(HOTTOK))).json().outcome).toBe('repeat');
  });

  test('a delivery that records a new sale is logged in the sale’s own transaction, kept as received', async () => {
    const transaction = nextOrder('HX');
    const approved = hotmartPurchase({
      event: 'PURCHASE_APPROVED',
      transaction,
      productId: 4774438,
      value: 59.9,
      origin: { sck: anaCode },
    });
    const receipt = (await post(hotmart.path, approved, hotmartHeaders(HOTTOK))).json();
    expect(receipt).toMatchObject({ outcome: 'recorded' });
    const [delivery] = await db()
      .select()
      .from(integrationDeliveries)
      .where(eq(integrationDeliveries.id, receipt.delivery_id));
    expect(delivery).toMatchObject({
      integrationId: hotmart.id,
      eventType: 'PURCHASE_APPROVED',
      externalId: transaction,
      externalProductId: '4774438',
      outcome: 'recorded',
      saleId: receipt.sale_id,
      body: approved,
    });
    expect(JSON.stringify(delivery?.headers)).not.toContain(HOTTOK);
    // Written by the same transaction as the sale (one commit to wait for, never one without the other).
    const sameTransaction = async (deliveryId: number) =>
      (
        await selectRows<{ same: boolean }>(
          db(),
          sql`select (d.xmin::text = s.xmin::text) as same from integration_deliveries d
            join sales s on s.id = d.sale_id where d.id = ${deliveryId}`,
        )
      )[0]?.same;
    expect(await sameTransaction(receipt.delivery_id)).toBe(true);
    // A repeat records no sale: its delivery is logged on its own.
    const again = (await post(hotmart.path, approved, hotmartHeaders(HOTTOK))).json();
    expect(again).toMatchObject({ outcome: 'repeat', sale_id: receipt.sale_id });
    expect(again.delivery_id).not.toBe(receipt.delivery_id);
    expect(await sameTransaction(again.delivery_id)).toBe(false);
  });

  test('approved then charged back, and a protest (dispute) charges back too', async () => {
    for (const event of ['PURCHASE_CHARGEBACK', 'PURCHASE_PROTEST'] as const) {
      const transaction = nextOrder('HP');
      await post(
        hotmart.path,
        hotmartPurchase({ event: 'PURCHASE_APPROVED', transaction, productId: 1, value: 50, origin: { src: anaCode } }),
        hotmartHeaders(HOTTOK),
      );
      const answer = await post(
        hotmart.path,
        hotmartPurchase({ event, transaction, productId: 1, value: 50 }),
        hotmartHeaders(HOTTOK),
      );
      expect(answer.json().outcome).toBe('updated');
      expect((await saleOf(campaignId, transaction))?.status).toBe('chargeback');
    }
  });

  test('first charge then renewal: the renewal goes to the first charge’s affiliate as charge 2', async () => {
    const subscriber = nextOrder('SUB');
    const first = nextOrder('HP');
    await post(
      hotmart.path,
      hotmartPurchase({
        event: 'PURCHASE_APPROVED',
        transaction: first,
        productId: 7,
        value: 49.9,
        origin: { sck: anaCode },
        subscriber,
        recurrence: 1,
      }),
      hotmartHeaders(HOTTOK),
    );
    const renewal = nextOrder('HP');
    const answer = await post(
      hotmart.path,
      hotmartPurchase({
        event: 'PURCHASE_APPROVED',
        transaction: renewal,
        productId: 7,
        value: 49.9,
        subscriber,
        recurrence: 2,
      }),
      hotmartHeaders(HOTTOK),
    );
    expect(answer.json().outcome).toBe('recorded');
    const sale = await saleOf(campaignId, renewal);
    expect(sale).toMatchObject({ subscriptionId: subscriber, chargeNumber: 2, attributedBy: 'subscription' });
    expect(sale?.affiliateId).toBe((await saleOf(campaignId, first))?.affiliateId);
  });

  test('a paid sale waits for the campaign’s hold; COMPLETE (warranty over) approves it', async () => {
    const held = await connect('hotmart', HOTTOK, heldCampaignId);
    const transaction = nextOrder('HP');
    await post(
      held.path,
      hotmartPurchase({ event: 'PURCHASE_APPROVED', transaction, productId: 1, value: 100, origin: { sck: anaCode } }),
      hotmartHeaders(HOTTOK),
    );
    expect((await saleOf(heldCampaignId, transaction))?.status).toBe('pending');
    const complete = await post(
      held.path,
      hotmartPurchase({ event: 'PURCHASE_COMPLETE', transaction, productId: 1, value: 100, origin: { sck: anaCode } }),
      hotmartHeaders(HOTTOK),
    );
    expect(complete.json().outcome).toBe('updated');
    expect((await saleOf(heldCampaignId, transaction))?.status).toBe('approved');
  });

  test('a wrong or missing hottok is 401 and records nothing; the refusal is logged without the token', async () => {
    const transaction = nextOrder('HP');
    const body = hotmartPurchase({
      event: 'PURCHASE_APPROVED',
      transaction,
      productId: 1,
      value: 10,
      origin: { sck: anaCode },
    });
    const wrong = await post(hotmart.path, body, hotmartHeaders('not-the-hottok'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    const missing = await post(hotmart.path, body, { 'content-type': 'application/json' });
    expect(missing.statusCode).toBe(401);
    expect(await saleOf(campaignId, transaction)).toBeUndefined();
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/v1/integrations/${hotmart.id}/deliveries?outcome=refused`,
      headers: admin.headers,
    });
    expect(log.json().items[0]).toMatchObject({ outcome: 'refused', reason: 'bad_signature' });
    expect(log.body).not.toContain('not-the-hottok');
  });

  test('a malformed body is 400 naming the field, and nothing is recorded', async () => {
    const body = JSON.parse(hotmartPurchase({ event: 'PURCHASE_APPROVED', transaction: 'x', productId: 1, value: 10 }));
    delete body.data.purchase.transaction;
    const answer = await post(hotmart.path, JSON.stringify(body), hotmartHeaders(HOTTOK));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0].field).toBe('data.purchase.transaction');
    const notJson = await post(hotmart.path, '{"event":', hotmartHeaders(HOTTOK));
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().errors[0].field).toBe('body');
  });

  test('events that change no commission are answered 200 and kept as ignored, with why', async () => {
    const cancellation = await post(hotmart.path, HOTMART_SUBSCRIPTION_CANCELLATION, hotmartHeaders(HOTTOK));
    expect(cancellation.json()).toMatchObject({ outcome: 'ignored', reason: 'event_not_used' });
    const billet = await post(
      hotmart.path,
      hotmartPurchase({
        event: 'PURCHASE_BILLET_PRINTED',
        transaction: nextOrder('HP'),
        productId: 1,
        value: 10,
        origin: { sck: anaCode },
      }),
      hotmartHeaders(HOTTOK),
    );
    expect(billet.json()).toMatchObject({ outcome: 'ignored', reason: 'waiting_payment' });
    const organic = await post(
      hotmart.path,
      hotmartPurchase({ event: 'PURCHASE_APPROVED', transaction: nextOrder('HP'), productId: 1, value: 10 }),
      hotmartHeaders(HOTTOK),
    );
    expect(organic.json()).toMatchObject({ outcome: 'ignored', reason: 'no_affiliate' });
  });

  test('a click id in sck credits the click (our click id through Hotmart’s checkout)', async () => {
    const clickId = await clickOf(campaignId);
    const transaction = nextOrder('HP');
    await post(
      hotmart.path,
      hotmartPurchase({ event: 'PURCHASE_APPROVED', transaction, productId: 1, value: 30, origin: { sck: clickId } }),
      hotmartHeaders(HOTTOK),
    );
    expect(await saleOf(campaignId, transaction)).toMatchObject({ clickId, attributedBy: 'click' });
  });
});

describe('Kiwify (?signature= HMAC-SHA1)', () => {
  let kiwi: { id: number; path: string };
  beforeAll(async () => {
    kiwi = await connect('kiwify', KIWIFY_TOKEN);
  });

  test('the signature Kiwify sent with a real delivery verifies, and a changed byte does not', () => {
    const call = (body: string) => ({
      rawBody: body,
      headers: {},
      query: { signature: KIWIFY_SIGNED_VECTOR.signature },
    });
    expect(kiwify.verify(call(KIWIFY_SIGNED_VECTOR.body), KIWIFY_SIGNED_VECTOR.token)).toBe(true);
    expect(kiwify.verify(call(KIWIFY_SIGNED_VECTOR.body.replace('1840', '1841')), KIWIFY_SIGNED_VECTOR.token)).toBe(
      false,
    );
  });

  test('order_approved with a click id in sck, then order_refunded; a bad signature is 401', async () => {
    const clickId = await clickOf(campaignId);
    const orderId = crypto.randomUUID();
    const approved = kiwifyOrder({
      event: 'order_approved',
      orderId,
      productId: 'p-1',
      cents: 9_700,
      paymentMethod: 'boleto',
      tracking: { sck: clickId, utm_source: 'instagram' },
    });
    expect(
      (await post(kiwi.path, approved, { 'content-type': 'application/json' }, kiwifySignature(approved, 'wrong')))
        .statusCode,
    ).toBe(401);
    expect(await saleOf(campaignId, orderId)).toBeUndefined();
    const answer = await post(
      kiwi.path,
      approved,
      { 'content-type': 'application/json' },
      kiwifySignature(approved, KIWIFY_TOKEN),
    );
    expect(answer.json().outcome, answer.body).toBe('recorded');
    expect(await saleOf(campaignId, orderId)).toMatchObject({
      amountCents: 9_700,
      paymentMethod: 'boleto',
      clickId,
      origin: 'instagram',
    });
    const refunded = kiwifyOrder({ event: 'order_refunded', orderId, productId: 'p-1', cents: 9_700 });
    await post(kiwi.path, refunded, { 'content-type': 'application/json' }, kiwifySignature(refunded, KIWIFY_TOKEN));
    expect((await saleOf(campaignId, orderId))?.status).toBe('refunded');
  });

  test('chargeback, and a renewal (new order, same subscription) as charge 2', async () => {
    const first = crypto.randomUUID();
    const subscription = { id: crypto.randomUUID(), orders: [first] };
    const approved = kiwifyOrder({
      event: 'order_approved',
      orderId: first,
      productId: 'p-2',
      cents: 4_990,
      tracking: { src: anaCode },
      subscription,
    });
    await post(kiwi.path, approved, { 'content-type': 'application/json' }, kiwifySignature(approved, KIWIFY_TOKEN));
    const second = crypto.randomUUID();
    const renewed = kiwifyOrder({
      event: 'subscription_renewed',
      orderId: second,
      productId: 'p-2',
      cents: 4_990,
      subscription: { ...subscription, orders: [first, second] },
    });
    const renewal = await post(
      kiwi.path,
      renewed,
      { 'content-type': 'application/json' },
      kiwifySignature(renewed, KIWIFY_TOKEN),
    );
    expect(renewal.json().outcome).toBe('recorded');
    expect(await saleOf(campaignId, second)).toMatchObject({
      chargeNumber: 2,
      subscriptionId: subscription.id,
      attributedBy: 'subscription',
    });
    const chargeback = kiwifyOrder({ event: 'chargeback', orderId: first, productId: 'p-2', cents: 4_990 });
    await post(
      kiwi.path,
      chargeback,
      { 'content-type': 'application/json' },
      kiwifySignature(chargeback, KIWIFY_TOKEN),
    );
    expect((await saleOf(campaignId, first))?.status).toBe('chargeback');
  });

  test('pix_created waits for payment: answered and kept as ignored', async () => {
    const body = kiwifyOrder({
      event: 'pix_created',
      orderId: crypto.randomUUID(),
      productId: 'p-1',
      cents: 100,
      tracking: { sck: anaCode },
    });
    const answer = await post(
      kiwi.path,
      body,
      { 'content-type': 'application/json' },
      kiwifySignature(body, KIWIFY_TOKEN),
    );
    expect(answer.json()).toMatchObject({ outcome: 'ignored', reason: 'waiting_payment' });
  });
});

describe('Stripe (Stripe-Signature, the official library)', () => {
  let stripe: { id: number; path: string };
  beforeAll(async () => {
    stripe = await connect('stripe', STRIPE_SECRET);
  });

  test('checkout.session.completed with client_reference_id, a partial refund leaves it, a full one refunds it', async () => {
    const clickId = await clickOf(campaignId);
    const paymentIntent = nextOrder('pi');
    const session = stripeSession({ id: nextOrder('cs'), amount: 25_000, clientReferenceId: clickId, paymentIntent });
    const forged = await post(stripe.path, session, stripeHeaders(session, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(401);
    const answer = await post(stripe.path, session, stripeHeaders(session));
    expect(answer.json().outcome, answer.body).toBe('recorded');
    expect(await saleOf(campaignId, paymentIntent)).toMatchObject({
      amountCents: 25_000,
      clickId,
      paymentMethod: 'credit_card',
    });
    const partial = stripeChargeRefunded({ id: nextOrder('ch'), amount: 25_000, refunded: 5_000, paymentIntent });
    expect((await post(stripe.path, partial, stripeHeaders(partial))).json()).toMatchObject({
      outcome: 'ignored',
      reason: 'partial_refund',
    });
    expect((await saleOf(campaignId, paymentIntent))?.status).toBe('approved');
    const full = stripeChargeRefunded({ id: nextOrder('ch'), amount: 25_000, refunded: 25_000, paymentIntent });
    expect((await post(stripe.path, full, stripeHeaders(full))).json().outcome).toBe('updated');
    expect((await saleOf(campaignId, paymentIntent))?.status).toBe('refunded');
  });

  test("a signature older than five minutes (the library's tolerance) is refused", async () => {
    const session = stripeSession({
      id: nextOrder('cs'),
      amount: 1_000,
      clientReferenceId: anaCode,
      paymentIntent: nextOrder('pi'),
    });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: session,
      secret: STRIPE_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const answer = await post(stripe.path, session, { 'stripe-signature': stale, 'content-type': 'application/json' });
    expect(answer.statusCode).toBe(401);
  });

  test('an unpaid (Pix) session waits; async_payment_succeeded records it; a dispute charges it back', async () => {
    const paymentIntent = nextOrder('pi');
    const base = {
      id: nextOrder('cs'),
      amount: 9_900,
      paymentIntent,
      metadata: { affiliate_code: anaCode },
      methods: ['pix'],
    };
    const unpaid = stripeSession({ ...base, paymentStatus: 'unpaid' });
    expect((await post(stripe.path, unpaid, stripeHeaders(unpaid))).json()).toMatchObject({
      outcome: 'ignored',
      reason: 'waiting_payment',
    });
    const paid = stripeSession({ ...base, type: 'checkout.session.async_payment_succeeded' });
    expect((await post(stripe.path, paid, stripeHeaders(paid))).json().outcome).toBe('recorded');
    expect(await saleOf(campaignId, paymentIntent)).toMatchObject({
      paymentMethod: 'pix',
      attributedBy: 'affiliate_code',
    });
    const dispute = stripeDisputeCreated({
      id: nextOrder('du'),
      amount: 9_900,
      charge: nextOrder('ch'),
      paymentIntent,
    });
    expect((await post(stripe.path, dispute, stripeHeaders(dispute))).json().outcome).toBe('updated');
    expect((await saleOf(campaignId, paymentIntent))?.status).toBe('chargeback');
  });

  test('a subscription: its checkout is charge 1, invoice.paid (subscription_cycle) a renewal as charge 2', async () => {
    const subscription = nextOrder('sub');
    const firstInvoice = nextOrder('in');
    const session = stripeSession({
      id: nextOrder('cs'),
      amount: 4_900,
      mode: 'subscription',
      subscription,
      invoice: firstInvoice,
      clientReferenceId: anaCode,
    });
    expect((await post(stripe.path, session, stripeHeaders(session))).json().outcome).toBe('recorded');
    // Its first invoice comes too: already recorded from the session.
    const create = stripeInvoicePaid({ id: firstInvoice, amount: 4_900, subscription, reason: 'subscription_create' });
    expect((await post(stripe.path, create, stripeHeaders(create))).json().outcome).toBe('ignored');
    const renewalInvoice = nextOrder('in');
    const cycle = stripeInvoicePaid({ id: renewalInvoice, amount: 4_900, subscription });
    expect((await post(stripe.path, cycle, stripeHeaders(cycle))).json().outcome).toBe('recorded');
    expect(await saleOf(campaignId, renewalInvoice)).toMatchObject({
      chargeNumber: 2,
      subscriptionId: subscription,
      attributedBy: 'subscription',
    });
  });
});

describe('Shopify (X-Shopify-Hmac-Sha256)', () => {
  let shop: { id: number; path: string };
  beforeAll(async () => {
    shop = await connect('shopify', SHOPIFY_SECRET);
  });

  test('orders/paid with a ref note attribute; its 64-bit id is kept exact; refunds/create refunds it', async () => {
    const id = `82098291194${String(Date.now()).slice(-7)}`;
    const body = shopifyOrder({
      id,
      productId: '788032119674292922',
      subtotal: '404.95',
      noteAttributes: [{ name: 'ref', value: anaCode }],
    });
    const forged = await post(shop.path, body, shopifyHeaders('orders/paid', body, 'shpss_other'));
    expect(forged.statusCode).toBe(401);
    expect((await post(shop.path, body, shopifyHeaders('orders/paid', body))).json().outcome).toBe('recorded');
    expect(await saleOf(campaignId, id)).toMatchObject({
      amountCents: 40_495,
      externalId: id,
      attributedBy: 'affiliate_code',
    });
    const refund = shopifyRefund({ orderId: id, amount: '404.95' });
    expect((await post(shop.path, refund, shopifyHeaders('refunds/create', refund))).json().outcome).toBe('updated');
    expect((await saleOf(campaignId, id))?.status).toBe('refunded');
  });

  test('the click id on the landing page, and a discount code that is one of our coupons', async () => {
    const clickId = await clickOf(campaignId);
    const viaLanding = `7${String(Date.now()).slice(-15)}1`;
    const body = shopifyOrder({
      id: viaLanding,
      productId: '1',
      subtotal: '100.00',
      landingSite: `/products/oculos?click_id=${clickId}`,
    });
    await post(shop.path, body, shopifyHeaders('orders/paid', body));
    expect(await saleOf(campaignId, viaLanding)).toMatchObject({ clickId, attributedBy: 'click' });

    const code = `ANA${process.pid}`;
    const coupon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/coupons',
      headers: admin.headers,
      payload: { code, campaign_id: campaignId, affiliate_id: (await saleOf(campaignId, viaLanding))?.affiliateId },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const viaCoupon = `7${String(Date.now()).slice(-15)}2`;
    const withCoupon = shopifyOrder({ id: viaCoupon, productId: '1', subtotal: '90.00', discountCodes: [code] });
    const couponAnswer = await post(shop.path, withCoupon, shopifyHeaders('orders/paid', withCoupon));
    expect(couponAnswer.json().outcome, couponAnswer.body).toBe('recorded');
    expect(await saleOf(campaignId, viaCoupon)).toMatchObject({ attributedBy: 'coupon' });
    // The shop's own discount code is not ours: the other carriers decide.
    const ownCode = `7${String(Date.now()).slice(-15)}3`;
    const shopCode = shopifyOrder({
      id: ownCode,
      productId: '1',
      subtotal: '80.00',
      discountCodes: ['BLACKFRIDAY'],
      noteAttributes: [{ name: 'ref', value: anaCode }],
    });
    await post(shop.path, shopCode, shopifyHeaders('orders/paid', shopCode));
    expect(await saleOf(campaignId, ownCode)).toMatchObject({ attributedBy: 'affiliate_code' });
  });
});

describe('links through a connected checkout', () => {
  test('a campaign on a Hotmart, Kiwify or Stripe Payment Link checkout sends the click id where that checkout carries it', async () => {
    const cases = [
      ['https://pay.hotmart.com/X123?off=abc', 'sck'],
      ['https://pay.kiwify.com.br/aBc123', 'sck'],
      ['https://buy.stripe.com/test_00g5kR', 'client_reference_id'],
    ] as const;
    for (const [destination, param] of cases) {
      const [campaign] = await db()
        .insert(campaigns)
        .values({
          name: destination,
          destinationUrl: destination,
          commissionType: 'percent',
          commissionValue: 1_000,
          cookieDays: 30,
          holdDays: 0,
        })
        .returning();
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/v1/links',
        headers: ana.headers,
        payload: { campaign_id: campaign?.id },
      });
      const redirect = await t.app.inject({
        method: 'GET',
        url: `/r/${link.json().code}`,
        headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0' },
      });
      const location = new URL(redirect.headers.location as string);
      expect(location.searchParams.get(param), destination).toBe(location.searchParams.get('click_id'));
      expect(location.searchParams.get('click_id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('unmapped, unknown, replay', () => {
  test('a product not mapped waits; mapped, Replay records it once', async () => {
    const waiting = await connect('hotmart', HOTTOK, null);
    const transaction = nextOrder('HP');
    const body = hotmartPurchase({
      event: 'PURCHASE_APPROVED',
      transaction,
      productId: 777,
      value: 60,
      origin: { sck: anaCode },
    });
    const first = await post(waiting.path, body, hotmartHeaders(HOTTOK));
    expect(first.json()).toMatchObject({ outcome: 'needs_attention', reason: 'product_not_mapped' });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/integrations/${waiting.id}`,
      headers: admin.headers,
    });
    expect(listed.json().needs_attention).toBe(1);
    const mapped = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/integrations/${waiting.id}/products`,
      headers: admin.headers,
      payload: { items: [{ external_product_id: '777', campaign_id: heldCampaignId }] },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const replay = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/integrations/${waiting.id}/deliveries/${id}/replay`,
        headers: admin.headers,
        payload: {},
      });
    const replayed = await replay(first.json().delivery_id);
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toMatchObject({ outcome: 'recorded', replayed_at: expect.any(String) });
    expect(await saleOf(heldCampaignId, transaction)).toMatchObject({ source: 'integration' });
    expect((await replay(first.json().delivery_id)).statusCode).toBe(409);
    expect(await db().select().from(sales).where(eq(sales.externalId, transaction))).toHaveLength(1);
  });

  test('an unknown affiliate code waits; Replay with the affiliate named records it', async () => {
    const hot = await connect('hotmart', HOTTOK);
    const transaction = nextOrder('HP');
    const body = hotmartPurchase({
      event: 'PURCHASE_APPROVED',
      transaction,
      productId: 1,
      value: 20,
      origin: { sck: 'ninguem-123' },
    });
    const first = await post(hot.path, body, hotmartHeaders(HOTTOK));
    expect(first.json()).toMatchObject({ outcome: 'needs_attention', reason: 'affiliate_not_found' });
    const replayed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/integrations/${hot.id}/deliveries/${first.json().delivery_id}/replay`,
      headers: admin.headers,
      payload: { affiliate_code: anaCode },
    });
    expect(replayed.json()).toMatchObject({ outcome: 'recorded' });
    expect(await saleOf(campaignId, transaction)).toMatchObject({ attributedBy: 'affiliate_code' });
  });

  test('"Send a test event" goes through the real path for each platform and becomes a sale', async () => {
    for (const [platform, secret] of [
      ['hotmart', HOTTOK],
      ['kiwify', KIWIFY_TOKEN],
      ['stripe', STRIPE_SECRET],
      ['shopify', SHOPIFY_SECRET],
    ] as const) {
      const connection = await connect(platform, secret);
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/v1/integrations/${connection.id}/test-event`,
        headers: admin.headers,
        payload: { affiliate_code: anaCode, amount_cents: 12_345 },
      });
      expect(answer.statusCode, `${platform}: ${answer.body}`).toBe(200);
      expect(answer.json()).toMatchObject({ outcome: 'recorded', sale_id: expect.any(Number) });
      const [sale] = await db().select().from(sales).where(eq(sales.id, answer.json().sale_id));
      expect(sale).toMatchObject({ amountCents: 12_345, source: 'integration', campaignId });
    }
  });

  test('the log keeps every delivery 35 days, then the job forgets it', async () => {
    const hot = await connect('hotmart', HOTTOK);
    await post(hot.path, HOTMART_SUBSCRIPTION_CANCELLATION, hotmartHeaders(HOTTOK));
    const rows = await db().select().from(integrationDeliveries).where(eq(integrationDeliveries.integrationId, hot.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.headers).not.toHaveProperty('x-hotmart-hottok');
    expect(rows[0]?.body).toBe(HOTMART_SUBSCRIPTION_CANCELLATION);
    await pruneIntegrationDeliveries(db(), new Date(Date.now() + 34 * 86_400_000));
    expect(
      await db().select().from(integrationDeliveries).where(eq(integrationDeliveries.integrationId, hot.id)),
    ).toHaveLength(1);
    await pruneIntegrationDeliveries(db(), new Date(Date.now() + 36 * 86_400_000));
    expect(
      await db().select().from(integrationDeliveries).where(eq(integrationDeliveries.integrationId, hot.id)),
    ).toHaveLength(0);
  });
});

describe('hostile bodies, properly signed', () => {
  const HOSTILE = [
    'null',
    '[]',
    '"texto"',
    '{}',
    '{"event":1,"data":[]}',
    '{"event":"PURCHASE_APPROVED","data":{"purchase":{"transaction":"x","price":{"value":"1e400"}},"product":{"id":{}}}}',
    '{"webhook_event_type":"order_approved","order_id":"a","Product":{"product_id":"p"},"Commissions":{"charge_amount":-5}}',
    '{"type":"checkout.session.completed","id":"evt","data":{"object":{"id":"cs","mode":"payment","payment_status":"paid","amount_total":1e30,"currency":"brl"}}}',
    '{"id":99999999999999999999999,"currency":"BRL","subtotal_price":"12,50"}',
    `{"a":${'['.repeat(2000)}${']'.repeat(2000)}}`,
    // A NUL character, which PostgreSQL cannot store in text: the log keeps the call all the same.
    '{"event":"PURCHASE_APPROVED\u0000","order_id":"\u0000"}',
  ];

  test('each platform answers 400 or 200 with what came of it, never a 5xx, and records nothing', async () => {
    const before = (await db().select().from(sales)).length;
    const signers: [string, string, (body: string) => { headers: Record<string, string>; query?: string }][] = [
      ['hotmart', HOTTOK, () => ({ headers: hotmartHeaders(HOTTOK) })],
      [
        'kiwify',
        KIWIFY_TOKEN,
        (body) => ({ headers: { 'content-type': 'application/json' }, query: kiwifySignature(body, KIWIFY_TOKEN) }),
      ],
      ['stripe', STRIPE_SECRET, (body) => ({ headers: stripeHeaders(body) })],
      ['shopify', SHOPIFY_SECRET, (body) => ({ headers: shopifyHeaders('orders/paid', body) })],
    ];
    for (const [platform, secret, sign] of signers) {
      const connection = await connect(platform, secret);
      for (const body of HOSTILE) {
        const { headers, query } = sign(body);
        const answer = await post(connection.path, body, headers, query);
        expect([200, 400], `${platform} ${body.slice(0, 60)}: ${answer.body}`).toContain(answer.statusCode);
        if (answer.statusCode === 400) expect(answer.headers['content-type']).toContain('application/problem+json');
      }
    }
    expect((await db().select().from(sales)).length).toBe(before);
  });
});
