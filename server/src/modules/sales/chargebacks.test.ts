import { ADMIN_ROLE } from '@contract/auth';
import { DEFAULT_FRAUD_RULES } from '@contract/fraud';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { readRollups } from '../../../test/rollups';
import { affiliates, auditLog, campaigns, ledgerEntries, notifications } from '../../db/schema';
import { rebuildDailyStats } from '../metrics/daily-stats';

// Chargebacks (issue 17, point 2): a status of their own, by an admin, a CSV row or a postback; the
// commission reversed in the ledger like a refund (after payout too); counted apart from refunds;
// and each affiliate's chargeback rate, with a threshold that sends their new sales to review.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
let apiKey: string;
let order = 0;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      name: 'Curso',
      destinationUrl: 'https://curso.example.com/',
      commissionType: 'percent',
      commissionValue: 5_000,
      cookieDays: 30,
      holdDays: 0,
    })
    .returning();
  campaignId = campaign?.id ?? 0;
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: admin.headers,
    payload: { name: 'Checkout', signed: false },
  });
  apiKey = key.json().key;
});
afterAll(async () => t.close());

/** An affiliate with a PIX key. */
async function affiliate() {
  const person = await createSignedIn(t.app, db());
  const id = person.user.affiliateId ?? 0;
  await db().update(affiliates).set({ pixKey: person.user.email, pixKeyType: 'email' }).where(eq(affiliates.id, id));
  const [row] = await db().select().from(affiliates).where(eq(affiliates.id, id));
  return { ...person, id, code: row?.code ?? '' };
}

