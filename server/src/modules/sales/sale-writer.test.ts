import { ADMIN_ROLE } from '@contract/auth';
import { saleBodySchema } from '@contract/sales';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  affiliates,
  auditLog,
  campaigns,
  dailyAffiliateStats,
  dailyCampaignStats,
  dailySalesBy,
  dailyStats,
  dailyStatsRecent,
  ledgerEntries,
  notifications,
  sales,
} from '../../db/schema';
import { mergeRecentStats, rebuildDailyStats, scheduleRecentStatsMerge } from '../metrics/daily-stats';
import { prepareSales } from './sale-recording';

// The postback on a launch day (issue 14): many sales at once go through the sale writer, which
// writes them in batches. These tests hold the batches to what one sale at a time promised.
let t: TestApp;
let apiKey: string;
let adminHeaders: Record<string, string>;
const campaignIds: number[] = [];
const owners: { affiliateId: number; userId: number; code: string }[] = [];
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  adminHeaders = admin.headers;
  for (const [name, commissionValue] of [
    ['Lançamento', 1_250],
    ['Perpétuo', 800],
  ] as const) {
    const [campaign] = await db()
      .insert(campaigns)
      .values({
        name,
        destinationUrl: 'https://loja.example.com/',
        commissionType: 'percent',
        commissionValue,
        cookieDays: 30,
        holdDays: 7,
      })
      .returning();
    campaignIds.push(campaign?.id ?? 0);
  }
  for (let i = 0; i < 3; i++) {
    const person = await createSignedIn(t.app, db());
    const [affiliate] = await db()
      .select()
      .from(affiliates)
      .where(eq(affiliates.id, person.user.affiliateId ?? 0));
    owners.push({ affiliateId: affiliate?.id ?? 0, userId: person.user.id, code: affiliate?.code ?? '' });
  }
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: admin.headers,
    payload: { name: 'Lançamento', signed: false },
  });
  apiKey = key.json().key;
});
afterAll(async () => t.close());

const postback = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/postback',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    payload,
  });

/** The rollups once every increment is merged (the merge is what a reader of the tables waits for). */
async function rollups() {
  const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  await mergeRecentStats(db());
  expect(await db().select().from(dailyStatsRecent)).toEqual([]);
  return {
    byAffiliateAndCampaign: sorted(await db().select().from(dailyStats)),
    byCampaign: sorted(await db().select().from(dailyCampaignStats)),
    byAffiliate: sorted(await db().select().from(dailyAffiliateStats)),
    byDimension: sorted(
      (await db().select().from(dailySalesBy)).filter((row) => row.sales !== 0 || row.amountCents !== 0),
    ),
  };
}

