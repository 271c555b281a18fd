import { randomUUID } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { jobLeases, sales } from '../../db/schema';
import { AppError } from '../../errors';
import { decideSale } from './sales.service';

export const AUTO_APPROVAL_JOB = 'sales.auto-approval';
const LEASE_MS = 5 * 60_000;
const BATCH = 500;

/**
 * Takes the named job's lease if no other server holds it. The database is the lock: the upsert
 * only replaces a lease that has run out, so at any moment one holder has it.
 */
export async function acquireLease(db: Db, name: string, holder: string, ms = LEASE_MS): Promise<boolean> {
  const until = new Date(Date.now() + ms);
  const rows = await db
    .insert(jobLeases)
    .values({ name, holder, heldUntil: until })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, heldUntil: until },
      setWhere: sql`${jobLeases.heldUntil} < now()`,
    })
    .returning({ holder: jobLeases.holder });
  return rows[0]?.holder === holder;
}

export async function releaseLease(db: Db, name: string, holder: string) {
  await db
    .update(jobLeases)
    .set({ heldUntil: new Date(0), lastRunAt: new Date() })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
}

/**
 * Approves every pending, unflagged sale whose hold for its payment method has passed. Runs on one
 * server at a time; each approval is still conditional, so a sale is approved (and paid into the
 * ledger) once even if an admin decides it at the same moment. Returns how many it approved, or
 * null when another server holds the job.
 */
export async function runAutoApproval(db: Db, now = new Date()): Promise<number | null> {
  const holder = randomUUID();
  if (!(await acquireLease(db, AUTO_APPROVAL_JOB, holder))) return null;
  let approved = 0;
  try {
    for (;;) {
      const due = await db
        .select({ id: sales.id })
        .from(sales)
        .where(and(eq(sales.status, 'pending'), lte(sales.payableAt, now), sql`jsonb_array_length(${sales.flags}) = 0`))
        .orderBy(asc(sales.payableAt))
        .limit(BATCH);
      let progressed = 0;
      for (const { id } of due) {
        try {
          await decideSale(db, null, id, 'approve', 'hold period ended');
          approved++;
          progressed++;
        } catch (error) {
          // Decided by someone else meanwhile: nothing to do.
          if (!(error instanceof AppError)) throw error;
        }
      }
      if (due.length < BATCH || progressed === 0) break;
    }
  } finally {
    await releaseLease(db, AUTO_APPROVAL_JOB, holder);
  }
  return approved;
}

/** Every few minutes on every server; the lease makes one of them do the work. */
export function scheduleAutoApproval(db: Db, log: FastifyBaseLogger, everyMs = 10 * 60_000) {
  const run = () =>
    runAutoApproval(db)
      .then((n) => {
        if (n) log.info({ approved: n }, 'sales approved after their hold period');
      })
      .catch((error: Error) => log.error({ err: error.message }, 'auto-approval failed'));
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
