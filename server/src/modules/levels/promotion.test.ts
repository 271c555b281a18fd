import { ADMIN_ROLE } from '@contract/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { affiliates, auditLog, campaigns, levels, notifications, sales } from '../../db/schema';
import { runDailyPromotion, runPromotions } from './promotion.service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
const ladder: Record<string, number> = {};
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  const rows = await db()
    .insert(levels)
    .values([
      { name: 'Bronze', rank: 1, commissionBps: 500, minSalesCents: 0 },
      { name: 'Prata', rank: 2, commissionBps: 750, minSalesCents: 100_000 },
      { name: 'Ouro', rank: 3, commissionBps: 1_000, minSalesCents: 500_000 },
    ])
    .returning();
  for (const row of rows) ladder[row.name] = row.id;
  const [campaign] = await db()
    .insert(campaigns)
    .values({ name: 'Promo', destinationUrl: 'https://p.example.com/', cookieDays: 30, holdDays: 0 })
    .returning();
  campaignId = campaign?.id ?? 0;
});
afterAll(async () => t.close());

/** An affiliate at a level with approved sales of these amounts, `daysAgo` old. */
async function affiliateWith(level: string | null, amounts: number[], daysAgo = 1, status = 'approved' as const) {
  const person = await createSignedIn(t.app, db());
  const id = person.user.affiliateId ?? 0;
  await db()
    .update(affiliates)
    .set({ levelId: level ? ladder[level] : null })
    .where(eq(affiliates.id, id));
  for (const amount of amounts) {
    await db()
      .insert(sales)
      .values({
        campaignId,
        affiliateId: id,
        amountCents: amount,
        paymentMethod: 'pix',
        source: 'admin',
        status,
        commissionCents: 0,
        commission: {
          rule: 'none',
          rate_bps: null,
          fixed_cents: null,
          base_cents: amount,
          exact_cents: '0',
          commission_cents: 0,
          level_name: null,
        },
        attributedBy: 'affiliate_id',
        payableAt: new Date(),
        createdAt: new Date(Date.now() - daysAgo * 86_400_000),
      });
  }
  return person;
}

const levelOf = async (affiliateId: number | null) =>
  (
    await db()
      .select()
      .from(affiliates)
      .where(eq(affiliates.id, affiliateId ?? 0))
  )[0]?.levelId;

describe('GET /me/level', () => {
  test('shows the level, its rate, the 90-day approved sales and how far the next level is', async () => {
    const person = await affiliateWith('Bronze', [30_000, 20_000]);
    await affiliateWith(null, []); // others do not count
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/level', headers: person.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      level: { name: 'Bronze', commission_bps: 500 },
      next_level: { name: 'Prata', commission_bps: 750, min_sales_cents: 100_000 },
      window_days: 90,
      approved_sales_cents: 50_000,
      remaining_cents: 50_000,
      progress_bps: 5_000,
    });
  });

  test('sales older than 90 days, or not approved, do not count', async () => {
    const old = await affiliateWith('Bronze', [90_000], 91);
    const pending = await affiliateWith('Bronze', [90_000], 1, 'pending' as never);
    for (const person of [old, pending]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/level', headers: person.headers });
      expect(res.json().approved_sales_cents).toBe(0);
    }
  });

  test('the top level has no next one; an admin has no level', async () => {
    const top = await affiliateWith('Ouro', []);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/level', headers: top.headers });
    expect(res.json()).toMatchObject({ next_level: null, remaining_cents: null, progress_bps: 10_000 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/level', headers: admin.headers })).statusCode).toBe(
      403,
    );
  });
});

describe('promotion', () => {
  test('POST /levels/promotion/run moves up whoever reached a higher level, never down, audited and told', async () => {
    const climber = await affiliateWith('Bronze', [60_000, 50_000]); // 1 100 → Prata
    const jumper = await affiliateWith(null, [600_000]); // → Ouro directly
    const stays = await affiliateWith('Bronze', [99_999]);
    const keeps = await affiliateWith('Ouro', [10]); // above what the sales say: not demoted
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/levels/promotion/run', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const moved = res.json().promoted as { affiliate_id: number; from_level: string | null; to_level: string }[];
    expect(moved).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ affiliate_id: climber.user.affiliateId, from_level: 'Bronze', to_level: 'Prata' }),
        expect.objectContaining({ affiliate_id: jumper.user.affiliateId, from_level: null, to_level: 'Ouro' }),
      ]),
    );
    expect(moved.map((m) => m.affiliate_id)).not.toContain(stays.user.affiliateId);
    expect(await levelOf(climber.user.affiliateId)).toBe(ladder.Prata);
    expect(await levelOf(stays.user.affiliateId)).toBe(ladder.Bronze);
    expect(await levelOf(keeps.user.affiliateId)).toBe(ladder.Ouro);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'affiliate.promote'), eq(auditLog.entityId, String(climber.user.affiliateId))));
    expect(entry).toMatchObject({ actorId: admin.user.id, before: { level: 'Bronze' }, after: { level: 'Prata' } });
    const told = await db().select().from(notifications).where(eq(notifications.userId, climber.user.id));
    expect(told.map((n) => n.kind)).toContain('level.promoted');
    // a second run has nothing left to do
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/levels/promotion/run', headers: admin.headers });
    expect(again.json().promoted.map((m: { affiliate_id: number }) => m.affiliate_id)).not.toContain(
      climber.user.affiliateId,
    );
  });

  test('two runs at once promote each affiliate once', async () => {
    const person = await affiliateWith('Bronze', [200_000]);
    const second = await t.database.reopen();
    try {
      const [a, b] = await Promise.all([runPromotions(db(), null), runPromotions(second.db, null)]);
      const moves = [...a.promoted, ...b.promoted].filter((m) => m.affiliate_id === person.user.affiliateId);
      expect(moves).toHaveLength(1);
      const entries = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'affiliate.promote'), eq(auditLog.entityId, String(person.user.affiliateId))));
      expect(entries).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  test('PUT /levels/promotion turns the daily run on and off; affiliates may not', async () => {
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/levels/promotion',
      headers: admin.headers,
      payload: { enabled: true },
    });
    expect(on.json()).toMatchObject({ enabled: true });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/levels/promotion', headers: admin.headers })).json().enabled,
    ).toBe(true);
    const person = await affiliateWith(null, []);
    const progress = await t.app.inject({ method: 'GET', url: '/api/v1/me/level', headers: person.headers });
    expect(progress.json().auto_promotion).toBe(true);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/levels/promotion',
      headers: person.headers,
      payload: { enabled: false },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/levels/promotion',
      headers: admin.headers,
      payload: { enabled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('enabled');
  });

  test('the daily run happens only when turned on, at most once a day', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/levels/promotion',
      headers: admin.headers,
      payload: { enabled: false },
    });
    const person = await affiliateWith('Bronze', [150_000]);
    expect(await runDailyPromotion(db())).toBeNull();
    expect(await levelOf(person.user.affiliateId)).toBe(ladder.Bronze);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/levels/promotion',
      headers: admin.headers,
      payload: { enabled: true },
    });
    // the on-demand runs above count as today's run
    expect(await runDailyPromotion(db())).toBeNull();
    const tomorrow = new Date(Date.now() + 86_400_000 + 60_000);
    const run = await runDailyPromotion(db(), tomorrow);
    expect(run?.promoted.map((m) => m.affiliate_id)).toContain(person.user.affiliateId);
    expect(await levelOf(person.user.affiliateId)).toBe(ladder.Prata);
  });
});
