import { ADMIN_ROLE } from '@contract/auth';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, mailsTo } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { affiliates, campaigns, ledgerEntries, networks, notifications, payments } from '../../db/schema';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      name: 'Saldo',
      destinationUrl: 'https://s.example.com/',
      commissionType: 'percent',
      commissionValue: 10_000,
      cookieDays: 30,
      holdDays: 0,
    })
    .returning();
  campaignId = campaign?.id ?? 0;
});
afterAll(async () => t.close());

/** An affiliate with a PIX key and this much in approved commissions. */
async function affiliateWith(cents: number) {
  const person = await createSignedIn(t.app, db());
  const id = person.user.affiliateId ?? 0;
  await db().update(affiliates).set({ pixKey: person.user.email, pixKeyType: 'email' }).where(eq(affiliates.id, id));
  if (cents > 0) await earn(id, cents);
  return { ...person, id };
}

/** An approved sale at 100 %: its commission enters the ledger through the real life cycle. */
async function earn(affiliateId: number, cents: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sales',
    headers: admin.headers,
    payload: {
      campaign_id: campaignId,
      affiliate_id: affiliateId,
      amount_cents: cents,
      payment_method: 'pix',
      status: 'approved',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const request = (headers: Record<string, string>, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/redemptions',
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const act = (id: number, action: string, payload?: Record<string, unknown>, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1/redemptions/${id}/${action}`, headers, payload });
const balanceOf = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers })).json();
const ledgerSum = async (affiliateId: number) =>
  Number(
    (
      await db()
        .select({ s: sql<string>`coalesce(sum(amount_cents), 0)` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.affiliateId, affiliateId))
    )[0]?.s,
  );

describe('balance and statement', () => {
  test('GET /balance: available from the ledger, pending from unapproved sales, reserved and paid', async () => {
    const ana = await affiliateWith(20_000);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales',
      headers: admin.headers,
      payload: { campaign_id: campaignId, affiliate_id: ana.id, amount_cents: 3_000, payment_method: 'pix' },
    });
    expect(await balanceOf(ana.headers)).toMatchObject({
      available_cents: 20_000,
      pending_cents: 3_000,
      paid_cents: 0,
      reserved_cents: 0,
      min_redemption_cents: 1_000,
    });
    const res = await request(ana.headers, { amount_cents: 5_000, method: 'pix' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'requested', destination: { type: 'pix', pix_key: ana.user.email } });
    expect(await balanceOf(ana.headers)).toMatchObject({ available_cents: 15_000, reserved_cents: 5_000 });
    const statement = (await t.app.inject({ method: 'GET', url: '/api/v1/ledger', headers: ana.headers })).json();
    expect(
      statement.items.map((e: { kind: string; amount_cents: number; balance_cents: number }) => [
        e.kind,
        e.amount_cents,
        e.balance_cents,
      ]),
    ).toEqual([
      ['redemption', -5_000, 15_000],
      ['commission', 20_000, 20_000],
    ]);
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/ledger/export', headers: ana.headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(
      csv.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(';').slice(1, 4).join(';')),
    ).toEqual(['Commission;200,00;200,00', 'Redemption requested;-50,00;150,00']);
  });

  test('an admin has no balance', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: admin.headers })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /redemptions refuses with 422 and the rule', () => {
  test.each([
    ['BELOW_MINIMUM', 10_000, { amount_cents: 999, method: 'pix' }],
    ['ABOVE_BALANCE', 10_000, { amount_cents: 10_001, method: 'pix' }],
    ['ABOVE_BALANCE', 0, { amount_cents: 1_000, method: 'pix' }],
  ])('%s', async (reason, cents, body) => {
    const person = await affiliateWith(cents);
    const res = await request(person.headers, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: reason, errors: [{ field: 'amount_cents' }] });
    expect(await ledgerSum(person.id)).toBe(cents);
  });

  test('OPEN_REQUEST while another is open (one at a time), unless the admin allows several', async () => {
    const person = await affiliateWith(10_000);
    expect((await request(person.headers, { amount_cents: 2_000, method: 'pix' })).statusCode).toBe(201);
    expect((await request(person.headers, { amount_cents: 2_000, method: 'pix' })).json().code).toBe('OPEN_REQUEST');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/redemptions',
      headers: admin.headers,
      payload: { one_open_at_a_time: false },
    });
    expect((await request(person.headers, { amount_cents: 2_000, method: 'pix' })).statusCode).toBe(201);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/redemptions',
      headers: admin.headers,
      payload: { one_open_at_a_time: true },
    });
  });

  test('NO_PIX_KEY without a key in the account; a bank transfer needs valid bank details', async () => {
    const person = await affiliateWith(10_000);
    await db().update(affiliates).set({ pixKey: null, pixKeyType: null }).where(eq(affiliates.id, person.id));
    expect((await request(person.headers, { amount_cents: 2_000, method: 'pix' })).json().code).toBe('NO_PIX_KEY');
    const missing = await request(person.headers, { amount_cents: 2_000, method: 'bank' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('destination');
    const bank = {
      type: 'bank',
      bank: '260',
      agency: '0001',
      account: '1234567-8',
      account_type: 'checking',
      holder: 'Ana Souza',
      document: '123',
    };
    const bad = await request(person.headers, { amount_cents: 2_000, method: 'bank', destination: bank });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('destination.document');
    const good = await request(person.headers, {
      amount_cents: 2_000,
      method: 'bank',
      destination: { ...bank, document: '529.982.247-25' },
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().destination).toMatchObject({ type: 'bank', bank: '260', document: '52998224725' });
  });
});

describe('Idempotency-Key', () => {
  test('the same key and body answer the same redemption; another body with that key is 422', async () => {
    const person = await affiliateWith(10_000);
    const first = await request(person.headers, { amount_cents: 3_000, method: 'pix' }, 'key-0000000001');
    const again = await request(person.headers, { amount_cents: 3_000, method: 'pix' }, 'key-0000000001');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json().id).toBe(first.json().id);
    expect(await ledgerSum(person.id)).toBe(7_000);
    const other = await request(person.headers, { amount_cents: 4_000, method: 'pix' }, 'key-0000000001');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH');
  });

  test('the same key sent ten times at once makes one redemption', async () => {
    const person = await affiliateWith(10_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(person.headers, { amount_cents: 3_000, method: 'pix' }, 'key-at-once-001'),
      ),
    );
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await ledgerSum(person.id)).toBe(7_000);
  });
});

describe('decisions', () => {
  test('approve then pay: one payment, paid is final, the affiliate is told live and by email', async () => {
    const person = await affiliateWith(10_000);
    const { id } = (await request(person.headers, { amount_cents: 4_000, method: 'pix' })).json();
    expect((await act(id, 'pay', { reference: 'E1234567820261122' })).statusCode).toBe(409); // not approved yet
    expect((await act(id, 'approve')).json().status).toBe('approved');
    const paid = await act(id, 'pay', { reference: 'E1234567820261122', paid_at: '2026-11-22T12:00:00-03:00' });
    expect(paid.json()).toMatchObject({
      status: 'paid',
      payment: { reference: 'E1234567820261122', paid_at: '2026-11-22T15:00:00.000Z' },
    });
    expect(paid.json().timeline.map((e: { status: string }) => e.status)).toEqual(['requested', 'approved', 'paid']);
    expect((await act(id, 'reject', { reason: 'tarde demais' })).statusCode).toBe(409);
    expect((await act(id, 'pay', { reference: 'E999999999' })).statusCode).toBe(409);
    expect(await balanceOf(person.headers)).toMatchObject({
      available_cents: 6_000,
      paid_cents: 4_000,
      reserved_cents: 0,
    });
    const subjects = (await mailsTo(db(), person.user.email)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([`Your redemption #${id} was approved`, `Your redemption #${id} was paid`]),
    );
    const told = await db().select().from(notifications).where(eq(notifications.userId, person.user.id));
    expect(told.map((n) => n.kind)).toEqual(expect.arrayContaining(['redemption.approved', 'redemption.paid']));
  });

  test('reject gives the amount back exactly once, with the reason', async () => {
    const person = await affiliateWith(10_000);
    const { id } = (await request(person.headers, { amount_cents: 4_000, method: 'pix' })).json();
    const answers = await Promise.all([
      act(id, 'reject', { reason: 'Chave PIX inválida' }),
      act(id, 'reject', { reason: 'Chave PIX inválida' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await ledgerSum(person.id)).toBe(10_000);
    const release = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.redemptionId, id), eq(ledgerEntries.kind, 'redemption_release')));
    expect(release).toHaveLength(1);
    expect((await act(id, 'approve')).statusCode).toBe(409);
    const mail = (await mailsTo(db(), person.user.email)).at(-1);
    expect(mail?.text).toContain('Chave PIX inválida');
  });

  test('an approved request can still be rejected (before it is paid), releasing its amount', async () => {
    const person = await affiliateWith(10_000);
    const { id } = (await request(person.headers, { amount_cents: 4_000, method: 'pix' })).json();
    await act(id, 'approve');
    const rejected = await act(id, 'reject', { reason: 'Dados bancários divergentes' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', note: 'Dados bancários divergentes' });
    expect(rejected.json().timeline.map((e: { status: string }) => e.status)).toEqual([
      'requested',
      'approved',
      'rejected',
    ]);
    expect(await balanceOf(person.headers)).toMatchObject({ available_cents: 10_000, reserved_cents: 0 });
    expect((await act(id, 'pay', { reference: 'E-too-late-01' })).statusCode).toBe(409);
  });

  test('two admins paying at once make one payment', async () => {
    const person = await affiliateWith(10_000);
    const { id } = (await request(person.headers, { amount_cents: 4_000, method: 'pix' })).json();
    await act(id, 'approve');
    const other = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
    const answers = await Promise.all([
      act(id, 'pay', { reference: 'E-one-000001' }),
      act(id, 'pay', { reference: 'E-two-000002' }, other.headers),
      act(id, 'pay', { reference: 'E-one-000001' }),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.redemptionId, id))).toHaveLength(1);
  });

  test('only admins decide; bad input names the field', async () => {
    const person = await affiliateWith(10_000);
    const { id } = (await request(person.headers, { amount_cents: 4_000, method: 'pix' })).json();
    expect((await act(id, 'approve', undefined, person.headers)).statusCode).toBe(403);
    const noReason = await act(id, 'reject', { reason: '' });
    expect(noReason.json().errors[0].field).toBe('reason');
    await act(id, 'approve');
    const noReference = await act(id, 'pay', { reference: '' });
    expect(noReference.json().errors[0].field).toBe('reference');
    expect((await act(999_999, 'approve')).statusCode).toBe(404);
  });
});

