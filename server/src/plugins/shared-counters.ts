import { createHmac } from 'node:crypto';
import { inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';

export type Count = { hits: number; ttlMs: number };

/**
 * Attempt counters every server of the database shares (docs/decisions/025): one row per key and
 * fixed window in `rate_limit_counters`, counted with one upsert. Time is the database's, so
 * servers with drifting clocks agree on when a window ends. Keys are keyed hashes: the table holds
 * no address or email (LGPD).
 */
export function createSharedCounters(db: Db, secret: string) {
  const hashOf = (key: string) => createHmac('sha256', secret).update(key).digest('base64url').slice(0, 32);
  const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.resetsAt} - now())) * 1000))::float8`;

  return {
    /** Counts one attempt in `key`'s window (a new window when none is running) and gives the total. */
    async hit(key: string, windowMs: number): Promise<Count> {
      const expired = sql`${rateLimitCounters.resetsAt} <= now()`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key: hashOf(key), hits: 1, resetsAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
            resetsAt: sql`case when ${expired} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, ttlMs });
      return row ?? { hits: 1, ttlMs: windowMs };
    },

    /** Starts `key`'s window again from now (a mark such as "signed in from here"), whatever it held. */
    async mark(key: string, windowMs: number): Promise<void> {
      const resetsAt = sql`now() + ${windowMs} * interval '1 millisecond'`;
      await db
        .insert(rateLimitCounters)
        .values({ key: hashOf(key), hits: 1, resetsAt })
        .onConflictDoUpdate({ target: rateLimitCounters.key, set: { hits: 1, resetsAt } });
    },

    /** The running counts of these keys, in one read; a key without a running window is absent. */
    async read(keys: string[]): Promise<Map<string, Count>> {
      const byHash = new Map(keys.map((key) => [hashOf(key), key]));
      const rows = await db
        .select({ key: rateLimitCounters.key, hits: rateLimitCounters.hits, ttlMs })
        .from(rateLimitCounters)
        .where(sql`${inArray(rateLimitCounters.key, [...byHash.keys()])} and ${rateLimitCounters.resetsAt} > now()`);
      return new Map(rows.map((row) => [byHash.get(row.key) as string, { hits: row.hits, ttlMs: row.ttlMs }]));
    },

    /** Deletes the windows that have ended: they decide nothing. Idempotent, so every server may run it. */
    async forgetEnded(): Promise<void> {
      await db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetsAt, sql`now()`));
    },
  };
}

export type SharedCounters = ReturnType<typeof createSharedCounters>;

/**
 * @fastify/rate-limit's store interface over the shared counters, so the per-address limits of
 * every route that opts in hold across servers. Route keys already name their route.
 */
export function sharedRateLimitStore(counters: SharedCounters) {
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  return class SharedRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      counters.hit(key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}
