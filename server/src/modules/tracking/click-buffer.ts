import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client';
import { addStatsQuery, brasiliaDayOf, clickDeltas } from '../metrics/daily-stats';

export type Click = {
  id: string;
  linkId: number;
  affiliateId: number;
  campaignId: number;
  /** Epoch milliseconds. */
  at: number;
  ipHash: string;
  userAgent: string;
  referrer: string;
  isBot: boolean;
  isRepeat: boolean;
};

/** How often the buffer is written, and the batch size that writes it at once. */
export const CLICK_FLUSH_MS = 1000;
// PGlite writes on the server's own thread (~13 µs a click): batches of 250 hold requests back ~3 ms,
// and the buffer lets requests in between batches. PostgreSQL writes elsewhere: bigger batches, fewer trips.
const CLICK_BATCH_MAX = { pglite: 250, postgres: 1000 };
const REPEAT_WINDOW_MS = 60 * 60 * 1000;
const COPY_CLICKS =
  'copy clicks (id, link_id, affiliate_id, campaign_id, at, ip_hash, user_agent, referrer, is_bot, is_repeat) from';

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** A value in COPY's text format. */
const copyText = (value: string) =>
  COPY_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] as string) : value;

/** COPY … FROM STDIN with all its rows in one message: pg hands this query the server's go-ahead. */
class CopyFromStdin extends pg.Query {
  readonly #data: Buffer;
  constructor(text: string, data: Buffer, callback: (error: Error | undefined) => void) {
    super(text, callback);
    this.#data = data;
  }
  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }) {
    connection.sendCopyFromChunk(this.#data);
    connection.endCopyFrom();
  }
}

/** The batch and its rollup counts in one transaction: the metrics never see one without the other. */
async function copyToPostgres(pool: pg.Pool, rows: string, stats: { text: string; params: string[] } | null) {
  const connection = await pool.connect();
  let failure: Error | undefined;
  try {
    await connection.query('begin');
    await new Promise<void>((resolve, reject) => {
      connection.query(
        new CopyFromStdin(`${COPY_CLICKS} stdin`, Buffer.from(rows), (error) => (error ? reject(error) : resolve())),
      );
    });
    if (stats) await connection.query(stats.text, stats.params);
    await connection.query('commit');
  } catch (error) {
    failure = error as Error;
    await connection.query('rollback').catch(() => {});
    throw error;
  } finally {
    connection.release(failure);
  }
}

/**
 * Clicks are written in batches off the request path: the redirect answers at once and a flush
 * every second (or every full batch) inserts them. A crash loses at most the last second; a
 * graceful shutdown flushes. The repeat rule (same IP and agent on the same link within an hour
 * counts once) is kept per server. Each click is kept as its row, already in the form the write
 * sends: one string is cheaper to hold and to send than an object.
 */
export function createClickBuffer(db: Db, log: FastifyBaseLogger) {
  // COPY is the cheapest write on both engines (a quarter less database time per row than an INSERT
  // from one JSONB parameter); Drizzle has no COPY, so it goes to the driver underneath.
  const client = (db as { $client?: unknown }).$client;
  const pglite = client instanceof PGlite ? client : null;
  const pool = client instanceof pg.Pool ? client : null;
  if (!pglite && !pool) throw new Error('The click buffer needs a PGlite or node-postgres database.');
  const batchMax = pglite ? CLICK_BATCH_MAX.pglite : CLICK_BATCH_MAX.postgres;
  let pending: string[] = [];
  /** Beside each pending row: its rollup key ("day|affiliate|campaign") when the click counts, else "". */
  let pendingKeys: string[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  const lastCounted = new Map<string, number>();
  const timer = setInterval(() => void flush(), CLICK_FLUSH_MS);
  timer.unref();

  // Many clicks share a millisecond under load: format its timestamp once.
  let isoAt = Number.NaN;
  let iso = '';
  function isoOf(at: number) {
    if (at !== isoAt) {
      isoAt = at;
      iso = new Date(at).toISOString();
    }
    return iso;
  }

  // The rollup's day changes once a day: reuse it while the clicks stay within the same minute.
  let dayMinute = Number.NaN;
  let day = '';
  function dayOf(at: number) {
    const minute = Math.floor(at / 60_000);
    if (minute !== dayMinute) {
      dayMinute = minute;
      day = brasiliaDayOf(at);
    }
    return day;
  }

  function isRepeat(click: Omit<Click, 'isRepeat'>): boolean {
    if (click.isBot) return false;
    const key = `${click.linkId}|${click.ipHash}|${click.userAgent}`;
    const now = click.at;
    const last = lastCounted.get(key);
    if (last !== undefined && now - last < REPEAT_WINDOW_MS) return true;
    lastCounted.set(key, now);
    if (lastCounted.size > 200_000) {
      for (const [k, at] of lastCounted) if (now - at >= REPEAT_WINDOW_MS) lastCounted.delete(k);
    }
    return false;
  }

  /** The click as a line of COPY's text format. */
  function row(c: Omit<Click, 'isRepeat'>, repeat: boolean): string {
    return `${c.id}\t${c.linkId}\t${c.affiliateId}\t${c.campaignId}\t${isoOf(c.at)}\t${c.ipHash}\t${copyText(c.userAgent)}\t${copyText(c.referrer)}\t${c.isBot ? 't' : 'f'}\t${repeat ? 't' : 'f'}\n`;
  }

  async function write(batch: string[], keys: string[]) {
    const rows = batch.join('');
    const deltas = clickDeltas(keys);
    const stats = deltas.length > 0 ? addStatsQuery(deltas) : null;
    if (pglite) {
      await pglite.transaction(async (tx) => {
        await tx.query(`${COPY_CLICKS} '/dev/blob'`, [], { blob: new Blob([rows]) });
        if (stats) await tx.query(stats.text, stats.params);
      });
    } else if (pool) await copyToPostgres(pool, rows, stats);
  }

  /** Writes the clicks pending when it starts, a batch at a time, answering requests in between. */
  async function drain() {
    let left = pending.length;
    while (left > 0 && pending.length > 0) {
      const batch = pending.slice(0, Math.min(batchMax, left));
      try {
        await write(batch, pendingKeys.slice(0, batch.length));
      } catch (error) {
        log.error(
          { err: (error as Error).message, clicks: batch.length },
          'click batch not written; kept for the next flush',
        );
        return;
      }
      pending = pending.slice(batch.length);
      pendingKeys = pendingKeys.slice(batch.length);
      left -= batch.length;
      if (left > 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  // One flush runs at a time and at most one waits behind it: every caller meanwhile shares that one.
  function flush(): Promise<void> {
    if (queued) return queued;
    const next = flushing.then(() => {
      queued = null;
      return drain();
    });
    queued = next;
    flushing = next;
    return next;
  }

  return {
    record(click: Omit<Click, 'isRepeat'>) {
      const repeat = isRepeat(click);
      pending.push(row(click, repeat));
      pendingKeys.push(click.isBot || repeat ? '' : `${dayOf(click.at)}|${click.affiliateId}|${click.campaignId}`);
      if (pending.length >= batchMax && !queued) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
    get pending() {
      return pending.length;
    },
  };
}

export type ClickBuffer = ReturnType<typeof createClickBuffer>;