const postback = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/postback', headers: { 'x-api-key': apiKey }, payload });
const decide = (id: number, action: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/sales/${id}/${action}`, headers: admin.headers, payload });

/** A sale of `amount` at 50 % for the affiliate, by postback, in the status asked for. */
async function sale(code: string, status: 'pending' | 'approved' = 'approved', amount = 10_000) {
  const res = await postback({
    campaign_id: campaignId,
    external_id: `cb-${process.pid}-${++order}`,
    amount_cents: amount,
    payment_method: 'credit_card',
    affiliate_code: code,
    status,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; external_id: string; status: string; flags: string[] };
}

const balanceOf = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers })).json().available_cents as number;
const ledgerOf = (saleId: number) =>
  db().select().from(ledgerEntries).where(eq(ledgerEntries.saleId, saleId)).orderBy(ledgerEntries.id);

async function setChargebackRule(rule: Partial<(typeof DEFAULT_FRAUD_RULES)['chargeback_rate']>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/fraud-rules',
    headers: admin.headers,
    payload: { ...DEFAULT_FRAUD_RULES, chargeback_rate: { ...DEFAULT_FRAUD_RULES.chargeback_rate, ...rule } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a chargeback by an admin', () => {
  test('of an approved sale: its own status, the commission reversed, the affiliate told, the step audited', async () => {
    const ana = await affiliate();
    const s = await sale(ana.code);
    expect(await balanceOf(ana.headers)).toBe(5_000);
    const res = await decide(s.id, 'chargeback', { note: 'Contestação do cartão' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'chargeback', charged_back_at: expect.any(String), refunded_at: null });
    expect((await ledgerOf(s.id)).map((l) => [l.kind, l.amountCents])).toEqual([
      ['commission', 5_000],
      ['reversal', -5_000],
    ]);
    expect(await balanceOf(ana.headers)).toBe(0);
    const told = await db().select().from(notifications).where(eq(notifications.userId, ana.user.id));
    expect(told.map((n) => n.kind)).toContain('sale.chargeback');
    const [step] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(s.id)), eq(auditLog.action, 'sale.chargeback')));
    expect(step?.before).toEqual({ status: 'approved' });
    // The sale's story tells it, and the step is made once.
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/sales/${s.id}`, headers: ana.headers });
    expect(detail.json().timeline.map((e: { kind: string }) => e.kind)).toContain('chargeback');
    expect((await decide(s.id, 'chargeback')).statusCode).toBe(409);
  });

  test('of a pending sale: no money had moved, none moves; refunded and cancelled sales cannot be charged back', async () => {
    const ana = await affiliate();
    const pending = await sale(ana.code, 'pending');
    expect((await decide(pending.id, 'chargeback')).json().status).toBe('chargeback');
    expect(await ledgerOf(pending.id)).toEqual([]);
    expect((await decide(pending.id, 'approve')).statusCode).toBe(409);

    const refunded = await sale(ana.code);
    await decide(refunded.id, 'refund');
    const again = await decide(refunded.id, 'chargeback');
    expect(again.statusCode).toBe(409);
    const cancelled = await sale(ana.code, 'pending');
    await decide(cancelled.id, 'cancel');
    expect((await decide(cancelled.id, 'chargeback')).statusCode).toBe(409);
  });

  test('after payout the balance goes negative, and the next commissions pay it back first', async () => {
    const ana = await affiliate();
    const s = await sale(ana.code, 'approved', 40_000);
    const redemption = await t.app.inject({
      method: 'POST',
      url: '/api/v1/redemptions',
      headers: ana.headers,
      payload: { amount_cents: 20_000, method: 'pix' },
    });
    expect(redemption.statusCode, redemption.body).toBe(201);
    const id = redemption.json().id;
    const act = (action: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/v1/redemptions/${id}/${action}`, headers: admin.headers, payload });
    expect((await act('approve')).statusCode).toBe(200);
    expect((await act('pay', { reference: `E${process.pid}CB` })).statusCode).toBe(200);
    expect(await balanceOf(ana.headers)).toBe(0);

    expect((await decide(s.id, 'chargeback')).statusCode).toBe(200);
    expect(await balanceOf(ana.headers)).toBe(-20_000);
    await sale(ana.code, 'approved', 50_000);
    expect(await balanceOf(ana.headers)).toBe(5_000);
  });

  test('in bulk, each sale answers on its own', async () => {
    const ana = await affiliate();
    const [a, b] = [await sale(ana.code), await sale(ana.code, 'pending')];
    const cancelled = await sale(ana.code, 'pending');
    await decide(cancelled.id, 'cancel');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales/actions',
      headers: admin.headers,
      payload: { action: 'chargeback', ids: [a.id, b.id, cancelled.id] },
    });
    expect(res.json().results.map((r: { id: number; ok: boolean; status: string }) => [r.id, r.ok, r.status])).toEqual([
      [a.id, true, 'chargeback'],
      [b.id, true, 'chargeback'],
      [cancelled.id, false, 'cancelled'],
    ]);
  });
});

describe('a chargeback from the merchant', () => {
  test('by postback: only the campaign and order id are needed; a repeat answers the same; an unknown order is a 422', async () => {
    const ana = await affiliate();
    const s = await sale(ana.code);
    const report = { campaign_id: campaignId, external_id: s.external_id, status: 'chargeback' };
    const res = await postback(report);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, status: 'chargeback' });
    const repeat = await postback(report);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({ id: s.id, status: 'chargeback' });
    expect((await ledgerOf(s.id)).filter((l) => l.kind === 'reversal')).toHaveLength(1);

    const unknown = await postback({ ...report, external_id: 'never-sold' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([{ field: 'external_id', message: expect.any(String) }]);
    // A sale (not a chargeback) still needs its amount and payment method, each named.
    const partial = await postback({ campaign_id: campaignId, external_id: 'x', affiliate_code: ana.code });
    expect(partial.statusCode).toBe(400);
    expect(
      partial
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['amount_cents', 'payment_method']);
  });

  test('by CSV: a row with status chargeback charges the order back; a bad row is reported, the others go on', async () => {
    const ana = await affiliate();
    const s = await sale(ana.code);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales/import',
      headers: admin.headers,
      payload: {
        rows: [
          { line: 2, values: { campaign_id: String(campaignId), external_id: s.external_id, status: 'Chargeback' } },
          { line: 3, values: { campaign_id: String(campaignId), external_id: 'nunca-vendido', status: 'chargeback' } },
          { line: 4, values: { campaign_id: 'abc', external_id: s.external_id, status: 'chargeback' } },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .results.map((r: { line: number; outcome: string; errors: { field: string }[] }) => [
          r.line,
          r.outcome,
          r.errors.map((e) => e.field),
        ]),
    ).toEqual([
      [2, 'charged_back', []],
      [3, 'refused', ['external_id']],
      [4, 'refused', ['campaign_id']],
    ]);
    expect((await ledgerOf(s.id)).map((l) => l.amountCents)).toEqual([5_000, -5_000]);
  });
});

describe('chargebacks in the numbers', () => {
  test('counted apart from refunds: sales by status, the chargeback rate indicator, and the rollups', async () => {
    const metrics = async () => {
      const sales = (
        await t.app.inject({ method: 'GET', url: '/api/v1/metrics/sales', headers: admin.headers })
      ).json();
      const indicators = (
        await t.app.inject({ method: 'GET', url: '/api/v1/metrics/indicators', headers: admin.headers })
      ).json();
      const byStatus = Object.fromEntries(
        sales.tables.by_status.map((r: { key: string; count: number }) => [r.key, r.count]),
      );
      const rate = indicators.items.find((i: { key: string }) => i.key === 'chargeback_rate_bps').value;
      return { chargebacks: byStatus.chargeback ?? 0, refunds: byStatus.refunded ?? 0, rate };
    };
    const before = await metrics();
    const ana = await affiliate();
    const [a, b] = [await sale(ana.code), await sale(ana.code)];
    await decide(a.id, 'chargeback');
    await decide(b.id, 'refund');
    const after = await metrics();
    expect(after.chargebacks).toBe(before.chargebacks + 1);
    expect(after.refunds).toBe(before.refunds + 1);
    expect(after.rate).toBeGreaterThan(0);

    const kept = await readRollups(db());
    expect(kept.by.some((row) => row.includes('"status":"chargeback"'))).toBe(true);
    await rebuildDailyStats(db());
    expect(kept).toEqual(await readRollups(db()));
  });
});

describe('the chargeback rate rule', () => {
  test('an affiliate at the threshold has new sales flagged for review; one below does not; switched off, none', async () => {
    await setChargebackRule({ max_percent: 20, min_sales: 5, days: 30 });
    const risky = await affiliate();
    const fine = await affiliate();
    const riskySales = [];
    for (let i = 0; i < 5; i++) riskySales.push(await sale(risky.code));
    for (let i = 0; i < 10; i++) await sale(fine.code);
    // One chargeback in five paid sales is 20 %: at the threshold. One in ten is 10 %: below it.
    await decide(riskySales[0]?.id ?? 0, 'chargeback');
    const fineFirst = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sales?affiliate_id=${fine.id}&page_size=1`,
      headers: admin.headers,
    });
    await decide(fineFirst.json().items[0].id, 'chargeback');

    // The merchant asks for them approved; the flagged one waits for an admin.
    const flagged = await sale(risky.code);
    expect(flagged).toMatchObject({ status: 'pending', flags: ['chargeback_rate'] });
    const clean = await sale(fine.code);
    expect(clean).toMatchObject({ status: 'approved', flags: [] });
    const queue = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sales?flagged=true&affiliate_id=${risky.id}`,
      headers: admin.headers,
    });
    expect(queue.json().items.map((s: { id: number }) => s.id)).toEqual([flagged.id]);

    const report = await t.app.inject({ method: 'GET', url: '/api/v1/fraud/chargeback-rates', headers: admin.headers });
    expect(report.statusCode, report.body).toBe(200);
    const row = (id: number) =>
      report.json().items.find((r: { affiliate_id: number }) => r.affiliate_id === id) as Record<string, unknown>;
    expect(report.json()).toMatchObject({ days: 30, threshold_bps: 2_000, min_sales: 5 });
    expect(row(risky.id)).toMatchObject({ paid_sales: 5, chargebacks: 1, rate_bps: 2_000, flagged: true });
    // Its clean sale since was approved: eleven paid, one charged back.
    expect(row(fine.id)).toMatchObject({ paid_sales: 11, chargebacks: 1, rate_bps: 909, flagged: false });
    expect(report.json().items[0].rate_bps).toBeGreaterThanOrEqual(row(risky.id).rate_bps as number);

    await setChargebackRule({ enabled: false, max_percent: 20, min_sales: 5, days: 30 });
    expect(await sale(risky.code)).toMatchObject({ status: 'approved', flags: [] });
    await setChargebackRule({});
  });

  test('too few paid sales are not judged; the rule’s fields are validated; the report’s days too', async () => {
    await setChargebackRule({ max_percent: 10, min_sales: 20, days: 30 });
    const newcomer = await affiliate();
    const first = await sale(newcomer.code);
    await decide(first.id, 'chargeback');
    // One chargeback out of one is 100 %, but one sale says little: not flagged under min_sales.
    expect(await sale(newcomer.code)).toMatchObject({ flags: [] });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/fraud-rules',
      headers: admin.headers,
      payload: { ...DEFAULT_FRAUD_RULES, chargeback_rate: { enabled: true, max_percent: 0, min_sales: 0, days: 3 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['chargeback_rate.days', 'chargeback_rate.max_percent', 'chargeback_rate.min_sales']);
    const days = await t.app.inject({
      method: 'GET',
      url: '/api/v1/fraud/chargeback-rates?days=1',
      headers: admin.headers,
    });
    expect(days.statusCode).toBe(400);
    expect(days.json().errors[0].field).toBe('days');
    await setChargebackRule({});
  });
});
