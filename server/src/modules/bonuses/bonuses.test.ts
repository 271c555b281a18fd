import { ADMIN_ROLE } from '@contract/auth';
import { addDays, brasiliaDayOf, DAY_MS } from '@contract/calendar';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, recordApprovedSale } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import type { Database } from '../../db/client';
import {
  auditLog,
  bonusAwards,
  bonuses,
  campaigns,
  ledgerEntries,
  notifications,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { closeDueBonuses } from './bonus-awards';

// Issue 30, point 4: one-off bonuses and performance bonuses, paid through the ledger.

let t: TestApp;
let second: Database;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let bia: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
const db = () => t.database.db;
const A = () => ana.user.affiliateId ?? 0;
const B = () => bia.user.affiliateId ?? 0;
const today = () => brasiliaDayOf(Date.now());

beforeAll(async () => {
  t = await createTestApp();
  // A second server's connections (a second pool on PostgreSQL), for the job run twice at once.
  second = await t.database.reopen();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  bia = await createSignedIn(t.app, db());
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      name: 'Bônus de lançamento',
      destinationUrl: 'https://loja.example.com/',
      commissionType: 'percent',
      commissionValue: 1_000,
      cookieDays: 30,
      holdDays: 0,
    })
    .returning();
  campaignId = campaign?.id ?? 0;
  await db()
    .insert(webhookEndpoints)
    .values({ url: 'https://hooks.example.com/afiliados', events: ['bonus.awarded'], secretSealed: 'sealed' });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const ledgerOf = (affiliateId: number) =>
  db()
    .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents, note: ledgerEntries.note })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.affiliateId, affiliateId), eq(ledgerEntries.kind, 'adjustment')));