describe('exact under concurrency', () => {
  test.each([1, 2, 3])('50 requests at once (run %i) never take more than the balance', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/redemptions',
      headers: admin.headers,
      payload: { one_open_at_a_time: false },
    });
    const person = await affiliateWith(100_000);
    const amounts = Array.from({ length: 50 }, (_, i) => 3_000 + ((i * 7_919) % 5_000));
    const answers = await Promise.all(
      amounts.map(async (amount) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
        return request(person.headers, { amount_cents: amount, method: 'pix' });
      }),
    );
    const accepted = answers.filter((a) => a.statusCode === 201).map((a) => a.json().amount_cents as number);
    expect(
      answers.every(
        (a) => a.statusCode === 201 || a.json().code === 'ABOVE_BALANCE' || a.json().code === 'BELOW_MINIMUM',
      ),
    ).toBe(true);
    const taken = accepted.reduce((sum, a) => sum + a, 0);
    expect(taken).toBeLessThanOrEqual(100_000);
    expect(accepted.length).toBeGreaterThan(10);
    expect(await ledgerSum(person.id)).toBe(100_000 - taken);
    expect(await ledgerSum(person.id)).toBeGreaterThanOrEqual(0);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/redemptions',
      headers: admin.headers,
      payload: { one_open_at_a_time: true },
    });
  });
});

