import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';

const LEASE_MS = 5 * 60_000;

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

/** Gives the lease back and notes when the job last ran. */
export async function releaseLease(db: Db, name: string, holder: string) {
  await db
    .update(jobLeases)
    .set({ heldUntil: new Date(0), lastRunAt: new Date() })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
}

export async function lastRunOf(db: Db, name: string): Promise<Date | null> {
  const [row] = await db.select({ at: jobLeases.lastRunAt }).from(jobLeases).where(eq(jobLeases.name, name));
  return row?.at ?? null;
}

/** Runs `job` now and then every `everyMs` on this server; returns the function that stops it. */
export function every(everyMs: number, job: () => Promise<void>, firstAfterMs = 5_000) {
  const first = setTimeout(() => void job(), firstAfterMs);
  const timer = setInterval(() => void job(), everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
