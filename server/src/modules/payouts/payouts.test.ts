import { ADMIN_ROLE } from '@contract/auth';
import { parseCsv } from '@contract/csv';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { approvedRedemption as approvedFor, fullCommissionCampaign } from '../../../test/redemption-fixtures';
import { affiliates, notifications, payments, payoutItems, redemptions } from '../../db/schema';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  campaignId = await fullCommissionCampaign(t);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers = admin.headers) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });

const approvedRedemption = (cents: number) => approvedFor(t, admin, campaignId, cents);

describe('payout batches', () => {
  test('POST /payout-batches puts the approved redemptions picked in a batch, with its total', async () => {
    const a = await approvedRedemption(12_345);
    const b = await approvedRedemption(100_000);
    const res = await call('POST', '/payout-batches', { redemption_ids: [a.id, b.id] });
    expect(res.statusCode).toBe(201);
    const batch = res.json();
    expect(batch).toMatchObject({ status: 'open', provider: 'manual', total_cents: 112_345, item_count: 2 });
    expect(
      batch.items.map((i: { redemption_id: number; amount_cents: number; status: string; affiliate_id: number }) => [
        i.redemption_id,
        i.affiliate_id,
        i.amount_cents,
        i.status,
      ]),
    ).toEqual([
      [a.id, a.affiliateId, 12_345, 'pending'],
      [b.id, b.affiliateId, 100_000, 'pending'],
    ]);
    expect((await call('GET', `/payout-batches/${batch.id}`)).json()).toEqual(batch);
    const list = (await call('GET', '/payout-batches')).json();
    expect(list.items.find((s: { id: number }) => s.id === batch.id)).toMatchObject({ total_cents: 112_345 });
  });

  test('only approved redemptions, each in one batch: others are 409 naming redemption_ids, unknown ones 404', async () => {
    const a = await approvedRedemption(5_000);
    expect((await call('POST', '/payout-batches', { redemption_ids: [a.id] })).statusCode).toBe(201);
    const again = await call('POST', '/payout-batches', { redemption_ids: [a.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'IN_PAYOUT_BATCH', errors: [{ field: 'redemption_ids' }] });

    const person = await createSignedIn(t.app, db());
    await db()
      .update(affiliates)
      .set({ pixKey: person.user.email, pixKeyType: 'email' })
      .where(eq(affiliates.id, person.user.affiliateId ?? 0));
    await call('POST', '/sales', {
      campaign_id: campaignId,
      affiliate_id: person.user.affiliateId,
      amount_cents: 3_000,
      payment_method: 'pix',
      status: 'approved',
    });
    const requested = (
      await call('POST', '/redemptions', { amount_cents: 3_000, method: 'pix' }, person.headers)
    ).json();
    const notApproved = await call('POST', '/payout-batches', { redemption_ids: [requested.id] });
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json()).toMatchObject({ code: 'NOT_APPROVED', errors: [{ field: 'redemption_ids' }] });

    expect((await call('POST', '/payout-batches', { redemption_ids: [999_999] })).statusCode).toBe(404);
    const neither = await call('POST', '/payout-batches', {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors[0].field).toBe('redemption_ids');
    const both = await call('POST', '/payout-batches', { redemption_ids: [a.id], approved_until: '2026-01-01' });
    expect(both.statusCode).toBe(400);
  });

  test('20 admins batching the same redemption at once: one batch has it, 19 answers are 409', async () => {
    const a = await approvedRedemption(7_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/payout-batches', { redemption_ids: [a.id] })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    const items = await db().select().from(payoutItems).where(eq(payoutItems.redemptionId, a.id));
    expect(items).toHaveLength(1);
  });

  test('approved_until batches every approved redemption outside a batch requested up to that day', async () => {
    const a = await approvedRedemption(1_500);
    const b = await approvedRedemption(2_500);
    const today = new Date().toISOString().slice(0, 10);
    const batch = (await call('POST', '/payout-batches', { approved_until: today })).json();
    const ids = batch.items.map((i: { redemption_id: number }) => i.redemption_id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    // Nothing left: the next one says so on the field.
    const empty = await call('POST', '/payout-batches', { approved_until: today });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].field).toBe('approved_until');
    const past = await call('POST', '/payout-batches', { approved_until: '2020-01-01' });
    expect(past.json().errors[0].field).toBe('approved_until');
  });

  test('a redemption in a batch is paid by the batch: paying or rejecting it by hand is 409', async () => {
    const a = await approvedRedemption(4_000);
    const batch = (await call('POST', '/payout-batches', { redemption_ids: [a.id] })).json();
    const paid = await call('POST', `/redemptions/${a.id}/pay`, { reference: 'E2E-MANUAL-1' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ code: 'IN_PAYOUT_BATCH', batch_id: batch.id });
    expect((await call('POST', `/redemptions/${a.id}/reject`, { reason: 'changed my mind' })).statusCode).toBe(409);
  });

  test('paying a manual batch records each redemption paid once with the bank’s reference; paying again is 409', async () => {
    const a = await approvedRedemption(10_000);
    const b = await approvedRedemption(20_000);
    const batch = (await call('POST', '/payout-batches', { redemption_ids: [a.id, b.id] })).json();
    const noReference = await call('POST', `/payout-batches/${batch.id}/pay`, {});
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().errors[0].field).toBe('reference');
    const notHere = await call('POST', `/payout-batches/${batch.id}/pay`, { provider: 'asaas' });
    expect(notHere.json().errors[0].field).toBe('provider');
    expect((await call('GET', '/settings/payouts')).json()).toEqual({ provider: 'manual' });

    // Five admins press "pay" at once: one pays, the others find it paid.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/payout-batches/${batch.id}/pay`, { reference: 'LOTE-BANCO-77' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const done = answers.find((r) => r.statusCode === 200)?.json();
    expect(done).toMatchObject({ status: 'done', paid_count: 2, failed_count: 0 });
    expect(done.items.every((i: { status: string; end_to_end_id: string }) => i.status === 'paid')).toBe(true);
    expect(done.items[0].end_to_end_id).toBe('LOTE-BANCO-77');

    const paidRows = await db()
      .select()
      .from(payments)
      .where(inArray(payments.redemptionId, [a.id, b.id]));
    expect(paidRows.map((p) => [p.redemptionId, p.amountCents, p.reference])).toEqual(
      expect.arrayContaining([
        [a.id, 10_000, 'LOTE-BANCO-77'],
        [b.id, 20_000, 'LOTE-BANCO-77'],
      ]),
    );
    expect(paidRows).toHaveLength(2);
    const statuses = await db()
      .select({ status: redemptions.status })
      .from(redemptions)
      .where(inArray(redemptions.id, [a.id, b.id]));
    expect(statuses.map((s) => s.status)).toEqual(['paid', 'paid']);
    // The affiliate hears of it as of any payment.
    const told = await db().select().from(notifications).where(eq(notifications.userId, a.person.user.id));
    expect(told.map((n) => n.kind)).toContain('redemption.paid');
    expect((await call('POST', `/payout-batches/${batch.id}/pay`, { reference: 'LOTE-BANCO-78' })).statusCode).toBe(
      409,
    );
  });

  test('GET /payout-batches/:id/export is the batch as a bank portal’s CSV: key, amount with a decimal comma', async () => {
    const a = await approvedRedemption(123_456);
    const batch = (await call('POST', '/payout-batches', { redemption_ids: [a.id] })).json();
    const res = await call('GET', `/payout-batches/${batch.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, row] = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'Identifier',
      'Payee',
      'Affiliate code',
      'Amount (R$)',
      'Gross (R$)',
      'PIX key type',
      'PIX key',
      'Bank',
      'Agency',
      'Account',
      'CPF/CNPJ',
    ]);
    expect(row?.[0]).toBe(`resgate-${a.id}`);
    expect(row?.[3]).toBe('1234,56');
    expect(row?.[4]).toBe('1234,56');
    expect(row?.[5]).toBe('Email');
    expect(row?.[6]).toBe(a.person.user.email);
  });

  test('affiliates get 403 on every payout batch route', async () => {
    const person = await createSignedIn(t.app, db());
    for (const [method, url] of [
      ['GET', '/payout-batches'],
      ['POST', '/payout-batches'],
      ['GET', '/payout-batches/1'],
      ['GET', '/payout-batches/1/export'],
      ['POST', '/payout-batches/1/pay'],
    ] as const) {
      expect((await call(method, url, method === 'POST' ? {} : undefined, person.headers)).statusCode).toBe(403);
    }
  });
});