describe('POST /affiliates/:id/bonuses: a one-off bonus', () => {
  test('pays the affiliate through the ledger, audited, notified, with the bonus.awarded webhook', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: bia.headers })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/affiliates/${B()}/bonuses`,
      headers: admin.headers,
      payload: { amount_cents: 15_000, reason: 'Melhor vídeo do mês' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const award = res.json();
    expect(award).toMatchObject({
      bonus_id: null,
      affiliate_id: B(),
      amount_cents: 15_000,
      reason: 'Melhor vídeo do mês',
    });
    expect(await ledgerOf(B())).toEqual([
      { kind: 'adjustment', amountCents: 15_000, note: 'Bônus: Melhor vídeo do mês' },
    ]);
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/balance', headers: bia.headers })).json();
    expect(after.available_cents - before.available_cents).toBe(15_000);
    const [row] = await db().select().from(bonusAwards).where(eq(bonusAwards.id, award.id));
    expect(row?.ledgerEntryId).not.toBeNull();
    expect(row?.awardedBy).toBe(admin.user.id);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(award.id)));
    expect(audited.map((a) => [a.action, a.actorId])).toEqual([['bonus.award', admin.user.id]]);
    const told = await db().select().from(notifications).where(eq(notifications.userId, bia.user.id));
    expect(told.map((n) => n.kind)).toContain('bonus.awarded');
    const [delivery] = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subject, `bonus:${award.id}`));
    expect(delivery?.eventType).toBe('bonus.awarded');
    expect((delivery?.payload as { data: { amount_cents: number } } | undefined)?.data.amount_cents).toBe(15_000);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/me/bonuses', headers: bia.headers })).json();
    expect(mine.awards.map((a: { id: number }) => a.id)).toContain(award.id);
  });

  test('refuses bad input naming the field, an unknown affiliate, and an affiliate asking; nothing is written', async () => {
    const count = async () => (await db().select().from(bonusAwards)).length;
    const before = await count();
    for (const [payload, field] of [
      [{ amount_cents: 0, reason: 'Zero' }, 'amount_cents'],
      [{ amount_cents: 10.5, reason: 'Meio centavo' }, 'amount_cents'],
      [{ amount_cents: 100 }, 'reason'],
      [{ amount_cents: 100, reason: 'x' }, 'reason'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/affiliates/${A()}/bonuses`,
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/affiliates/99999999/bonuses',
      headers: admin.headers,
      payload: { amount_cents: 100, reason: 'Ninguém' },
    });
    expect(unknown.statusCode).toBe(404);
    const asAffiliate = await t.app.inject({
      method: 'POST',
      url: `/api/v1/affiliates/${A()}/bonuses`,
      headers: ana.headers,
      payload: { amount_cents: 100_000, reason: 'Para mim mesma' },
    });
    expect(asAffiliate.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('a performance bonus', () => {
  test('shows progress, counts a refund before the close out, and pays once when two servers close it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bonuses',
      headers: admin.headers,
      payload: {
        name: 'Três vendas na semana',
        measure: 'approved_sales',
        threshold: 3,
        amount_cents: 20_000,
        starts_on: addDays(today(), -3),
        ends_on: today(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bonus = created.json();
    expect(bonus.status).toBe('running');
    // Each sells three; one of Ana's is refunded before the period ends.
    const sold: Record<number, number[]> = { [A()]: [], [B()]: [] };
    for (const affiliateId of [A(), B()]) {
      for (let n = 0; n < 3; n++) {
        sold[affiliateId]?.push(
          await recordApprovedSale(t.app, admin.headers, {
            campaign_id: campaignId,
            affiliate_id: affiliateId,
            amount_cents: 10_000,
            external_id: `bonus-${affiliateId}-${n}`,
          }),
        );
      }
    }
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sales/${sold[A()]?.[0]}/refund`,
      headers: admin.headers,
      payload: {},
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const progressOf = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/me/bonuses', headers }))
        .json()
        .running.find((b: { id: number }) => b.id === bonus.id)?.progress;
    expect([await progressOf(ana.headers), await progressOf(bia.headers)]).toEqual([2, 3]);

    // The day after its last day, two servers run the job at once: Bia is paid once, Ana not at all.
    const tomorrow = new Date(Date.now() + DAY_MS);
    const paid = await Promise.all([closeDueBonuses(db(), tomorrow), closeDueBonuses(second.db, tomorrow)]);
    expect(paid[0] + paid[1]).toBe(1);
    const awards = await db().select().from(bonusAwards).where(eq(bonusAwards.bonusId, bonus.id));
    expect(awards.map((a) => [a.affiliateId, a.amountCents])).toEqual([[B(), 20_000]]);
    expect((await ledgerOf(B())).filter((e) => e.note === 'Bônus: Três vendas na semana')).toHaveLength(1);
    expect((await ledgerOf(A())).filter((e) => e.note === 'Bônus: Três vendas na semana')).toHaveLength(0);
    expect(await closeDueBonuses(db(), tomorrow)).toBe(0);

    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/bonuses', headers: admin.headers })).json();
    expect(list.items.find((b: { id: number }) => b.id === bonus.id)).toMatchObject({
      status: 'closed',
      awards: 1,
      awarded_cents: 20_000,
    });
    // Once paid, its terms are what was paid.
    const late = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/bonuses/${bonus.id}`,
      headers: admin.headers,
      payload: { amount_cents: 1 },
    });
    expect(late.statusCode).toBe(409);
    const [stored] = await db().select().from(bonuses).where(eq(bonuses.id, bonus.id));
    expect(stored?.amountCents).toBe(20_000);
  });

  test('a commission bonus counts each one’s approved commission; a period ending before it starts is refused', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bonuses',
      headers: admin.headers,
      payload: {
        name: 'R$ 25 de comissão',
        measure: 'approved_commission',
        threshold: 2_500,
        amount_cents: 5_000,
        starts_on: today(),
        ends_on: today(),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/me/bonuses', headers: bia.headers })).json();
    // Bia's three approved sales of R$ 100,00 at 10 %: R$ 30,00.
    expect(mine.running.find((b: { id: number }) => b.id === created.json().id)?.progress).toBe(3_000);
    const backwards = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bonuses',
      headers: admin.headers,
      payload: {
        name: 'Ao contrário',
        measure: 'approved_sales',
        threshold: 1,
        amount_cents: 100,
        starts_on: today(),
        ends_on: addDays(today(), -1),
      },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.map((e: { field: string }) => e.field)).toContain('ends_on');
    const asAffiliate = await t.app.inject({ method: 'GET', url: '/api/v1/bonuses', headers: ana.headers });
    expect(asAffiliate.statusCode).toBe(403);
  });
});