describe('sales written in batches', () => {
  test('a burst to one campaign on one day: every answer as alone, rollups equal to a recomputation', async () => {
    const burst = `burst-${process.pid}`;
    const requests: { payload: Record<string, unknown>; expect: number }[] = [];
    for (let i = 0; i < 240; i++) {
      const owner = owners[i % owners.length];
      requests.push({
        payload: {
          // Two of three to the launch: most of the burst shares its rollup rows.
          campaign_id: campaignIds[i % 3 === 2 ? 1 : 0],
          external_id: `${burst}-${i}`,
          amount_cents: 10_000 + i * 7,
          payment_method: i % 4 === 0 ? 'credit_card' : 'pix',
          origin: i % 5 === 0 ? 'instagram' : 'youtube',
          affiliate_code: owner?.code,
          ...(i % 6 === 0 ? { status: 'approved' } : {}),
        },
        expect: 201,
      });
    }
    // The same orders again within the burst: the same content is the same sale, other content a 409.
    for (let i = 0; i < 30; i++) requests.push({ payload: { ...requests[i]?.payload }, expect: 200 });
    for (let i = 30; i < 40; i++) {
      requests.push({ payload: { ...requests[i]?.payload, amount_cents: 1 }, expect: 409 });
    }
    // A refusal inside a batch is that request's alone.
    requests.push({
      payload: { ...requests[0]?.payload, external_id: `${burst}-stranger`, affiliate_code: 'NOBODY' },
      expect: 422,
    });
    // Shuffled with a fixed seed, so repeats may arrive before their original.
    let seed = 7;
    const order = requests.map((request) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return { request, rank: seed };
    });
    order.sort((a, b) => a.rank - b.rank);

    // The rollup merge runs meanwhile, as each server's timer does: nothing lost, nothing counted twice.
    let bursting = true;
    const merging = (async () => {
      let merges = 0;
      while (bursting) {
        await mergeRecentStats(db());
        merges += 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return merges;
    })();
    const answers = await Promise.all(order.map(({ request }) => postback(request.payload)));
    bursting = false;
    expect(await merging).toBeGreaterThan(1);
    const statusOf = new Map<string, number[]>();
    answers.forEach((answer, i) => {
      const request = order[i]?.request;
      const id = String(request?.payload.external_id);
      statusOf.set(id, [...(statusOf.get(id) ?? []), answer.statusCode]);
      expect(answer.headers['content-type']).toMatch(answer.statusCode < 300 ? /json/ : /problem\+json/);
    });
    // Each original order: one 201 and, for the repeats, 200s; the changed ones one 409.
    for (let i = 0; i < 240; i++) {
      const codes = (statusOf.get(`${burst}-${i}`) ?? []).sort();
      if (i < 30) expect(codes).toEqual([200, 201]);
      else if (i < 40) expect(codes).toEqual([201, 409]);
      else expect(codes).toEqual([201]);
    }
    expect(statusOf.get(`${burst}-stranger`)).toEqual([422]);
    const refused = answers.find((answer) => answer.statusCode === 422)?.json();
    expect(refused.errors).toEqual([{ field: 'affiliate_code', message: 'is not an affiliate code' }]);

    // One row per order; the 200s answered the very sale the 201 made.
    const stored = await db()
      .select()
      .from(sales)
      .where(sql`${sales.externalId} like ${`${burst}-%`}`);
    expect(stored).toHaveLength(240);
    const idOf = new Map(stored.map((row) => [row.externalId, row.id]));
    answers.forEach((answer, i) => {
      if (answer.statusCode === 200 || answer.statusCode === 201) {
        expect(answer.json().id).toBe(idOf.get(String(order[i]?.request.payload.external_id)));
      }
    });
    // The commission of each, exact: 12.5 % or 8 % half up to the cent.
    for (const row of stored) {
      const rate = row.campaignId === campaignIds[0] ? 1_250 : 800;
      expect(row.commissionCents).toBe(Math.round((row.amountCents * rate) / 10_000));
    }
    // Merchant-approved sales are approved with their ledger line; the rest pending.
    const approved = stored.filter((row) => row.status === 'approved');
    expect(approved).toHaveLength(40);
    const ledger = await db()
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.saleId,
          approved.map((row) => row.id),
        ),
      );
    // (A changed copy may arrive first and be the one kept: a 1-cent order earns nothing to append.)
    expect(ledger.map((line) => line.amountCents).sort()).toEqual(
      approved
        .map((row) => row.commissionCents)
        .filter((cents) => cents > 0)
        .sort(),
    );

    // Audit and live notifications still happen, one each per sale, to its own affiliate.
    const ids = stored.map((row) => row.id);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'sale.create'),
          inArray(
            auditLog.entityId,
            ids.map((id) => String(id)),
          ),
        ),
      );
    expect(audited).toHaveLength(240);
    const told = await db().select().from(notifications).where(eq(notifications.kind, 'sale.created'));
    for (const row of stored) {
      const userId = owners.find((owner) => owner.affiliateId === row.affiliateId)?.userId;
      expect(told.filter((n) => n.userId === userId && n.data.sale_id === row.id)).toHaveLength(1);
    }
    // The approvals too: one audit row and one "approved" notification per approved sale.
    const approvals = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'sale.approve'),
          inArray(
            auditLog.entityId,
            approved.map((row) => String(row.id)),
          ),
        ),
      );
    expect(approvals).toHaveLength(approved.length);
    const toldApproved = await db().select().from(notifications).where(eq(notifications.kind, 'sale.approved'));
    for (const row of approved) {
      expect(toldApproved.filter((n) => n.data.sale_id === row.id)).toHaveLength(1);
    }
    // They were written together: an audit row's time is its transaction's start, shared by a batch.
    const transactions = new Set(audited.map((row) => row.at.getTime()));
    expect(transactions.size).toBeLessThan(240 / 4);

    // The rollups kept in each batch's transaction equal the ones recomputed from the sales.
    const kept = await rollups();
    await rebuildDailyStats(db());
    expect(kept).toEqual(await rollups());
  });

  test('a sale the database refuses fails alone; the others of its batch are recorded', async () => {
    const prefix = `poison-${process.pid}`;
    await db().execute(
      sql.raw(`create function refuse_poison() returns trigger language plpgsql as $$
        begin
          if new.external_id = '${prefix}-0' then raise exception 'refused by the test trigger'; end if;
          return new;
        end $$`),
    );
    await db().execute(
      sql.raw('create trigger refuse_poison before insert on sales for each row execute function refuse_poison()'),
    );
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          postback({
            campaign_id: campaignIds[0],
            external_id: `${prefix}-${i}`,
            amount_cents: 5_000,
            payment_method: 'boleto',
            affiliate_code: owners[0]?.code,
          }),
        ),
      );
      expect(answers[0]?.statusCode).toBe(500);
      expect(answers[0]?.headers['content-type']).toMatch(/problem\+json/);
      expect(answers.slice(1).map((answer) => answer.statusCode)).toEqual(Array(19).fill(201));
      const stored = await db()
        .select({ id: sales.id })
        .from(sales)
        .where(sql`${sales.externalId} like ${`${prefix}-%`}`);
      expect(stored).toHaveLength(19);
    } finally {
      await db().execute(sql.raw('drop trigger refuse_poison on sales'));
      await db().execute(sql.raw('drop function refuse_poison()'));
    }
  });

  test("each server's merge moves the increments into the read tables, and readers see them meanwhile", async () => {
    const order = `merged-${process.pid}`;
    const answer = await postback({
      campaign_id: campaignIds[0],
      external_id: order,
      amount_cents: 20_000,
      payment_method: 'pix',
      affiliate_code: owners[0]?.code,
    });
    expect(answer.statusCode).toBe(201);
    // Before the merge the sale is an increment, and the campaign's figures already count it.
    expect(await db().select().from(dailyStatsRecent)).not.toEqual([]);
    const figures = await t.app.inject({
      method: 'GET',
      url: `/api/v1/campaigns/${campaignIds[0]}/stats`,
      headers: adminHeaders,
    });
    expect(figures.statusCode).toBe(200);
    const before = JSON.stringify(figures.json());
    const stop = scheduleRecentStatsMerge(db(), t.app.log, 20);
    try {
      for (let i = 0; i < 100 && (await db().select().from(dailyStatsRecent)).length > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      stop();
    }
    expect(await db().select().from(dailyStatsRecent)).toEqual([]);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/campaigns/${campaignIds[0]}/stats`,
      headers: adminHeaders,
    });
    expect(JSON.stringify(after.json())).toBe(before);
  });

  test('a batch read while the one ahead of it writes: an order both hold is one sale, the later answered as a repeat', async () => {
    const deps = { flushClicks: () => t.app.clickBuffer.flush() };
    const order = `ahead-${process.pid}`;
    const request = (amount: number) => ({
      input: saleBodySchema.parse({
        campaign_id: campaignIds[0],
        external_id: order,
        amount_cents: amount,
        payment_method: 'pix',
        affiliate_code: owners[0]?.code,
      }),
      meta: { source: 'postback' as const, actorId: null },
      at: new Date(),
    });
    // The writer's pipeline: the second batch does its reads before the first is written.
    const first = prepareSales(db(), deps, [request(7_000)]);
    const second = prepareSales(db(), deps, [request(7_000), request(8_000)]);
    await Promise.all([first.read, second.read]);
    const [written] = await first.write();
    const [again, conflicting] = await second.write();
    expect(written).toMatchObject({ ok: true, value: { created: true } });
    expect(again).toMatchObject({ ok: true, value: { created: false } });
    const id = written?.ok ? written.value.sale.id : 0;
    expect(again?.ok && again.value.sale.id).toBe(id);
    // Another amount for the same order is the 409 it would be alone.
    expect(conflicting?.ok).toBe(false);
    expect(conflicting?.ok === false && (conflicting.error as { code?: string }).code).toBe('CONFLICT');
    const stored = await db().select({ id: sales.id }).from(sales).where(eq(sales.externalId, order));
    expect(stored).toEqual([{ id }]);
  });
});
