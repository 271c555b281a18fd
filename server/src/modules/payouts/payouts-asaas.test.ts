import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AsaasFake, startAsaasFake } from '../../../test/asaas-fake';
import { createSignedIn, mailsTo } from '../../../test/fixtures';
import { malformedRequests } from '../../../test/fuzz/malformed-requests';
import { failureOf, send } from '../../../test/fuzz/verdicts';
import { createTestApp, type TestApp } from '../../../test/helper';
import { listOperations } from '../../../test/openapi';
import { approvedRedemption as approvedFor, fullCommissionCampaign } from '../../../test/redemption-fixtures';
import { notifications, payments, payoutItems, redemptions } from '../../db/schema';
import { claimDue } from '../../outbound/outbox';
import { asaasSender, PAYOUT_BACKOFF_SECONDS, PAYOUT_QUEUE, runPayoutTransfers } from './payout-worker';

const API_KEY = '$aact_hmlg_000000000000000000000000test';
const TOKEN = 'a3c1f0e2-5b7d-4c9e-8f10-webhook-token';
let fake: AsaasFake;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
const db = () => t.database.db;

beforeAll(async () => {
  fake = await startAsaasFake({ apiKey: API_KEY, slowMs: 600 });
  t = await createTestApp({
    env: {
      PAYOUT_PROVIDER: 'asaas',
      ASAAS_API_KEY: API_KEY,
      ASAAS_WEBHOOK_TOKEN: TOKEN,
      ASAAS_BASE_URL: fake.url,
    },
  });
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  campaignId = await fullCommissionCampaign(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const client = () => ({ baseUrl: fake.url, apiKey: API_KEY, timeoutMs: 300 });
/** The worker's run as every server makes it, at a moment of the schedule's clock. */
const work = (at = new Date()) => runPayoutTransfers(t.app.ctx, { client: client(), clock: () => at });
const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: admin.headers, payload: payload as object });
const fromAsaas = (url: string, payload: unknown, token: string | null = TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/payouts/asaas/${url}`,
    headers: token === null ? {} : { 'asaas-access-token': token },
    payload: payload as object,
  });
const PERSON = {
  kind: 'person',
  legal_name: 'Pessoa Com Recibo',
  street: 'Rua A',
  number: '1',
  district: 'Centro',
  city: 'Recife',
  state: 'PE',
  postal_code: '50010000',
};
const redemptionAt = async (k = 0) => approvedFor(t, admin, campaignId, 10_000 + k);

/** A batch of these redemptions, paid through Asaas (queued for the worker). */
async function payingBatch(ids: number[]) {
  const batch = (await call('POST', '/payout-batches', { redemption_ids: ids })).json();
  const paid = await call('POST', `/payout-batches/${batch.id}/pay`, {});
  expect(paid.statusCode).toBe(200);
  expect(paid.json()).toMatchObject({ status: 'paying', provider: 'asaas' });
  return batch.id as number;
}
const itemOf = async (redemptionId: number) =>
  (await db().select().from(payoutItems).where(eq(payoutItems.redemptionId, redemptionId)))[0];
const transfersFor = (itemId: number) =>
  fake.transfers.filter((x) => x.externalReference === `afiliados-payout-${itemId}`);

describe('payout batches through Asaas', () => {
  test('each item is one PIX of its exact amount in reais, with our reference; TRANSFER_DONE pays it with the end-to-end id', async () => {
    const a = await approvedFor(t, admin, campaignId, 123_456, { pix_key: '529.982.247-25', pix_key_type: 'cpf' });
    const b = await redemptionAt(1);
    const batchId = await payingBatch([a.id, b.id]);
    await work();
    const itemA = await itemOf(a.id);
    const [sent] = transfersFor(itemA?.id ?? 0);
    expect(sent).toMatchObject({ value: 1234.56, pixAddressKeyType: 'CPF', status: 'PENDING' });
    expect(sent?.bankAccount).toMatchObject({ pixAddressKey: '52998224725' });
    expect(itemA).toMatchObject({ status: 'processing', providerTransferId: sent?.id, state: 'sent' });

    const done = fake.event(sent?.id ?? '', 'TRANSFER_DONE');
    expect((await fromAsaas('webhook', done)).statusCode).toBe(200);
    // At least once: the same event again changes nothing.
    expect((await fromAsaas('webhook', done)).statusCode).toBe(200);
    const paid = await db().select().from(payments).where(eq(payments.redemptionId, a.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]?.reference).toBe((done as { transfer: { endToEndIdentifier: string } }).transfer.endToEndIdentifier);
    expect(paid[0]?.amountCents).toBe(123_456);
    const batch = (await call('GET', `/payout-batches/${batchId}`)).json();
    expect(batch.items.find((i: { redemption_id: number }) => i.redemption_id === a.id)).toMatchObject({
      status: 'paid',
    });
    expect(batch.status).toBe('paying');

    const itemB = await itemOf(b.id);
    await fromAsaas('webhook', fake.event(transfersFor(itemB?.id ?? 0)[0]?.id ?? '', 'TRANSFER_DONE'));
    expect((await call('GET', `/payout-batches/${batchId}`)).json()).toMatchObject({ status: 'done', paid_count: 2 });
  });

  test('a person with a tax profile is sent the net: the gross less INSS and IRRF, and Asaas is asked to approve that', async () => {
    const a = await approvedFor(t, admin, campaignId, 600_000, { pix_key: '529.982.247-25', pix_key_type: 'cpf' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/tax-profile',
      headers: a.person.headers,
      payload: { ...PERSON, document: '52998224725' },
    });
    fake.holders.set('52998224725', { name: 'Pessoa Com Recibo', document: '52998224725' });
    await payingBatch([a.id]);
    await work();
    const item = await itemOf(a.id);
    const [sent] = transfersFor(item?.id ?? 0);
    expect(sent?.value).toBe(4959.98);
    expect((await fromAsaas('transfer-validation', fake.validationRequest(sent?.id ?? ''))).json()).toEqual({
      status: 'APPROVED',
    });
    await fromAsaas('webhook', fake.event(sent?.id ?? '', 'TRANSFER_DONE'));
    const receipts = (await call('GET', `/receipts?affiliate_id=${a.affiliateId}`)).json().items;
    expect(receipts).toMatchObject([{ gross_cents: 600_000, net_cents: 495_998 }]);
  });

  test('a person’s month counts a batch still on its way: two batches paid at once withhold the month’s total once', async () => {
    const settings = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/settings/redemptions',
        headers: admin.headers,
        payload: body as object,
      });
    await settings({ one_open_at_a_time: false });
    const first = await approvedFor(t, admin, campaignId, 300_000);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/tax-profile',
      headers: first.person.headers,
      payload: { ...PERSON, document: '52998224725' },
    });
    await call('POST', '/sales', {
      campaign_id: campaignId,
      affiliate_id: first.affiliateId,
      amount_cents: 500_000,
      payment_method: 'pix',
      status: 'approved',
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/redemptions',
      headers: first.person.headers,
      payload: { amount_cents: 500_000, method: 'pix' },
    });
    await call('POST', `/redemptions/${second.json().id}/approve`);
    const batchOf = async (id: number) => (await call('POST', '/payout-batches', { redemption_ids: [id] })).json().id;
    const [a, b] = [await batchOf(first.id), await batchOf(second.json().id)];
    // One through Asaas (its item on its way, not yet paid), one by hand, at the same moment.
    const paid = await Promise.all([
      call('POST', `/payout-batches/${a}/pay`, {}),
      call('POST', `/payout-batches/${b}/pay`, { provider: 'manual', reference: 'TED-MES-1' }),
    ]);
    expect(paid.map((r) => r.statusCode)).toEqual([200, 200]);
    const items = [await itemOf(first.id), await itemOf(second.json().id)];
    // 8.000,00 in the month: INSS 880,00 and IRRF 1.049,27 in all, whichever was paid first.
    expect(items.reduce((sum, i) => sum + (i?.inssCents ?? 0), 0)).toBe(88_000);
    expect(items.reduce((sum, i) => sum + (i?.irrfCents ?? 0), 0)).toBe(104_927);
    await settings({ one_open_at_a_time: true });
  });

  test('with Asaas configured an admin may still pay a batch by hand (the bank’s reference); another provider is 400', async () => {
    expect((await call('GET', '/settings/payouts')).json()).toEqual({ provider: 'asaas' });
    const a = await redemptionAt(6);
    const batch = (await call('POST', '/payout-batches', { redemption_ids: [a.id] })).json();
    const byHand = await call('POST', `/payout-batches/${batch.id}/pay`, { provider: 'manual', reference: 'TED-0001' });
    expect(byHand.json()).toMatchObject({ status: 'done', provider: 'manual', paid_count: 1 });
    expect(transfersFor(batch.items[0].id)).toHaveLength(0);
  });

  test('a missing or wrong asaas-access-token is 401 and records nothing; a malformed event is 400', async () => {
    const a = await redemptionAt(2);
    await payingBatch([a.id]);
    await work();
    const item = await itemOf(a.id);
    const event = fake.event(transfersFor(item?.id ?? 0)[0]?.id ?? '', 'TRANSFER_DONE');
    expect((await fromAsaas('webhook', event, null)).statusCode).toBe(401);
    expect((await fromAsaas('webhook', event, 'not-the-token')).statusCode).toBe(401);
    expect((await fromAsaas('webhook', { event: 'PAYMENT_RECEIVED', transfer: {} })).statusCode).toBe(400);
    expect((await itemOf(a.id))?.status).toBe('processing');
    expect(await db().select().from(payments).where(eq(payments.redemptionId, a.id))).toHaveLength(0);
  });

  test('a key Asaas refuses fails the item with Asaas’s words; the redemption is approved again, free for another batch', async () => {
    const a = await approvedFor(t, admin, campaignId, 5_000, {
      pix_key: 'recusada@example.com',
      pix_key_type: 'email',
    });
    const batchId = await payingBatch([a.id]);
    await work();
    expect(await itemOf(a.id)).toMatchObject({
      status: 'failed',
      reason: 'Chave Pix não encontrada.',
      state: 'refused',
    });
    const [redemption] = await db().select().from(redemptions).where(eq(redemptions.id, a.id));
    expect(redemption?.status).toBe('approved');
    expect((await call('GET', `/payout-batches/${batchId}`)).json()).toMatchObject({ status: 'done', failed_count: 1 });
    // The affiliate hears why, live and by mail; the admins that a payout failed.
    const told = await db().select().from(notifications).where(eq(notifications.userId, a.person.user.id));
    expect(told.find((n) => n.kind === 'payout.failed')?.text).toContain('Chave Pix não encontrada.');
    expect((await mailsTo(db(), a.person.user.email)).map((m) => m.subject)).toContain(
      `The payment of your redemption #${a.id} did not go through`,
    );
    const admins = await db().select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(admins.some((n) => n.kind === 'payout.failed' && n.text.includes(`Batch #${batchId}`))).toBe(true);
    expect((await call('POST', '/payout-batches', { redemption_ids: [a.id] })).statusCode).toBe(201);
  });

  test('a transfer Asaas made while we timed out is found again by its reference: paid once', async () => {
    const a = await approvedFor(t, admin, campaignId, 7_700, { pix_key: 'lenta@example.com', pix_key_type: 'email' });
    await payingBatch([a.id]);
    const start = new Date();
    await work(start);
    const item = await itemOf(a.id);
    expect(item).toMatchObject({ status: 'sending', state: 'queued', error: 'no answer in time' });
    expect(transfersFor(item?.id ?? 0)).toHaveLength(1);
    // The retry, at its time: it finds the transfer instead of making a second one.
    await work(new Date(start.getTime() + (PAYOUT_BACKOFF_SECONDS[0] + 1) * 1000));
    expect(transfersFor(item?.id ?? 0)).toHaveLength(1);
    expect(await itemOf(a.id)).toMatchObject({
      status: 'processing',
      providerTransferId: transfersFor(item?.id ?? 0)[0]?.id,
    });
  });

  test('a server that died between Asaas’s answer and our commit: the next one finds the transfer, paid once', async () => {
    const a = await redemptionAt(3);
    await payingBatch([a.id]);
    // The dead server's attempt: claimed, sent, Asaas answered, and nothing of it was kept.
    const now = new Date();
    const [claim] = await claimDue(db(), PAYOUT_QUEUE, now, new Date(now.getTime() + 60_000), 1);
    const [loaded] = await asaasSender(client()).load(db(), [claim?.id ?? 0]);
    if (!loaded) throw new Error('no item');
    expect((await asaasSender(client()).send(loaded, claim?.attempts ?? 1)).isDelivered).toBe(true);
    // Another server, once the hold ran out.
    await work(new Date(now.getTime() + 61_000));
    const item = await itemOf(a.id);
    expect(transfersFor(item?.id ?? 0)).toHaveLength(1);
    expect(item).toMatchObject({ status: 'processing', attempts: 2 });
    await fromAsaas('webhook', fake.event(transfersFor(item?.id ?? 0)[0]?.id ?? '', 'TRANSFER_DONE'));
    expect(await db().select().from(payments).where(eq(payments.redemptionId, a.id))).toHaveLength(1);
  });

  test('TRANSFER_FAILED after the transfer was taken fails the item with its reason and frees the redemption', async () => {
    const a = await redemptionAt(4);
    await payingBatch([a.id]);
    await work();
    const item = await itemOf(a.id);
    await fromAsaas(
      'webhook',
      fake.event(transfersFor(item?.id ?? 0)[0]?.id ?? '', 'TRANSFER_FAILED', 'Conta destino encerrada'),
    );
    expect(await itemOf(a.id)).toMatchObject({ status: 'failed', reason: 'Conta destino encerrada' });
    expect((await db().select().from(redemptions).where(eq(redemptions.id, a.id)))[0]?.status).toBe('approved');
  });

  test('no answer through the whole backoff holds the item for an admin (a transfer may exist), never fails it alone', async () => {
    const a = await redemptionAt(5);
    await payingBatch([a.id]);
    const broken = { ...client(), baseUrl: 'http://127.0.0.1:9/v3' };
    let at = new Date();
    for (let attempt = 0; attempt <= PAYOUT_BACKOFF_SECONDS.length; attempt++) {
      await runPayoutTransfers(t.app.ctx, { client: broken, clock: () => at });
      at = new Date(at.getTime() + ((PAYOUT_BACKOFF_SECONDS[attempt] ?? 0) + 1) * 1000);
    }
    expect(await itemOf(a.id)).toMatchObject({ status: 'held', reason: 'provider_unanswered', state: 'failed' });
  });

  test('the key’s holder: Asaas asks first; the affiliate’s CPF is APPROVED, another’s REFUSED and held with both names', async () => {
    const own = await approvedFor(t, admin, campaignId, 3_000, { pix_key: '111.444.777-35', pix_key_type: 'cpf' });
    fake.holders.set('11144477735', { name: 'Dona da Chave', document: '11144477735' });
    const other = await approvedFor(t, admin, campaignId, 3_100, { pix_key: '529.982.247-25', pix_key_type: 'cpf' });
    fake.holders.set('52998224725', { name: 'Outra Pessoa', document: '39053344705' });
    const batchId = await payingBatch([own.id, other.id]);
    await work();
    const ownItem = await itemOf(own.id);
    const otherItem = await itemOf(other.id);
    const ask = (itemId: number) =>
      fromAsaas('transfer-validation', fake.validationRequest(transfersFor(itemId)[0]?.id ?? ''));
    expect((await ask(ownItem?.id ?? 0)).json()).toEqual({ status: 'APPROVED' });
    const refused = await ask(otherItem?.id ?? 0);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'REFUSED' });
    const batch = (await call('GET', `/payout-batches/${batchId}`)).json();
    expect(batch.items.find((i: { redemption_id: number }) => i.redemption_id === other.id)).toMatchObject({
      status: 'held',
      reason: 'holder_mismatch',
      holder_name: 'Outra Pessoa',
      affiliate_name: `${other.person.user.firstName} ${other.person.user.lastName}`,
    });
    // Asaas cancels what was refused: the item stays held for the admin.
    await fromAsaas('webhook', fake.event(transfersFor(otherItem?.id ?? 0)[0]?.id ?? '', 'TRANSFER_CANCELLED'));
    expect((await itemOf(other.id))?.status).toBe('held');
    // A transfer this portal never asked for is refused too.
    const stranger = {
      type: 'TRANSFER',
      transfer: { id: 'x-1', status: 'PENDING', value: 10, externalReference: null },
    };
    expect((await fromAsaas('transfer-validation', stranger)).json()).toMatchObject({ status: 'REFUSED' });

    // The admin lets it go to that holder: a new transfer, approved this time.
    const released = await call('POST', `/payout-batches/${batchId}/items/${otherItem?.id}/release`);
    expect(released.statusCode).toBe(200);
    await work();
    const [, again] = transfersFor(otherItem?.id ?? 0);
    expect(again).toBeDefined();
    expect((await fromAsaas('transfer-validation', fake.validationRequest(again?.id ?? ''))).json()).toEqual({
      status: 'APPROVED',
    });
  });

  test('a held item failed by the admin goes back to the queue; deciding an item that is not held is 409', async () => {
    const other = await approvedFor(t, admin, campaignId, 3_200, { pix_key: '168.995.350-09', pix_key_type: 'cpf' });
    fake.holders.set('16899535009', { name: 'Terceiro', document: '39053344705' });
    const batchId = await payingBatch([other.id]);
    await work();
    const item = await itemOf(other.id);
    await fromAsaas('transfer-validation', fake.validationRequest(transfersFor(item?.id ?? 0)[0]?.id ?? ''));
    const failed = await call('POST', `/payout-batches/${batchId}/items/${item?.id}/fail`);
    expect(failed.json()).toMatchObject({ status: 'done', failed_count: 1 });
    expect((await db().select().from(redemptions).where(eq(redemptions.id, other.id)))[0]?.status).toBe('approved');
    expect((await call('POST', `/payout-batches/${batchId}/items/${item?.id}/fail`)).statusCode).toBe(409);
  });

  test('with the right token, every malformed request to Asaas’s two routes is a 4xx problem, never a 5xx', async () => {
    const provider = (await listOperations(t.app)).filter((o) => o.path.startsWith('/api/v1/payouts/asaas/'));
    expect(provider).toHaveLength(2);
    let sent = 0;
    for (const operation of provider) {
      for (const request of malformedRequests(operation, {
        pathValues: {},
        headers: { 'asaas-access-token': TOKEN },
        salt: 7,
      })) {
        expect(failureOf(await send(t.app, request)), `${operation.key} ${request.label}`).toBeNull();
        sent++;
      }
    }
    expect(sent).toBeGreaterThan(50);
  });
});
