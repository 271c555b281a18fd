import { type LevelProgress, PROMOTION_WINDOW_DAYS, type PromotionRun, type PromotionSettings } from '@contract/levels';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { affiliates, levels, sales, settings, users } from '../../db/schema';
import { AppError } from '../../errors';
import { every, lastRunOf, withLease } from '../../jobs/lease';
import { audit } from '../audit/audit.service';
import { notifyUsers } from '../notifications/notifications.service';

const SETTING_KEY = 'auto_promotion';
export const PROMOTION_JOB = 'levels.promotion';
const DAY_MS = 86_400_000;

type LevelRow = typeof levels.$inferSelect;

const windowStart = (now: Date) => new Date(now.getTime() - PROMOTION_WINDOW_DAYS * DAY_MS);

/** Approved sales over the trailing window, per affiliate (only those who have any). */
function approvedSalesSince(db: Db, since: Date) {
  return db
    .select({ affiliateId: sales.affiliateId, cents: sql<string>`sum(${sales.amountCents})` })
    .from(sales)
    .where(and(eq(sales.status, 'approved'), gte(sales.createdAt, since)))
    .groupBy(sales.affiliateId);
}

/** The highest level these sales reach (levels by rank; a level's minimum must be met). */
export function levelFor(ladder: LevelRow[], cents: number): LevelRow | null {
  let reached: LevelRow | null = null;
  for (const level of ladder) if (level.minSalesCents <= cents) reached = level;
  return reached;
}

export async function getPromotionSettings(db: Db): Promise<PromotionSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTING_KEY));
  const lastRun = await lastRunOf(db, PROMOTION_JOB);
  return {
    enabled: (row?.value as { enabled?: boolean } | undefined)?.enabled ?? false,
    last_run_at: lastRun?.toISOString() ?? null,
  };
}

export async function setPromotionSettings(db: Db, actorId: number, enabled: boolean): Promise<PromotionSettings> {
  await db.transaction(async (tx) => {
    const before = await getPromotionSettings(tx);
    await tx
      .insert(settings)
      .values({ key: SETTING_KEY, value: { enabled } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { enabled }, updatedAt: new Date() } });
    await audit(tx, {
      actorId,
      action: 'promotion.set',
      entity: 'settings',
      entityId: SETTING_KEY,
      before: { enabled: before.enabled },
      after: { enabled },
    });
  });
  return getPromotionSettings(db);
}

/** The signed-in affiliate's level and progress (the affiliate as the session read it). */
export async function getLevelProgress(
  db: Db,
  affiliate: { id: number; levelId: number | null },
  now = new Date(),
): Promise<LevelProgress> {
  const [ladder, [total], { enabled }] = await Promise.all([
    db.select().from(levels).orderBy(asc(levels.rank), asc(levels.id)),
    db
      .select({ cents: sql<string>`coalesce(sum(${sales.amountCents}), 0)` })
      .from(sales)
      .where(
        and(eq(sales.affiliateId, affiliate.id), eq(sales.status, 'approved'), gte(sales.createdAt, windowStart(now))),
      ),
    getPromotionSettings(db),
  ]);
  const cents = Number(total?.cents ?? 0);
  const current = ladder.find((l) => l.id === affiliate.levelId) ?? null;
  const next = ladder.find((l) => (current ? l.rank > current.rank : true) && l.id !== current?.id) ?? null;
  const summary = (l: LevelRow | null) =>
    l && { id: l.id, name: l.name, commission_bps: l.commissionBps, min_sales_cents: l.minSalesCents };
  const floor = current?.minSalesCents ?? 0;
  const span = next ? next.minSalesCents - floor : 0;
  const progress = !next
    ? 10_000
    : span <= 0
      ? 10_000
      : Math.max(0, Math.min(10_000, Math.floor(((cents - floor) * 10_000) / span)));
  return {
    level: summary(current),
    next_level: summary(next),
    window_days: PROMOTION_WINDOW_DAYS,
    approved_sales_cents: cents,
    remaining_cents: next ? Math.max(0, next.minSalesCents - cents) : null,
    progress_bps: progress,
    auto_promotion: enabled,
  };
}

