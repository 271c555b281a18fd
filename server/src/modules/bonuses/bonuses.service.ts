import type { Bonus, BonusAward, BonusBody, BonusPatch, BonusStatus, MyBonuses } from '@contract/bonuses';
import { brasiliaDayOf } from '@contract/calendar';
import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliates, bonusAwards, bonuses, users } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../audit/audit.service';
import { measureOf, measuresOf } from './bonus-awards';

type BonusRow = typeof bonuses.$inferSelect;

function statusOf(bonus: BonusRow, today: string): BonusStatus {
  if (bonus.closedAt) return 'closed';
  if (today < bonus.startsOn) return 'upcoming';
  return today <= bonus.endsOn ? 'running' : 'closing';
}

// Spelled out: drizzle writes `${bonuses.id}` unqualified here, which the subquery reads as its own id.
const awardTotals = {
  awards: sql<number>`(select count(*)::int from bonus_awards a where a.bonus_id = bonuses.id)`,
  awardedCents: sql<number>`(select coalesce(sum(a.amount_cents), 0)::bigint from bonus_awards a where a.bonus_id = bonuses.id)`,
};

function toBonus(row: BonusRow & { awards: number; awardedCents: number }, today: string): Bonus {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    measure: row.measure,
    threshold: row.threshold,
    amount_cents: row.amountCents,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    active: row.active,
    status: statusOf(row, today),
    awards: Number(row.awards),
    awarded_cents: Number(row.awardedCents),
    closed_at: row.closedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Every performance bonus, the latest period first. */
export async function findBonuses(db: Db, now = new Date()): Promise<{ items: Bonus[] }> {
  const rows = await db
    .select({ bonus: bonuses, ...awardTotals })
    .from(bonuses)
    .orderBy(desc(bonuses.endsOn), desc(bonuses.id));
  const today = brasiliaDayOf(now);
  return { items: rows.map(({ bonus, ...totals }) => toBonus({ ...bonus, ...totals }, today)) };
}

async function findBonus(db: Db, id: number, now = new Date()): Promise<Bonus> {
  const [row] = await db
    .select({ bonus: bonuses, ...awardTotals })
    .from(bonuses)
    .where(eq(bonuses.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Bonus not found.');
  const { bonus, ...totals } = row;
  return toBonus({ ...bonus, ...totals }, brasiliaDayOf(now));
}

export async function createBonus(db: Db, actorId: number, body: BonusBody & { description: string }) {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bonuses)
      .values({
        name: body.name,
        description: body.description,
        measure: body.measure,
        threshold: body.threshold,
        amountCents: body.amount_cents,
        startsOn: body.starts_on,
        endsOn: body.ends_on,
        active: body.active ?? true,
        createdBy: actorId,
      })
      .returning();
    if (!row) throw new Error('bonus insert returned nothing');
    await audit(tx, { actorId, action: 'bonus.create', entity: 'bonus', entityId: row.id, after: body });
    return row.id;
  });
  return findBonus(db, id);
}

/** Changes a bonus that has not closed: once awarded, its terms are what was paid. */
export async function updateBonus(db: Db, actorId: number, id: number, patch: BonusPatch) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(bonuses).where(eq(bonuses.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', 'Bonus not found.');
    if (before.closedAt) {
      throw new AppError('CONFLICT', 'This bonus was already awarded: its terms can no longer change.', {
        reason: 'BONUS_CLOSED',
      });
    }
    const startsOn = patch.starts_on ?? before.startsOn;
    const endsOn = patch.ends_on ?? before.endsOn;
    if (endsOn < startsOn) {
      throw new AppError('VALIDATION', 'ends_on: must be on or after the first day', {
        errors: [{ field: 'ends_on', message: 'must be on or after the first day' }],
      });
    }
    await tx
      .update(bonuses)
      .set({
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(patch.measure === undefined ? {} : { measure: patch.measure }),
        ...(patch.threshold === undefined ? {} : { threshold: patch.threshold }),
        ...(patch.amount_cents === undefined ? {} : { amountCents: patch.amount_cents }),
        ...(patch.active === undefined ? {} : { active: patch.active }),
        startsOn,
        endsOn,
      })
      .where(eq(bonuses.id, id));
    await audit(tx, { actorId, action: 'bonus.update', entity: 'bonus', entityId: id, before, after: patch });
  });
  return findBonus(db, id);
}

const awardColumns = {
  id: bonusAwards.id,
  bonusId: bonusAwards.bonusId,
  affiliateId: bonusAwards.affiliateId,
  amountCents: bonusAwards.amountCents,
  reason: bonusAwards.reason,
  createdAt: bonusAwards.createdAt,
};
type AwardRow = Pick<
  typeof bonusAwards.$inferSelect,
  'id' | 'bonusId' | 'affiliateId' | 'amountCents' | 'reason' | 'createdAt'
>;

const toAward = (row: AwardRow) => ({
  id: row.id,
  bonus_id: row.bonusId,
  affiliate_id: row.affiliateId,
  amount_cents: row.amountCents,
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
});

/** Awards with the name of whom each was paid to, as the admin's list shows them. */
const namedAwards = (db: Db) =>
  db
    .select({ ...awardColumns, firstName: users.firstName, lastName: users.lastName })
    .from(bonusAwards)
    .innerJoin(affiliates, eq(affiliates.id, bonusAwards.affiliateId))
    .innerJoin(users, eq(users.id, affiliates.userId));

const toNamedAward = ({ firstName, lastName, ...row }: AwardRow & { firstName: string; lastName: string }) => ({
  ...toAward(row),
  affiliate_name: `${firstName} ${lastName}`.trim(),
});

/** Every bonus paid, newest first, with whom it was paid to (admins). */
export async function findAwards(db: Db, query: { page: number; page_size: number }) {
  const rows = await namedAwards(db)
    .orderBy(desc(bonusAwards.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(bonusAwards);
  const items: BonusAward[] = rows.map(toNamedAward);
  return { items, total: Number(count?.n ?? 0), page: query.page, page_size: query.page_size };
}

/**
 * An affiliate's bonuses: the active ones running today with how far they are (as the close will
 * count them), and the last ten paid to them.
 */
export async function findMyBonuses(db: Db, affiliateId: number, now = new Date()): Promise<MyBonuses> {
  const today = brasiliaDayOf(now);
  const running = await db
    .select()
    .from(bonuses)
    .where(
      and(eq(bonuses.active, true), isNull(bonuses.closedAt), lte(bonuses.startsOn, today), gte(bonuses.endsOn, today)),
    )
    .orderBy(bonuses.endsOn, bonuses.id);
  const progress = await Promise.all(
    running.map(async (bonus) => measureOf(bonus, (await measuresOf(db, bonus, now, affiliateId)).get(affiliateId))),
  );
  const awards = await db
    .select(awardColumns)
    .from(bonusAwards)
    .where(eq(bonusAwards.affiliateId, affiliateId))
    .orderBy(desc(bonusAwards.id))
    .limit(10);
  return {
    running: running.map((bonus, n) => ({
      id: bonus.id,
      name: bonus.name,
      description: bonus.description,
      measure: bonus.measure,
      threshold: bonus.threshold,
      amount_cents: bonus.amountCents,
      starts_on: bonus.startsOn,
      ends_on: bonus.endsOn,
      progress: progress[n] ?? 0,
    })),
    awards: awards.map(toAward),
  };
}

/** The award just made, as the admin's list shows it. */
export async function findAward(db: Db, id: number): Promise<BonusAward> {
  const [row] = await namedAwards(db).where(eq(bonusAwards.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Bonus not found.');
  return toNamedAward(row);
}
