import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { sales } from '../../db/schema';
import { every, withLease } from '../../jobs/lease';
import { applySaleAction } from './sale-decisions';

export const AUTO_APPROVAL_JOB = 'sales.auto-approval';
const BATCH = 500;

/**
 * Approves every pending, unflagged sale whose hold for its payment method has passed. Runs on one
 * server at a time; each approval is still conditional, so a sale is approved (and paid into the
 * ledger) once even if an admin decides it at the same moment. Each batch of due sales is one sale step. Returns how many it approved, or
 * null when another server holds the job.
 */
export async function runAutoApproval(db: Db, now = new Date()): Promise<number | null> {
  return withLease(db, AUTO_APPROVAL_JOB, async () => {
    let approved = 0;
    for (;;) {
      const due = await db
        .select({ id: sales.id })
        .from(sales)
        .where(and(eq(sales.status, 'pending'), lte(sales.payableAt, now), sql`jsonb_array_length(${sales.flags}) = 0`))
        .orderBy(asc(sales.payableAt))
        .limit(BATCH);
      // One sale step for the batch; a sale decided by someone else meanwhile is left as it is.
      const results = await applySaleAction(
        db,
        null,
        due.map((row) => row.id),
        'approve',
        'hold period ended',
      );
      const progressed = results.filter((result) => result.outcome.ok).length;
      approved += progressed;
      if (due.length < BATCH || progressed === 0) return approved;
    }
  });
}

/**
 * Every minute on every server; the lease makes one of them do the work. A run finds nothing due in
 * one indexed read, and a server whose turn came while another held the lease tries again a minute
 * later, not ten: a sale is approved within about a minute of its hold ending.
 */
export function scheduleAutoApproval(db: Db, log: FastifyBaseLogger, everyMs = 60_000) {
  return every(everyMs, () =>
    runAutoApproval(db)
      .then((n) => {
        if (n) log.info({ approved: n }, 'sales approved after their hold period');
      })
      .catch((error: Error) => log.error({ err: error.message }, 'auto-approval failed')),
  );
}
