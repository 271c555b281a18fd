import { count, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/helper';
import type { Database } from '../db/client';
import {
  affiliates,
  announcementRecipients,
  announcements,
  applicationAnswers,
  bonusAwards,
  bonuses,
  campaigns,
  clicks,
  coupons,
  creativeFiles,
  creatives,
  integrationDeliveries,
  ledgerEntries,
  levels,
  messages,
  messageThreads,
  networks,
  payments,
  payoutBatches,
  payoutItems,
  payoutReceipts,
  programmePage,
  redemptions,
  sales,
  users,
} from '../db/schema';
import { verifyPassword } from '../modules/auth/passwords';
import { prepareDatabase } from './prepare';

const silent = { info() {}, warn() {}, error() {} } as never;
let database: Database;
afterEach(async () => database.close());

describe('prepareDatabase', () => {
  test('creates the first admin from ADMIN_EMAIL and ADMIN_PASSWORD on an empty database', async () => {
    database = await createTestDatabase();
    const config = testConfig('.tmp/prepare-a', {
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'first-admin-pass-1',
    });
    const lines = await prepareDatabase(database, config, silent);
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(admin?.role).toBe('Administrador');
    expect(await verifyPassword(admin?.passwordHash, 'first-admin-pass-1')).toBe(true);
    expect(lines.join('\n')).toContain('Boss@Example.com');
    expect(lines.join('\n')).not.toContain('first-admin-pass-1');

    await prepareDatabase(
      database,
      testConfig('.tmp/prepare-a', { ADMIN_EMAIL: 'other@example.com', ADMIN_PASSWORD: 'another-pass-12' }),
      silent,
    );
    expect(await database.db.select({ n: count() }).from(users)).toEqual([{ n: 1 }]);
  });

  test('with DEMO_DATA=1 seeds a living programme once and prints the demo sign-in', async () => {
    database = await createTestDatabase();
    const config = testConfig('.tmp/prepare-b', { DEMO_DATA: '1' });
    const lines = await prepareDatabase(database, config, silent);
    expect(lines.join('\n')).toContain('admin@afiliados.demo / demo-admin-1');
    const statuses = await database.db.select({ status: affiliates.status }).from(affiliates);
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['approved', 'pending', 'rejected']));
    expect((await database.db.select().from(levels)).length).toBeGreaterThanOrEqual(3);
    expect((await database.db.select().from(networks)).length).toBeGreaterThanOrEqual(2);
    expect((await database.db.select().from(campaigns)).length).toBeGreaterThanOrEqual(3);
    // ...with clicks and sales in every state, the approved ones' commissions in the ledger
    expect((await database.db.select({ n: count() }).from(clicks))[0]?.n).toBeGreaterThan(100);
    const seeded = await database.db.select().from(sales);
    expect(new Set(seeded.map((s) => s.status))).toEqual(
      new Set(['pending', 'approved', 'cancelled', 'refunded', 'chargeback']),
    );
    expect(seeded.some((s) => s.flags.length > 0)).toBe(true);
    const ledger = await database.db.select().from(ledgerEntries);
    for (const sale of seeded) {
      const lines = ledger.filter((l) => l.saleId === sale.id).map((l) => l.amountCents);
      // A split sale's commission enters each sharing affiliate's ledger (docs/decisions/021).
      const parts = sale.sharedAffiliateId
        ? [sale.commissionCents - sale.sharedCommissionCents, sale.sharedCommissionCents]
        : [sale.commissionCents];
      const reversed = [...parts, ...parts.map((c) => -c)];
      const expected = { approved: parts, refunded: reversed, chargeback: reversed }[
        sale.status as 'approved' | 'refunded' | 'chargeback'
      ];
      expect(lines).toEqual(sale.commissionCents > 0 && expected ? expected : []);
    }
    // ...a campaign whose first and last clicks share, with a shared sale, and coupons to share
    expect((await database.db.select().from(campaigns)).some((c) => c.attributionModel === 'split_first_last')).toBe(
      true,
    );
    expect(seeded.filter((s) => s.sharedAffiliateId !== null)).toHaveLength(1);
    expect((await database.db.select().from(coupons)).length).toBeGreaterThanOrEqual(2);
    // ...subscriptions with renewals credited through their first sale, one past the rule's charges
    const renewals = seeded.filter((s) => (s.chargeNumber ?? 1) > 1);
    expect(renewals.length).toBeGreaterThan(5);
    expect(renewals.every((s) => s.attributedBy === 'subscription')).toBe(true);
    expect(renewals.some((s) => s.commission.recurring?.outcome === 'beyond_limit' && s.commissionCents === 0)).toBe(
      true,
    );
    // ...a Hotmart connection whose log has sales recorded from it, one waiting for its product's mapping
    const log = await database.db.select().from(integrationDeliveries);
    expect(new Set(log.map((d) => d.outcome))).toEqual(new Set(['recorded', 'needs_attention', 'ignored', 'refused']));
    const fromHotmart = log.filter((d) => d.outcome === 'recorded').map((d) => d.saleId);
    expect(
      seeded
        .filter((s) => s.source === 'integration')
        .map((s) => s.id)
        .sort(),
    ).toEqual(fromHotmart.sort());
    // ...and redemptions in every state, each paid one with its payment, no balance below zero
    const seededRedemptions = await database.db.select().from(redemptions);
    expect(new Set(seededRedemptions.map((r) => r.status))).toEqual(
      new Set(['paid', 'rejected', 'requested', 'approved']),
    );
    // The demo's affiliate can ask for a redemption at once: none of hers waits for an admin.
    const [demoAffiliate] = await database.db
      .select({ id: affiliates.id })
      .from(affiliates)
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(eq(users.email, 'ana.souza@afiliados.demo'));
    const hersOpen = seededRedemptions.filter(
      (r) => r.affiliateId === demoAffiliate?.id && (r.status === 'requested' || r.status === 'approved'),
    );
    expect(demoAffiliate).toBeDefined();
    expect(hersOpen).toEqual([]);
    const paid = seededRedemptions.filter((r) => r.status === 'paid');
    expect((await database.db.select().from(payments)).map((p) => p.redemptionId).sort()).toEqual(
      paid.map((r) => r.id).sort(),
    );
    // ...paid together in one payout batch, done, each item paid with its payment's reference.
    const batchItems = await database.db.select().from(payoutItems);
    expect(batchItems.map((i) => i.redemptionId).sort()).toEqual(paid.map((r) => r.id).sort());
    expect(batchItems.every((i) => i.status === 'paid' && i.endToEndId)).toBe(true);
    expect((await database.db.select().from(payoutBatches)).map((b) => b.status)).toEqual(['done']);
    // ...the demo affiliate, a person, with her receipt (RPA): net = gross − withholdings.
    const receipts = await database.db
      .select()
      .from(payoutReceipts)
      .where(eq(payoutReceipts.affiliateId, demoAffiliate?.id ?? 0));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.netCents).toBe(
      (receipts[0]?.grossCents ?? 0) -
        (receipts[0]?.inssCents ?? 0) -
        (receipts[0]?.irrfCents ?? 0) -
        (receipts[0]?.issCents ?? 0),
    );
    expect(receipts[0]?.inssCents).toBeGreaterThan(0);
    // ...the public programme page with a pitch, an FAQ and questions, and its applicants' answers,
    // the pending ones' among them (the approvals queue shows them).
    const [page] = await database.db.select().from(programmePage);
    expect(page?.pitch).not.toBe('');
    expect(page?.faq.length).toBeGreaterThanOrEqual(3);
    expect(page?.questions.length).toBeGreaterThanOrEqual(3);
    const answers = await database.db.select().from(applicationAnswers);
    const answered = new Set(answers.map((a) => a.affiliateId));
    expect(answered.has(demoAffiliate?.id ?? 0)).toBe(true);
    const pendingIds = (await database.db.select().from(affiliates).where(eq(affiliates.status, 'pending'))).map(
      (a) => a.id,
    );
    expect(pendingIds.length).toBeGreaterThan(0);
    expect(pendingIds.every((id) => answered.has(id))).toBe(true);
    // ...bonuses: last month's paid to those who met it, this month's running, a one-off to Ana.
    const seededBonuses = await database.db.select().from(bonuses);
    expect(seededBonuses.map((b) => b.closedAt !== null).sort()).toEqual([false, true]);
    const awards = await database.db.select().from(bonusAwards);
    expect(awards.filter((a) => a.bonusId !== null).length).toBeGreaterThanOrEqual(2);
    expect(awards.filter((a) => a.bonusId === null).map((a) => a.affiliateId)).toEqual([demoAffiliate?.id]);
    expect(awards.every((a) => ledger.some((l) => l.id === a.ledgerEntryId && l.kind === 'adjustment'))).toBe(true);
    // ...creatives on the first campaign: a text with placeholders, a banner with its WebP, one for a level.
    const seededCreatives = await database.db.select().from(creatives);
    expect(
      seededCreatives.some((c) => c.kind === 'text' && c.text.includes('{LINK}') && c.text.includes('{CUPOM}')),
    ).toBe(true);
    const banner = seededCreatives.find((c) => c.kind === 'image');
    const [bannerFile] = await database.db
      .select()
      .from(creativeFiles)
      .where(eq(creativeFiles.creativeId, banner?.id ?? 0));
    expect(bannerFile?.contentType).toBe('image/webp');
    expect(seededCreatives.filter((c) => !c.visibleToAll).map((c) => c.levelIds.length)).toEqual([1]);
    // ...messages: threads with unread questions, an announcement to everyone mailed and partly opened.
    const threads = await database.db.select().from(messageThreads);
    expect(threads.length).toBeGreaterThanOrEqual(3);
    const unread = await database.db.select().from(messages).where(isNull(messages.readAt));
    expect(unread.some((m) => !m.fromStaff)).toBe(true);
    expect(unread.some((m) => m.fromStaff)).toBe(true);
    const [everyone] = await database.db.select().from(announcements).where(eq(announcements.segment, 'all'));
    const reached = await database.db
      .select()
      .from(announcementRecipients)
      .where(eq(announcementRecipients.announcementId, everyone?.id ?? 0));
    expect(reached.length).toBeGreaterThan(3);
    expect(reached.some((r) => r.readAt !== null)).toBe(true);
    expect(reached.some((r) => r.mailDeliveryId === null)).toBe(true);
    const balances = new Map<number, number>();
    for (const line of ledger) balances.set(line.affiliateId, (balances.get(line.affiliateId) ?? 0) + line.amountCents);
    const afterRedemptions = await database.db.select().from(ledgerEntries);
    for (const line of afterRedemptions.filter((l) => l.kind.startsWith('redemption'))) {
      expect(line.redemptionId).not.toBeNull();
    }
    expect([...balances.values()].every((cents) => cents >= 0)).toBe(true);
    const before = await database.db.select({ n: count() }).from(users);
    const again = await prepareDatabase(database, config, silent);
    expect(await database.db.select({ n: count() }).from(users)).toEqual(before);
    expect(again.join('\n')).toContain('ana.souza@afiliados.demo / demo-afiliado-1');
  });

  test('with DEMO_DATA=1 on a database that already has people, adds nothing', async () => {
    database = await createTestDatabase();
    await prepareDatabase(
      database,
      testConfig('.tmp/prepare-c', { ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'first-admin-pass-1' }),
      silent,
    );
    const lines = await prepareDatabase(database, testConfig('.tmp/prepare-c', { DEMO_DATA: '1' }), silent);
    expect(lines.join('\n')).toContain('not added');
    expect(await database.db.select({ n: count() }).from(users)).toEqual([{ n: 1 }]);
  });
});
