import { randomUUID } from 'node:crypto';
import { ADMIN_ROLE } from '@contract/auth';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  affiliates,
  auditLog,
  campaigns,
  clicks,
  ledgerEntries,
  levels,
  links,
  notifications,
  sales,
  users,
} from '../../db/schema';
import { runAutoApproval } from './approval-job';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let bruno: Awaited<ReturnType<typeof createSignedIn>>;
let anaCode: string;
let percentCampaign: number;
let levelCampaign: number;
let fixedCampaign: number;
let anaLink: number;

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  bruno = await createSignedIn(t.app, db());
  const [gold] = await db().insert(levels).values({ name: 'Ouro', rank: 1, commissionBps: 1_200 }).returning();
  await db()
    .update(affiliates)
    .set({ levelId: gold?.id ?? null })
    .where(eq(affiliates.id, ana.user.affiliateId ?? 0));
  const [a] = await db()
    .select()
    .from(affiliates)
    .where(eq(affiliates.id, ana.user.affiliateId ?? 0));
  anaCode = a?.code ?? '';
  const [percent, byLevel, fixed] = await db()
    .insert(campaigns)
    .values([
      {
        name: 'Percent',
        destinationUrl: 'https://loja.example.com/',
        commissionType: 'percent',
        commissionValue: 750,
        cookieDays: 30,
        holdDays: 7,
        holdDaysByMethod: { boleto: 1, pix: 0 },
      },
      { name: 'By level', destinationUrl: 'https://nivel.example.com/', cookieDays: 2, holdDays: 0 },
      {
        name: 'Fixed',
        destinationUrl: 'https://fixo.example.com/',
        commissionType: 'fixed',
        commissionValue: 2_500,
        cookieDays: 30,
        holdDays: 30,
      },
    ])
    .returning();
  percentCampaign = percent?.id ?? 0;
  levelCampaign = byLevel?.id ?? 0;
  fixedCampaign = fixed?.id ?? 0;
  const [link] = await db()
    .insert(links)
    .values({ affiliateId: ana.user.affiliateId ?? 0, campaignId: percentCampaign, code: `sales${process.pid}` })
    .returning();
  anaLink = link?.id ?? 0;
});
afterAll(async () => t.close());

