import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';

/**
 * How long a lease lasts unless its holder renews it. A server killed in the middle of a run stops
 * renewing, so its job is free again this long after: short, where it once was five minutes and a
 * `kill -9` during the approval job held every approval back for that long.
 */
export const LEASE_MS = 30_000;
/** A run renews its lease this often, well inside LEASE_MS. */
export const RENEW_EVERY_MS = 10_000;

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

/** Keeps the lease for another `ms`, if this holder still has it. */
async function renewLease(db: Db, name: string, holder: string, ms: number) {
  await db
    .update(jobLeases)
    .set({ heldUntil: new Date(Date.now() + ms) })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
}

/**
 * Runs `work` under the named job's lease, renewed while it runs, then gives it back. Returns null,
 * without running it, when another server holds the lease (`work` itself never returns null).
 */
export async function withLease<T>(
  db: Db,
  name: string,
  work: () => Promise<T>,
  timing: { leaseMs?: number; renewEveryMs?: number } = {},
): Promise<T | null> {
  const { leaseMs = LEASE_MS, renewEveryMs = RENEW_EVERY_MS } = timing;
  const holder = randomUUID();
  if (!(await acquireLease(db, name, holder, leaseMs))) return null;
  // A failed renewal is tried again at the next tick; the run goes on (each job's work is safe to
  // repeat if another server took the lease meanwhile).
  const renewal = setInterval(() => void renewLease(db, name, holder, leaseMs).catch(() => {}), renewEveryMs);
  renewal.unref();
  try {
    return await work();
  } finally {
    clearInterval(renewal);
    await releaseLease(db, name, holder);
  }
}

/** Gives the lease back and notes when the job last ran. */
async function releaseLease(db: Db, name: string, holder: string) {
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