/**
 * Moves up every approved affiliate whose approved sales over the trailing window reach a higher
 * level than the one they hold; never down. Each move is audited and the affiliate told.
 */
export async function runPromotions(db: Db, actorId: number | null, now = new Date()): Promise<PromotionRun> {
  const ladder = await db.select().from(levels).orderBy(asc(levels.rank), asc(levels.id));
  if (ladder.length === 0) return { promoted: [] };
  const totals = new Map((await approvedSalesSince(db, windowStart(now))).map((r) => [r.affiliateId, Number(r.cents)]));
  const people = await db
    .select({ affiliate: affiliates, firstName: users.firstName, lastName: users.lastName })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliates.status, 'approved'));
  const promoted: PromotionRun['promoted'] = [];
  for (const { affiliate, firstName, lastName } of people) {
    const cents = totals.get(affiliate.id) ?? 0;
    const current = ladder.find((l) => l.id === affiliate.levelId) ?? null;
    const target = levelFor(ladder, cents);
    if (!target || (current && target.rank <= current.rank)) continue;
    const moved = await db.transaction(async (tx) => {
      // Only if nobody changed the level meanwhile (an admin, or another run).
      const [row] = await tx
        .update(affiliates)
        .set({ levelId: target.id })
        .where(
          and(
            eq(affiliates.id, affiliate.id),
            affiliate.levelId === null ? sql`${affiliates.levelId} is null` : eq(affiliates.levelId, affiliate.levelId),
          ),
        )
        .returning({ id: affiliates.id });
      if (!row) return false;
      await audit(tx, {
        actorId,
        action: 'affiliate.promote',
        entity: 'affiliate',
        entityId: affiliate.id,
        before: { level_id: affiliate.levelId, level: current?.name ?? null },
        after: { level_id: target.id, level: target.name, approved_sales_cents: cents },
      });
      await notifyUsers(tx, [affiliate.userId], {
        kind: 'level.promoted',
        title: 'You moved up a level',
        text: `You are now ${target.name}: ${target.commissionBps / 100}% commission.`,
        pt: {
          title: 'Você subiu de nível',
          text: `Agora você é ${target.name}: comissão de ${String(target.commissionBps / 100).replace('.', ',')}%.`,
        },
        data: { level_id: target.id },
      });
      return true;
    });
    if (moved) {
      promoted.push({
        affiliate_id: affiliate.id,
        name: `${firstName} ${lastName}`,
        from_level: current?.name ?? null,
        to_level: target.name,
        approved_sales_cents: cents,
      });
    }
  }
  return { promoted };
}

/** An admin's "promote now": the same run, under the same lease as the daily job. */
export async function runPromotionsNow(db: Db, actorId: number): Promise<PromotionRun> {
  const run = await withLease(db, PROMOTION_JOB, () => runPromotions(db, actorId));
  if (!run) {
    throw new AppError('CONFLICT', 'A promotion run is under way; try again in a moment.', {
      reason: 'PROMOTION_RUNNING',
    });
  }
  return run;
}

/**
 * The daily run: only when an admin turned it on, and only if no run (daily or on demand) happened
 * in the last 24 hours. Returns null when it did not run.
 */
export async function runDailyPromotion(db: Db, now = new Date()): Promise<PromotionRun | null> {
  const { enabled, last_run_at } = await getPromotionSettings(db);
  if (!enabled || (last_run_at && now.getTime() - Date.parse(last_run_at) < DAY_MS)) return null;
  return withLease(db, PROMOTION_JOB, () => runPromotions(db, null, now));
}

/** Checked every hour on every server; the lease and the last run make it once a day. */
export function schedulePromotions(db: Db, log: FastifyBaseLogger, checkEveryMs = 60 * 60_000) {
  return every(checkEveryMs, async () => {
    try {
      const run = await runDailyPromotion(db);
      if (run?.promoted.length) log.info({ promoted: run.promoted.length }, 'affiliates promoted');
    } catch (error) {
      log.error({ err: (error as Error).message }, 'promotion run failed');
    }
  });
}
