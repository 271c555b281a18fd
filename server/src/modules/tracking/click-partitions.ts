import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, selectRows } from '../../db/client';
import { every, withLease } from '../../jobs/lease';

export const CLICK_PARTITIONS_JOB = 'tracking.click-partitions';

/** Months of partitions made ahead of the clicks, so a click never waits for one (docs/decisions/029). */
const MONTHS_AHEAD = 3;

const monthsFrom = (at: Date, months: number) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1)).toISOString().slice(0, 10);

/**
 * Makes the monthly click partitions from `from`'s month to MONTHS_AHEAD after `now`'s, moving into
 * each any clicks the default partition held for it. Returns how many it made.
 */
export async function ensureClickPartitions(db: Db, now = new Date(), from = now): Promise<number> {
  const [row] = await selectRows<{ made: number }>(
    db,
    sql`select ensure_click_partitions(${monthsFrom(from, 0)}::date, ${monthsFrom(now, MONTHS_AHEAD)}::date) as made`,
  );
  return Number(row?.made ?? 0);
}

/**
 * Drops the raw clicks older than `retentionMonths` whole months: each month's partition goes at once
 * once its last day is that old. The rollups keep every figure (DESIGN.md §6), and a sale keeps what its
 * click told (link, UTM source, traits). 0 keeps every click. Returns the partitions dropped.
 */
export async function dropAgedClicks(db: Db, retentionMonths: number, now = new Date()): Promise<number> {
  if (retentionMonths === 0) return 0;
  const cutoff = monthsFrom(now, -retentionMonths);
  const [row] = await selectRows<{ dropped: number }>(
    db,
    sql`select drop_click_partitions(${cutoff}::timestamptz) as dropped`,
  );
  return Number(row?.dropped ?? 0);
}

/** Partitions ahead and retention, on one server at a time. Null when another server holds the job. */
export async function runClickPartitions(db: Db, retentionMonths: number, now = new Date()) {
  return withLease(db, CLICK_PARTITIONS_JOB, async () => ({
    made: await ensureClickPartitions(db, now),
    dropped: await dropAgedClicks(db, retentionMonths, now),
  }));
}

/** A few times a day on every server; the lease makes one of them do the work. */
export function scheduleClickPartitions(
  db: Db,
  log: FastifyBaseLogger,
  retentionMonths: number,
  everyMs = 6 * 60 * 60_000,
) {
  return every(everyMs, () =>
    runClickPartitions(db, retentionMonths)
      .then((done) => {
        if (done && (done.made || done.dropped)) log.info(done, 'click partitions made and aged clicks dropped');
      })
      .catch((error: Error) => log.error({ err: error.message }, 'click partitions job failed')),
  );
}
