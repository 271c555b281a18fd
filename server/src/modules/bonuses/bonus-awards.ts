import type { OneOffBonusBody } from '@contract/bonuses';
import { brasiliaDayOf, dayAfter, dayStart } from '@contract/calendar';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, selectRows } from '../../db/client';
import { affiliates, bonusAwards, bonuses } from '../../db/schema';
import { AppError } from '../../errors';
import { every, withLease } from '../../jobs/lease';
import { auditAll } from '../audit/audit.service';
import { appendLedgerEntry } from '../ledger/ledger.service';
import { brl } from '../ledger/redemptions.service';
import { notifyEach } from '../notifications/notifications.service';
import { queueWebhookEvent } from '../webhooks/webhook-queue';

export const BONUS_AWARDS_JOB = 'bonuses.awards';

type BonusRow = typeof bonuses.$inferSelect;
export type Measures = { sales: number; commission: number };

/**
 * Each affiliate's approved sales of a bonus's period and their commission, as they stand at `until`
 * (the period's close, or now for the progress so far): sales made in the period, approved before
 * `until`, not refunded nor charged back before it (a refund after the close does not take a bonus
 * back). A split sale counts for both its affiliates, each with their share (docs/decisions/021).
 */
export async function measuresOf(
  db: Db,
  bonus: Pick<BonusRow, 'startsOn' | 'endsOn'>,
  until: Date,
  affiliateId?: number,
): Promise<Map<number, Measures>> {
  const from = dayStart(bonus.startsOn).toISOString();
  const to = dayAfter(bonus.endsOn).toISOString();
  const at = until.toISOString();
  const counted = sql`s.created_at >= ${from}::timestamptz and s.created_at < ${to}::timestamptz
    and s.status in ('approved', 'refunded', 'chargeback') and s.decided_at < ${at}::timestamptz
    and (s.refunded_at is null or s.refunded_at >= ${at}::timestamptz)
    and (s.charged_back_at is null or s.charged_back_at >= ${at}::timestamptz)
    ${affiliateId === undefined ? sql`` : sql`and (s.affiliate_id = ${affiliateId} or s.shared_affiliate_id = ${affiliateId})`}`;
  const rows = await selectRows<{ affiliate_id: unknown; sales: unknown; commission: unknown }>(
    db,
    sql`select x.affiliate_id, count(*) as sales, coalesce(sum(x.cents), 0) as commission from (
        select s.affiliate_id, s.commission_cents - s.shared_commission_cents as cents from sales s where ${counted}
        union all
        select s.shared_affiliate_id, s.shared_commission_cents from sales s
          where s.shared_affiliate_id is not null and ${counted}
      ) x ${affiliateId === undefined ? sql`` : sql`where x.affiliate_id = ${affiliateId}`} group by 1`,
  );
  return new Map(
    rows.map((row) => [Number(row.affiliate_id), { sales: Number(row.sales), commission: Number(row.commission) }]),
  );
}

export const measureOf = (bonus: Pick<BonusRow, 'measure'>, measures: Measures | undefined) =>
  bonus.measure === 'approved_sales' ? (measures?.sales ?? 0) : (measures?.commission ?? 0);

type Award = { bonusId: number | null; affiliateId: number; userId: number; amountCents: number; reason: string };

/**
 * Pays awards, inside the caller's transaction: each one row, one `adjustment` line in the ledger,
 * a notification, the `bonus.awarded` webhook and an audit line. An award a performance bonus already
 * made is skipped (the unique index), so it pays once however many servers try.
 */
async function payAwards(tx: Db, awards: Award[], actorId: number | null) {
  const paid: { award: Award; id: number }[] = [];
  for (const award of awards) {
    const [row] = await tx
      .insert(bonusAwards)
      .values({
        bonusId: award.bonusId,
        affiliateId: award.affiliateId,
        amountCents: award.amountCents,
        reason: award.reason,
        awardedBy: actorId,
      })
      .onConflictDoNothing()
      .returning({ id: bonusAwards.id, createdAt: bonusAwards.createdAt });
    if (!row) continue;
    const entry = await appendLedgerEntry(tx, {
      affiliateId: award.affiliateId,
      kind: 'adjustment',
      amountCents: award.amountCents,
      note: `Bônus: ${award.reason}`,
    });
    await tx.update(bonusAwards).set({ ledgerEntryId: entry.id }).where(eq(bonusAwards.id, row.id));
    await queueWebhookEvent(tx, 'bonus.awarded', {
      id: row.id,
      bonus_id: award.bonusId,
      affiliate_id: award.affiliateId,
      amount_cents: award.amountCents,
      reason: award.reason,
      created_at: row.createdAt.toISOString(),
    });
    paid.push({ award, id: row.id });
  }
  await notifyEach(
    tx,
    paid.map(({ award, id }) => ({
      userId: award.userId,
      notification: {
        kind: 'bonus.awarded',
        title: 'Bonus received',
        text: `${brl('en', award.amountCents)} for “${award.reason}” is in your balance.`,
        data: { bonus_award_id: id, amount_cents: award.amountCents },
        pt: {
          title: 'Bônus recebido',
          text: `${brl('pt', award.amountCents)} por “${award.reason}” já está no seu saldo.`,
        },
      },
    })),
  );
  await auditAll(
    tx,
    paid.map(({ award, id }) => ({
      actorId,
      action: 'bonus.award',
      entity: 'bonus_award',
      entityId: id,
      after: { bonus_id: award.bonusId, affiliate_id: award.affiliateId, amount_cents: award.amountCents },
    })),
  );
  return paid.map(({ id }) => id);
}