describe('a refund after payment', () => {
  test('appends a reversal, the balance goes negative, and requests wait until it is positive again', async () => {
    const person = await affiliateWith(0);
    const saleId = await earn(person.id, 10_000);
    const { id } = (await request(person.headers, { amount_cents: 10_000, method: 'pix' })).json();
    await act(id, 'approve');
    await act(id, 'pay', { reference: 'E-refund-0001' });
    await t.app.inject({ method: 'POST', url: `/api/v1/sales/${saleId}/refund`, headers: admin.headers });
    expect((await balanceOf(person.headers)).available_cents).toBe(-10_000);
    await earn(person.id, 5_000);
    const blocked = await request(person.headers, { amount_cents: 1_000, method: 'pix' });
    expect(blocked.json().code).toBe('NEGATIVE_BALANCE');
    await earn(person.id, 7_000);
    expect((await balanceOf(person.headers)).available_cents).toBe(2_000);
    expect((await request(person.headers, { amount_cents: 2_000, method: 'pix' })).statusCode).toBe(201);
  });
});

describe('reading', () => {
  test('an affiliate sees only their own redemptions and payments; admins filter all of them', async () => {
    const ana = await affiliateWith(10_000);
    const bia = await affiliateWith(10_000);
    const [network] = await db()
      .insert(networks)
      .values({ name: `Rede R ${Date.now()}` })
      .returning();
    await db()
      .update(affiliates)
      .set({ networkId: network?.id ?? null })
      .where(eq(affiliates.id, bia.id));
    const anas = (await request(ana.headers, { amount_cents: 2_000, method: 'pix' })).json();
    const bias = (await request(bia.headers, { amount_cents: 3_000, method: 'pix' })).json();
    await act(bias.id, 'approve');
    await act(bias.id, 'pay', { reference: 'E-bia-000001' });
    const own = (await t.app.inject({ method: 'GET', url: '/api/v1/redemptions', headers: ana.headers })).json();
    expect(own.items.map((r: { id: number }) => r.id)).toEqual([anas.id]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/redemptions/${bias.id}`, headers: ana.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payments', headers: ana.headers })).json().total).toBe(0);
    const byNetwork = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/redemptions?network_id=${network?.id}`,
        headers: admin.headers,
      })
    ).json();
    expect(byNetwork.items.map((r: { id: number }) => r.id)).toEqual([bias.id]);
    const paid = (
      await t.app.inject({ method: 'GET', url: '/api/v1/redemptions?status=paid', headers: admin.headers })
    ).json();
    expect(paid.items.every((r: { status: string }) => r.status === 'paid')).toBe(true);
    // `open`: what the admin home counts, requests to decide and to pay, and nothing else.
    const open = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/redemptions?status=open&page_size=100',
        headers: admin.headers,
      })
    ).json();
    expect(open.items.map((r: { id: number }) => r.id)).toContain(anas.id);
    expect(open.items.map((r: { id: number }) => r.id)).not.toContain(bias.id);
    expect(open.items.every((r: { status: string }) => ['requested', 'approved'].includes(r.status))).toBe(true);
    const home = (
      await t.app.inject({ method: 'GET', url: '/api/v1/metrics/overview', headers: admin.headers })
    ).json();
    expect(open.total).toBe(home.waiting.open_redemptions);
    const pays = (
      await t.app.inject({ method: 'GET', url: `/api/v1/payments?q=E-bia`, headers: admin.headers })
    ).json();
    expect(pays.items[0]).toMatchObject({
      redemption_id: bias.id,
      amount_cents: 3_000,
      reference: 'E-bia-000001',
      paid_by_name: expect.any(String),
    });
    const csv = await t.app.inject({ method: 'GET', url: '/api/v1/payments/export?q=E-bia', headers: admin.headers });
    expect(csv.body).toContain('E-bia-000001');
    expect(csv.body).toContain(';30,00;');
  });
});