const postSale = (payload: Record<string, unknown>, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/v1/sales', headers, payload });
const decide = (id: number, action: string, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1/sales/${id}/${action}`, headers });
const ledgerOf = (saleId: number) => db().select().from(ledgerEntries).where(eq(ledgerEntries.saleId, saleId));
let order = 0;
const nextOrder = () => `order-${process.pid}-${++order}`;

/** A click on Ana's link, `ageMs` ago, straight in the table. */
async function clickAgo(ageMs: number, campaignId = percentCampaign) {
  const id = randomUUID();
  await db()
    .insert(clicks)
    .values({
      id,
      linkId: anaLink,
      affiliateId: ana.user.affiliateId ?? 0,
      campaignId,
      at: new Date(Date.now() - ageMs),
      ipHash: 'x',
    });
  return id;
}

describe('POST /sales records a sale with a frozen commission', () => {
  test('campaign percent, rounded half up, with the breakdown', async () => {
    const res = await postSale({
      campaign_id: percentCampaign,
      affiliate_code: anaCode,
      amount_cents: 12_345,
      payment_method: 'boleto',
      external_id: nextOrder(),
      origin: 'loja',
    });
    expect(res.statusCode).toBe(201);
    const sale = res.json();
    expect(sale).toMatchObject({
      status: 'pending',
      affiliate_id: ana.user.affiliateId,
      attributed_by: 'affiliate_code',
      commission_cents: 926,
      commission: { rule: 'campaign_percent', rate_bps: 750, base_cents: 12_345, exact_cents: '925.875' },
      source: 'admin',
    });
    // boleto holds 1 day on this campaign, not the default 7
    const hold = Date.parse(sale.payable_at) - Date.parse(sale.created_at);
    expect(Math.round(hold / 86_400_000)).toBe(1);
    // changing the campaign's rule later does not touch a recorded sale
    await db().update(campaigns).set({ commissionValue: 5_000 }).where(eq(campaigns.id, percentCampaign));
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/sales/${sale.id}`, headers: admin.headers });
    expect(again.json().commission_cents).toBe(926);
    await db().update(campaigns).set({ commissionValue: 750 }).where(eq(campaigns.id, percentCampaign));
  });

  test.each([
    ['level rate when the campaign has none', () => levelCampaign, 10_001, 1_200, 'level'],
    ['fixed amount', () => fixedCampaign, 10_000, 2_500, 'campaign_fixed'],
  ])('%s', async (_name, campaign, amount, expected, rule) => {
    const res = await postSale({
      campaign_id: campaign(),
      affiliate_id: ana.user.affiliateId,
      amount_cents: amount,
      payment_method: 'pix',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().commission_cents).toBe(expected);
    expect(res.json().commission.rule).toBe(rule);
  });

  test.each([
    ['amount_cents', { amount_cents: -5 }],
    ['amount_cents', { amount_cents: 10.5 }],
    ['payment_method', { payment_method: 'cheque' }],
    ['customer_email', { customer_email: 'not-an-email' }],
    ['affiliate_id', { affiliate_code: undefined }],
    ['campaign_id', { campaign_id: 'x' }],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (field, change) => {
    const [before] = await db().select({ n: sql<number>`count(*)::int` }).from(sales);
    const res = await postSale({
      campaign_id: percentCampaign,
      affiliate_code: anaCode,
      amount_cents: 1_000,
      payment_method: 'pix',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    const [after] = await db().select({ n: sql<number>`count(*)::int` }).from(sales);
    expect(after?.n).toBe(before?.n);
  });

  test('unknown campaign or affiliate code answer 422 naming the field', async () => {
    const noCampaign = await postSale({
      campaign_id: 999_999,
      affiliate_code: anaCode,
      amount_cents: 100,
      payment_method: 'pix',
    });
    expect(noCampaign.statusCode).toBe(422);
    expect(noCampaign.json().errors[0].field).toBe('campaign_id');
    const noCode = await postSale({
      campaign_id: percentCampaign,
      affiliate_code: 'NOPE',
      amount_cents: 100,
      payment_method: 'pix',
    });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().errors[0].field).toBe('affiliate_code');
  });

  test('only admins record sales', async () => {
    const res = await postSale(
      { campaign_id: percentCampaign, affiliate_code: anaCode, amount_cents: 100, payment_method: 'pix' },
      ana.headers,
    );
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/sales', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  test('the same (campaign, external id) is one sale: same content 200, other amount 409', async () => {
    const body = {
      campaign_id: percentCampaign,
      affiliate_code: anaCode,
      amount_cents: 5_000,
      payment_method: 'pix',
      external_id: nextOrder(),
    };
    const first = await postSale(body);
    const again = await postSale(body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const other = await postSale({ ...body, amount_cents: 5_001 });
    expect(other.statusCode).toBe(409);
    expect(other.json().errors[0].field).toBe('external_id');
  });
});

describe('notifications', () => {
  test('each person is told in their own language: Portuguese for pt, English otherwise', async () => {
    await db().update(users).set({ language: 'pt' }).where(eq(users.id, bruno.user.id));
    const brunoCode = (
      await db()
        .select()
        .from(affiliates)
        .where(eq(affiliates.id, bruno.user.affiliateId ?? 0))
    )[0]?.code;
    await postSale({
      campaign_id: percentCampaign,
      affiliate_code: brunoCode,
      amount_cents: 1_000,
      payment_method: 'pix',
    });
    await postSale({
      campaign_id: percentCampaign,
      affiliate_code: anaCode,
      amount_cents: 1_000,
      payment_method: 'pix',
    });
    const latest = async (userId: number) =>
      (await db().select().from(notifications).where(eq(notifications.userId, userId)))
        .filter((n) => n.kind === 'sale.created')
        .at(-1);
    expect(await latest(bruno.user.id)).toMatchObject({
      title: 'Nova venda',
      text: expect.stringContaining('comissão pendente'),
    });
    expect(await latest(ana.user.id)).toMatchObject({
      title: 'New sale',
      text: expect.stringContaining('pending commission'),
    });
    await db().update(users).set({ language: 'en' }).where(eq(users.id, bruno.user.id));
  });
});

describe('attribution', () => {
  test('a click id credits its affiliate, even when another code is sent', async () => {
    const clickId = await clickAgo(60 * 60_000);
    const brunoCode = (
      await db()
        .select()
        .from(affiliates)
        .where(eq(affiliates.id, bruno.user.affiliateId ?? 0))
    )[0]?.code;
    const res = await postSale({
      campaign_id: percentCampaign,
      click_id: clickId,
      affiliate_code: brunoCode,
      amount_cents: 2_000,
      payment_method: 'pix',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      affiliate_id: ana.user.affiliateId,
      attributed_by: 'click',
      click_id: clickId,
      flags: [],
    });
  });

  test('a click older than the cookie window does not attribute: the code does, or 422', async () => {
    const old = await clickAgo(3 * 86_400_000, levelCampaign); // cookie window of 2 days
    const alone = await postSale({
      campaign_id: levelCampaign,
      click_id: old,
      amount_cents: 2_000,
      payment_method: 'pix',
    });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().errors[0]).toMatchObject({
      field: 'click_id',
      message: expect.stringContaining('cookie window'),
    });
    const brunoCode = (
      await db()
        .select()
        .from(affiliates)
        .where(eq(affiliates.id, bruno.user.affiliateId ?? 0))
    )[0]?.code;
    const withCode = await postSale({
      campaign_id: levelCampaign,
      click_id: old,
      affiliate_code: brunoCode,
      amount_cents: 2_000,
      payment_method: 'pix',
    });
    expect(withCode.json()).toMatchObject({
      affiliate_id: bruno.user.affiliateId,
      attributed_by: 'affiliate_code',
      click_id: null,
    });
  });

  test("another campaign's click does not attribute", async () => {
    const clickId = await clickAgo(60_000, percentCampaign);
    const res = await postSale({
      campaign_id: fixedCampaign,
      click_id: clickId,
      amount_cents: 2_000,
      payment_method: 'pix',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].message).toContain('another campaign');
  });

  test('a click still in the redirect buffer is found (flushed first)', async () => {
    const redirect = await t.app.inject({
      method: 'GET',
      url: `/r/sales${process.pid}`,
      headers: { 'user-agent': 'Mozilla/5.0' },
    });
    expect(redirect.statusCode).toBe(302);
    const clickId = new URL(redirect.headers.location as string).searchParams.get('click_id');
    const res = await postSale({
      campaign_id: percentCampaign,
      click_id: clickId,
      amount_cents: 2_000,
      payment_method: 'pix',
    });
    expect(res.statusCode).toBe(201);
    // seconds after its click: flagged for review
    expect(res.json()).toMatchObject({ attributed_by: 'click', flags: ['fast_click'] });
  });

  test("the affiliate's own email as buyer is flagged self_referral", async () => {
    const res = await postSale({
      campaign_id: percentCampaign,
      affiliate_code: anaCode,
      amount_cents: 2_000,
      payment_method: 'pix',
      customer_email: ana.user.email.toUpperCase(),
    });
    expect(res.json().flags).toEqual(['self_referral']);
  });
});

describe('life cycle and ledger', () => {
  async function pendingSale(amount = 10_000, campaign = percentCampaign) {
    const res = await postSale({
      campaign_id: campaign,
      affiliate_code: anaCode,
      amount_cents: amount,
      payment_method: 'credit_card',
    });
    return res.json() as { id: number; commission_cents: number };
  }

  test('approve appends the commission once; refund appends a reversal; each is audited and notified', async () => {
    const sale = await pendingSale();
    const approved = await decide(sale.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await decide(sale.id, 'approve')).statusCode).toBe(409);
    expect((await decide(sale.id, 'cancel')).statusCode).toBe(409);
    const refunded = await decide(sale.id, 'refund');
    expect(refunded.json()).toMatchObject({ status: 'refunded', refunded_at: expect.any(String) });
    expect((await decide(sale.id, 'refund')).statusCode).toBe(409);
    const ledger = await ledgerOf(sale.id);
    expect(ledger.map((l) => [l.kind, l.amountCents])).toEqual([
      ['commission', 750],
      ['reversal', -750],
    ]);
    const trail = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sale'), eq(auditLog.entityId, String(sale.id))));
    expect(trail.map((a) => a.action)).toEqual(['sale.create', 'sale.approve', 'sale.refund']);
    const told = await db().select().from(notifications).where(eq(notifications.userId, ana.user.id));
    expect(told.filter((n) => (n.data as { sale_id?: number }).sale_id === sale.id).map((n) => n.kind)).toEqual([
      'sale.created',
      'sale.approved',
      'sale.refunded',
    ]);
  });

  test('a refund after the commission was redeemed still reverses it (the balance goes negative)', async () => {
    const sale = await pendingSale(40_000);
    await decide(sale.id, 'approve');
    // the affiliate redeems everything they have
    const [balance] = await db()
      .select({ cents: sql<string>`sum(amount_cents)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.affiliateId, ana.user.affiliateId ?? 0));
    await db()
      .insert(ledgerEntries)
      .values({ affiliateId: ana.user.affiliateId ?? 0, kind: 'redemption', amountCents: -Number(balance?.cents) });
    await decide(sale.id, 'refund');
    const [after] = await db()
      .select({ cents: sql<string>`sum(amount_cents)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.affiliateId, ana.user.affiliateId ?? 0));
    expect(Number(after?.cents)).toBe(-3_000);
  });

  test('cancel only from pending, and it touches no ledger', async () => {
    const sale = await pendingSale();
    expect((await decide(sale.id, 'refund')).statusCode).toBe(409);
    expect((await decide(sale.id, 'cancel')).json().status).toBe('cancelled');
    expect((await decide(sale.id, 'approve')).statusCode).toBe(409);
    expect(await ledgerOf(sale.id)).toEqual([]);
  });

  test('two admins approving at once append one commission', async () => {
    const sale = await pendingSale();
    const answers = await Promise.all(Array.from({ length: 8 }, () => decide(sale.id, 'approve')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
    expect(await ledgerOf(sale.id)).toHaveLength(1);
  });

  test('the ledger refuses updates and deletes', async () => {
    const sale = await pendingSale();
    await decide(sale.id, 'approve');
    await expect(
      db().update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.saleId, sale.id)),
    ).rejects.toThrow();
    await expect(db().delete(ledgerEntries).where(eq(ledgerEntries.saleId, sale.id))).rejects.toThrow();
  });

  test('POST /sales/actions decides many and reports each', async () => {
    const a = await pendingSale();
    const b = await pendingSale();
    await decide(b.id, 'cancel');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales/actions',
      headers: admin.headers,
      payload: { action: 'approve', ids: [a.id, b.id, 999_999] },
    });
    expect(res.json().results).toEqual([
      { id: a.id, ok: true, status: 'approved', error: null },
      { id: b.id, ok: false, status: 'cancelled', error: expect.any(String) },
      { id: 999_999, ok: false, status: null, error: expect.any(String) },
    ]);
  });

  test('the approval job approves unflagged pending sales once their hold for the payment method ended', async () => {
    const at = (days: number) => new Date(Date.now() + days * 86_400_000);
    const pix = await postSale({
      campaign_id: percentCampaign,
      affiliate_code: anaCode,
      amount_cents: 1_000,
      payment_method: 'pix',
      external_id: nextOrder(),
    });
    const card = await postSale({
      campaign_id: percentCampaign,
      affiliate_code: anaCode,
      amount_cents: 1_000,
      payment_method: 'credit_card',
      external_id: nextOrder(),
    });
    const flagged = await postSale({
      campaign_id: percentCampaign,
      affiliate_code: anaCode,
      amount_cents: 1_000,
      payment_method: 'pix',
      customer_email: ana.user.email,
    });
    // pix holds 0 days, card the campaign's 7: now only pix is due
    await runAutoApproval(db(), at(0.01));
    const status = async (id: number) => (await db().select().from(sales).where(eq(sales.id, id)))[0]?.status;
    expect(await status(pix.json().id)).toBe('approved');
    expect(await status(card.json().id)).toBe('pending');
    expect(await status(flagged.json().id)).toBe('pending');
    // eight days later the card sale is due too; the flagged one still waits for an admin
    await runAutoApproval(db(), at(8));
    expect(await status(card.json().id)).toBe('approved');
    expect(await status(flagged.json().id)).toBe('pending');
    expect(await ledgerOf(card.json().id)).toHaveLength(1);
    const trail = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sale'), eq(auditLog.entityId, String(pix.json().id))));
    expect(trail.find((a) => a.action === 'sale.approve')?.actorId).toBeNull();
  });

  test('the approval job runs on one server at a time and approves each sale once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await postSale({
        campaign_id: levelCampaign,
        affiliate_code: anaCode,
        amount_cents: 1_000 + i,
        payment_method: 'pix',
      });
      ids.push(res.json().id);
    }
    const second = await t.database.reopen();
    try {
      const runs = await Promise.all([runAutoApproval(db()), runAutoApproval(second.db), runAutoApproval(db())]);
      // the others found the lease taken
      expect(runs.filter((n) => n === null).length).toBeGreaterThanOrEqual(1);
      for (const id of ids) expect(await ledgerOf(id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('reading sales', () => {
  test('an affiliate sees only their own sales, with the buyer masked; another one is a 404', async () => {
    const mine = await postSale({
      campaign_id: percentCampaign,
      affiliate_code: anaCode,
      amount_cents: 3_000,
      payment_method: 'pix',
      customer_email: 'joana@cliente.com',
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/sales?page_size=100', headers: bruno.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.every((s: { affiliate_id: number }) => s.affiliate_id === bruno.user.affiliateId)).toBe(
      true,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/sales/${mine.json().id}`, headers: bruno.headers }))
        .statusCode,
    ).toBe(404);
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/sales/${mine.json().id}`, headers: ana.headers });
    expect(own.json().customer_email).toBe('j***@cliente.com');
    // sending another affiliate's id as a filter changes nothing
    const sneaky = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sales?affiliate_id=${ana.user.affiliateId}`,
      headers: bruno.headers,
    });
    expect(sneaky.json().items.some((s: { affiliate_id: number }) => s.affiliate_id === ana.user.affiliateId)).toBe(
      false,
    );
  });

  test('filters, sorting, pages and totals agree with the rows', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sales?campaign_id=${percentCampaign}&page_size=100&sort=amount_cents`,
      headers: ana.headers,
    });
    const page = res.json();
    const items = page.items as {
      amount_cents: number;
      commission_cents: number;
      status: string;
      campaign_id: number;
    }[];
    expect(items.length).toBe(page.total);
    expect(items.every((s) => s.campaign_id === percentCampaign)).toBe(true);
    expect(items.map((s) => s.amount_cents)).toEqual([...items.map((s) => s.amount_cents)].sort((a, b) => a - b));
    expect(page.totals.amount_cents).toBe(items.reduce((sum, s) => sum + s.amount_cents, 0));
    expect(page.totals.approved_commission_cents).toBe(
      items.filter((s) => s.status === 'approved').reduce((sum, s) => sum + s.commission_cents, 0),
    );
    const paged = await t.app.inject({
      method: 'GET',
      url: `/api/v1/sales?campaign_id=${percentCampaign}&page_size=2&page=2&sort=amount_cents`,
      headers: ana.headers,
    });
    expect(paged.json().items.map((s: { id: number }) => s.id)).toEqual(
      items.slice(2, 4).map((s) => (s as unknown as { id: number }).id),
    );
    const refunded = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sales?status=refunded',
      headers: admin.headers,
    });
    expect(refunded.json().items.every((s: { status: string }) => s.status === 'refunded')).toBe(true);
    const flagged = await t.app.inject({ method: 'GET', url: '/api/v1/sales?flagged=true', headers: admin.headers });
    expect(flagged.json().total).toBeGreaterThan(0);
    expect(flagged.json().items.every((s: { flags: string[] }) => s.flags.length > 0)).toBe(true);
  });

  test('a period outside every sale is empty; a reversed period is a 400 naming "to"', async () => {
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sales?from=2001-01-01&to=2001-01-31',
      headers: admin.headers,
    });
    expect(empty.json()).toMatchObject({ total: 0, items: [], totals: { amount_cents: 0 } });
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sales?from=2030-01-02&to=2030-01-01',
      headers: admin.headers,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0].field).toBe('to');
  });

  test('GET /sales/:id tells the story: click, sale, approval and ledger, and why this commission', async () => {
    const clickId = await clickAgo(2 * 60 * 60_000);
    const sale = (
      await postSale({ campaign_id: percentCampaign, click_id: clickId, amount_cents: 9_999, payment_method: 'pix' })
    ).json();
    await decide(sale.id, 'approve');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/sales/${sale.id}`, headers: ana.headers });
    const detail = res.json();
    expect(detail.timeline.map((e: { kind: string; ledger_kind?: string }) => e.ledger_kind ?? e.kind)).toEqual([
      'click',
      'sale',
      'approved',
      'commission',
    ]);
    expect(detail.click).toMatchObject({ link_code: `sales${process.pid}` });
    expect(detail.commission).toMatchObject({
      rule: 'campaign_percent',
      rate_bps: 750,
      base_cents: 9_999,
      exact_cents: '749.925',
      commission_cents: 750,
    });
  });

  test('GET /sales/export is CSV with formula cells neutralised', async () => {
    await postSale({
      campaign_id: percentCampaign,
      affiliate_code: anaCode,
      amount_cents: 1_234,
      payment_method: 'pix',
      origin: '=HYPERLINK("x")',
      external_id: nextOrder(),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sales/export?origin=%3DHYPERLINK(%22x%22)',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Sale;Date;Campaign');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`;"'=HYPERLINK(""x"")";`);
    expect(lines[1]).toContain(';12,34;');
  });
});

describe('GET /links with sales', () => {
  test('each link shows the sales of its clicks, their commission and the conversion rate', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/links', headers: ana.headers });
    const link = res.json().items.find((l: { id: number }) => l.id === anaLink);
    const through = await db()
      .select({ status: sales.status, commission: sales.commissionCents })
      .from(sales)
      .innerJoin(clicks, eq(clicks.id, sales.clickId))
      .where(eq(clicks.linkId, anaLink));
    const counting = through.filter((s) => s.status === 'pending' || s.status === 'approved');
    expect(counting.length).toBeGreaterThan(0);
    expect(link).toMatchObject({
      sales: counting.length,
      commission_cents: counting.reduce((sum, s) => sum + s.commission, 0),
    });
    expect(link.conversion_bps).toBe(Math.round((counting.length * 10_000) / link.clicks));
  });
});

describe('POST /sales/import', () => {
  test('records good rows, reports duplicates and refused rows with the reason', async () => {
    const orderId = nextOrder();
    const rows = [
      {
        line: 2,
        values: {
          campaign_id: String(percentCampaign),
          external_id: orderId,
          amount: '1.234,56',
          payment_method: 'Cartão de crédito',
          affiliate_code: anaCode,
        },
      },
      {
        line: 3,
        values: {
          campaign_id: String(percentCampaign),
          external_id: orderId,
          amount: '1234.56',
          payment_method: 'credit_card',
          affiliate_code: anaCode,
        },
      },
      {
        line: 4,
        values: {
          campaign_id: String(percentCampaign),
          external_id: nextOrder(),
          amount: 'dez reais',
          payment_method: 'pix',
          affiliate_code: anaCode,
        },
      },
      {
        line: 5,
        values: {
          campaign_id: String(percentCampaign),
          external_id: nextOrder(),
          amount: '10',
          payment_method: 'pix',
          affiliate_code: 'NOBODY',
        },
      },
      {
        line: 6,
        values: { campaign_id: String(percentCampaign), amount: '10', payment_method: 'pix', affiliate_code: anaCode },
      },
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales/import',
      headers: admin.headers,
      payload: { rows },
    });
    expect(res.statusCode).toBe(200);
    const results = res.json().results;
    expect(results[0]).toMatchObject({ line: 2, outcome: 'created' });
    expect(results[1]).toMatchObject({ line: 3, outcome: 'duplicate', sale_id: results[0].sale_id });
    expect(results[2]).toMatchObject({ line: 4, outcome: 'refused', errors: [{ field: 'amount' }] });
    expect(results[3]).toMatchObject({ line: 5, outcome: 'refused', errors: [{ field: 'affiliate_code' }] });
    expect(results[4]).toMatchObject({ line: 6, outcome: 'refused', errors: [{ field: 'external_id' }] });
    const [sale] = await db().select().from(sales).where(eq(sales.id, results[0].sale_id));
    expect(sale).toMatchObject({ amountCents: 123_456, paymentMethod: 'credit_card', source: 'import' });
  });

  test('reads amounts as the money field does: "1,234.56" and "1.234.567,89" as meant, "1.234" refused as two readings', async () => {
    const row = (line: number, amount: string) => ({
      line,
      values: {
        campaign_id: String(percentCampaign),
        external_id: nextOrder(),
        amount,
        payment_method: 'pix',
        affiliate_code: anaCode,
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales/import',
      headers: admin.headers,
      payload: { rows: [row(2, '1,234.56'), row(3, '1.234.567,89'), row(4, '1.234'), row(5, 'R$ 189,90')] },
    });
    expect(res.statusCode).toBe(200);
    const results = res.json().results;
    expect(results.map((r: { outcome: string }) => r.outcome)).toEqual(['created', 'created', 'refused', 'created']);
    expect(results[2].errors).toEqual([expect.objectContaining({ field: 'amount' })]);
    const stored = await db()
      .select({ amountCents: sales.amountCents })
      .from(sales)
      .where(inArray(sales.id, [results[0].sale_id, results[1].sale_id, results[3].sale_id]))
      .orderBy(sales.id);
    expect(stored.map((s) => s.amountCents)).toEqual([123_456, 123_456_789, 18_990]);
  });
});