/** An admin's one-off bonus to an approved (or suspended) affiliate; returns the award's id. */
export async function grantOneOffBonus(db: Db, actorId: number, affiliateId: number, body: OneOffBonusBody) {
  return db.transaction(async (tx) => {
    const [affiliate] = await tx
      .select({ id: affiliates.id, userId: affiliates.userId, status: affiliates.status })
      .from(affiliates)
      .where(eq(affiliates.id, affiliateId))
      .for('update');
    if (!affiliate) throw new AppError('NOT_FOUND', 'Affiliate not found.');
    if (affiliate.status !== 'approved' && affiliate.status !== 'suspended') {
      throw new AppError('CONFLICT', 'Only an approved affiliate can receive a bonus.', {
        reason: 'AFFILIATE_NOT_APPROVED',
        errors: [{ field: 'affiliate_id', message: 'is not an approved affiliate' }],
      });
    }
    const [id] = await payAwards(
      tx,
      [
        {
          bonusId: null,
          affiliateId,
          userId: affiliate.userId,
          amountCents: body.amount_cents,
          reason: body.reason.trim(),
        },
      ],
      actorId,
    );
    return id as number;
  });
}

/**
 * Closes one bonus whose period has ended: every approved affiliate who met it is paid, and the
 * bonus is marked closed, in one transaction that holds the bonus's row; a bonus another server
 * closed meanwhile is found closed and left alone. Returns how many were paid.
 */
async function closeBonus(db: Db, bonusId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [bonus] = await tx
      .select()
      .from(bonuses)
      .where(and(eq(bonuses.id, bonusId), isNull(bonuses.closedAt)))
      .for('update');
    if (!bonus) return 0;
    const measures = await measuresOf(tx, bonus, dayAfter(bonus.endsOn));
    const met = [...measures].filter(([, m]) => measureOf(bonus, m) >= bonus.threshold).map(([id]) => id);
    const people = met.length
      ? await tx
          .select({ id: affiliates.id, userId: affiliates.userId })
          .from(affiliates)
          .where(and(sql`${affiliates.id} in ${met}`, eq(affiliates.status, 'approved')))
          .orderBy(affiliates.id)
      : [];
    const paid = await payAwards(
      tx,
      people.map((person) => ({
        bonusId: bonus.id,
        affiliateId: person.id,
        userId: person.userId,
        amountCents: bonus.amountCents,
        reason: bonus.name,
      })),
      null,
    );
    await tx.update(bonuses).set({ closedAt: now }).where(eq(bonuses.id, bonus.id));
    return paid.length;
  });
}

/** Every active bonus whose last day has passed (in Brasília), closed one by one. */
export async function closeDueBonuses(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: bonuses.id })
    .from(bonuses)
    .where(and(eq(bonuses.active, true), isNull(bonuses.closedAt), lt(bonuses.endsOn, brasiliaDayOf(now))))
    .orderBy(bonuses.endsOn, bonuses.id);
  let paid = 0;
  for (const { id } of due) paid += await closeBonus(db, id, now);
  return paid;
}

/**
 * Every minute on every server, under a lease: a bonus is awarded within about a minute of its
 * period's close. The lease saves work; the bonus's row lock and the awards' unique index are what
 * make it pay once.
 */
export function scheduleBonusAwards(db: Db, log: FastifyBaseLogger, everyMs = 60_000) {
  return every(everyMs, () =>
    withLease(db, BONUS_AWARDS_JOB, () => closeDueBonuses(db))
      .then((n) => {
        if (n) log.info({ awarded: n }, 'performance bonuses awarded');
      })
      .catch((error: Error) => log.error({ err: error.message }, 'bonus awards failed')),
  );
}
