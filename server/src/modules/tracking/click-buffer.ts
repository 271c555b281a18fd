import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client';
import { addStatsQuery, brasiliaDayOf, clickDeltas } from '../metrics/daily-stats';
import { addTrafficQuery, trafficDeltas } from '../metrics/traffic';
import { binaryRow, COPY_BINARY, COPY_CLICKS, COPY_HEADER, COPY_TRAILER, CopyFromStdin } from './click-copy';
import {
  type ClickEnrichment,
  enrichClick,
  resolveTraits,
  rowEndOf,
  type TraitsEntry,
  traitsOf,
} from './click-enrichment';

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
  /** The visitor's address: only to look its country up when the batch is written, never stored. */
  ip?: string;
  /** The first click of this browser on the campaign, from the first-click cookie. */
  firstClickId?: string | null;
};

/** The click-flooding rule as the buffer applies it: more than `clicks` from one address on one link within `windowMs`. */
export type FloodLimit = { clicks: number; windowMs: number };

/** What the batch writer needs of a pending click besides its row's start. */
type PendingSource = {
  ip: string;
  userAgent: string;
  referrer: string;
  repeat: boolean;
  /** The flood it belongs to when the click was not counted because its address flooded the link. */
  flood: FloodWindow | null;
};

/** One address's clicks on one link in the current window of the click-flooding rule. */
type FloodWindow = { linkId: number; affiliateId: number; ipHash: string; start: number; count: number };

/** Flooded clicks per day, link and address, added to the report in the batch's transaction. */
const ADD_FLOODS_SQL = `
  insert into click_floods as f (day, link_id, affiliate_id, ip_hash, clicks)
  select day, link_id, affiliate_id, ip_hash, clicks
  from jsonb_to_recordset($1::jsonb) as x(day date, link_id bigint, affiliate_id bigint, ip_hash text, clicks int)
  order by day, link_id, ip_hash
  on conflict (day, link_id, ip_hash) do update set clicks = f.clicks + excluded.clicks`;

/** Flooded clicks per window and Brasília day (a window crossing midnight counts on both days). */
function floodDeltas(sources: PendingSource[], at: number[], dayOf: (at: number) => string) {
  const counts = new Map<FloodWindow, Map<string, number>>();
  sources.forEach((source, i) => {
    if (!source.flood) return;
    let byDay = counts.get(source.flood);
    if (!byDay) {
      byDay = new Map();
      counts.set(source.flood, byDay);
    }
    const day = dayOf(at[i] as number);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
  });
  return [...counts].flatMap(([window, byDay]) =>
    [...byDay].map(([day, clicks]) => ({
      day,
      link_id: window.linkId,
      affiliate_id: window.affiliateId,
      ip_hash: window.ipHash,
      clicks,
    })),
  );
}

/**
 * The crash window: a `kill -9` may lose only clicks answered in the last second. A batch's write
 * starts at most CLICK_WRITE_DELAY_MS after its oldest click arrived (at once when the batch is full).
 * When the oldest click not yet written is CLICK_BEHIND_MS old, the writes are behind the clicks: the
 * redirect then answers a click only once it is written, which also slows the clients down until the
 * writes catch up. A failed write is tried again after CLICK_RETRY_MS.
 */
export const CLICK_WRITE_DELAY_MS = 200;
export const CLICK_BEHIND_MS = 300;
const CLICK_RETRY_MS = 1000;
/** The batch size that is written at once. */
// PGlite writes on the server's own thread (~8 µs a click): each batch holds requests back (~12 ms
// for 1500, p99 12–13 ms under load), and each one costs its transaction and rollup statement and
// makes 50 waiting clients catch up. Measured: 500 → 0.42 of bare, 1000 → 0.47, 1500 → 0.52–0.62
// (p99 13 ms), 2000 → p99 over 20 ms. PostgreSQL writes elsewhere: bigger batches, fewer trips.
const CLICK_BATCH_MAX = { pglite: 1500, postgres: 1000 };
const REPEAT_WINDOW_MS = 60 * 60 * 1000;
const ADD_CLICK_STATS = 'add_click_stats';
const ADD_CLICK_TRAFFIC = 'add_click_traffic';
/**
 * Takes the hour for each visit this server counted, unless another server already took it: the
 * upsert only replaces a visit counted an hour or more before, and returns the visits that counted.
 */
const TAKE_VISITS = `insert into counted_visits (link_id, visitor, counted_at)
  select link_id, visitor, at from jsonb_to_recordset($1::jsonb) as v(link_id bigint, visitor uuid, at timestamptz)
  on conflict (link_id, visitor) do update set counted_at = excluded.counted_at
    where counted_visits.counted_at <= excluded.counted_at - interval '1 hour'
  returning link_id, replace(visitor::text, '-', '') as visitor`;
const FORGET_VISITS = `delete from counted_visits where counted_at < now() - interval '1 hour'`;
const FORGET_VISITS_EVERY_MS = 10 * 60_000;

/** What was counted when, per PGlite database: shared by every app in the process that opens it. */
const countedByPglite = new WeakMap<PGlite, Map<string, number>>();
function countedOn(pglite: PGlite) {
  let counted = countedByPglite.get(pglite);
  if (!counted) {
    counted = new Map();
    countedByPglite.set(pglite, counted);
  }
  return counted;
}

const localKeyOf = (click: Omit<Click, 'isRepeat'>) => `${click.linkId}|${click.ipHash}|${click.userAgent}`;

/** A visit this server counted, waiting for the shared check; `local` is its key in this server's memory. */
type Visit = { link_id: number; visitor: string; at: number; local: string };
const visitKey = (visit: { link_id: unknown; visitor: string }) => `${visit.link_id}|${visit.visitor}`;
type RunQuery = (text: string, params: string[]) => Promise<{ rows: { link_id: unknown; visitor: string }[] }>;

/**
 * Checks the batch's counted visits with every server's (in the batch's transaction, before its rows
 * are sent) and settles each: a visit another server counted within the hour is stored as a repeat
 * and adds nothing to the figures. Returns the visits that turned out to be repeats.
 */
async function checkVisits(query: RunQuery, batch: Buffer[], keys: string[], visits: (Visit | null)[]) {
  const byKey = new Map<string, Visit>();
  for (const visit of visits) {
    // The same visitor twice in one batch (never expected: this server counts it once) is checked once.
    if (visit && !byKey.has(visitKey(visit))) byKey.set(visitKey(visit), visit);
  }
  if (byKey.size === 0) return [];
  const sent = [...byKey.values()].map((v) => ({
    link_id: v.link_id,
    visitor: v.visitor,
    at: new Date(v.at).toISOString(),
  }));
  const { rows } = await query(TAKE_VISITS, [JSON.stringify(sent)]);
  const taken = new Set(rows.map(visitKey));
  const repeats: Visit[] = [];
  visits.forEach((visit, i) => {
    if (!visit) return;
    const counts = taken.has(visitKey(visit));
    // The repeat flag is the row end's last byte. Ends are shared (and rebuilt for each attempt of a
    // batch): a visit another server counted gets a copy of its own with the flag set.
    if (!counts) {
      const end = Buffer.from(batch[i] as Buffer);
      end[end.length - 1] = 1;
      batch[i] = end;
    }
    if (!counts) {
      keys[i] = '';
      repeats.push(visit);
    }
  });
  return repeats;
}

/** Each click's row start followed by its end, as COPY takes them. */
function interleave(starts: Buffer[], ends: Buffer[]): Buffer[] {
  const parts: Buffer[] = new Array(starts.length * 2);
  for (let i = 0; i < starts.length; i++) {
    parts[2 * i] = starts[i] as Buffer;
    parts[2 * i + 1] = ends[i] as Buffer;
  }
  return parts;
}

/** The batch, its visits' check and its rollup counts in one transaction: all or nothing. */
async function copyToPostgres(
  pool: pg.Pool,
  starts: Buffer[],
  ends: Buffer[],
  keys: string[],
  visits: (Visit | null)[],
  enrichments: ClickEnrichment[],
  floods: ReturnType<typeof floodDeltas>,
) {
  const connection = await pool.connect();
  let failure: Error | undefined;
  try {
    await connection.query('begin');
    const repeats = await checkVisits((text, params) => connection.query(text, params), ends, keys, visits);
    const rows = Buffer.concat([COPY_HEADER, ...interleave(starts, ends), COPY_TRAILER]);
    await new Promise<void>((resolve, reject) => {
      connection.query(
        new CopyFromStdin(`${COPY_CLICKS} stdin ${COPY_BINARY}`, rows, (error) => (error ? reject(error) : resolve())),
      );
    });
    const deltas = clickDeltas(keys);
    if (deltas.length > 0) {
      const stats = addStatsQuery(deltas);
      await connection.query(stats.text, stats.params);
      const traffic = addTrafficQuery(trafficDeltas(keys, enrichments));
      await connection.query(traffic.text, traffic.params);
    }
    if (floods.length > 0) await connection.query(ADD_FLOODS_SQL, [JSON.stringify(floods)]);
    await connection.query('commit');
    return repeats;
  } catch (error) {
    failure = error as Error;
    await connection.query('rollback').catch(() => {});
    throw error;
  } finally {
    connection.release(failure);
  }
}

/**
 * Clicks are written in batches off the request path: the redirect answers at once, and a batch is
 * written at most 0.2 s after its oldest click arrived, or as soon as it is full (CLICK_WRITE_DELAY_MS).
 * A crash loses at most the clicks answered in the last second; a graceful shutdown flushes.
 * The repeat rule (same IP and agent on the same link within an hour counts once) is kept in memory
 * first, so repeats cost nothing more; on PostgreSQL the visits this server counts are then checked
 * against every server's in `counted_visits` as their batch is written. Each click is kept as its
 * row, already in the form the write sends: one buffer is cheaper to hold and to send than an object.
 */
export function createClickBuffer(db: Db, log: FastifyBaseLogger, floodLimit: () => FloodLimit | null = () => null) {
  // COPY is the cheapest write on both engines (a quarter less database time per row than an INSERT
  // from one JSONB parameter); Drizzle has no COPY, so it goes to the driver underneath.
  const client = (db as { $client?: unknown }).$client;
  const pglite = client instanceof PGlite ? client : null;
  const pool = client instanceof pg.Pool ? client : null;
  if (!pglite && !pool) throw new Error('The click buffer needs a PGlite or node-postgres database.');
  const batchMax = pglite ? CLICK_BATCH_MAX.pglite : CLICK_BATCH_MAX.postgres;
  let pending: Buffer[] = [];
  /** Beside each pending row: its rollup key ("day|affiliate|campaign|link") when the click counts, else "". */
  let pendingKeys: string[] = [];
  /** Beside each pending row: the visit to check with the other servers when the click counts, else null. */
  let pendingVisits: (Visit | null)[] = [];
  /** Beside each pending row: when its click arrived (epoch ms). */
  let pendingAt: number[] = [];
  /** Beside each pending row: what its enrichment and repeat flag are worked out from. */
  let pendingSources: PendingSource[] = [];
  /** When the oldest click of the batch being written arrived; null while none is. */
  let writingSince: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let statsPrepared = false;
  let trafficPrepared = false;
  let flushing: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  // PGlite lives in one process, so every server on it is in this one: they share this memory and
  // need no check in the database (which would cost PGlite's thread ~40 % when every click counts).
  const lastCounted = pglite ? countedOn(pglite) : new Map<string, number>();
  // Only PostgreSQL fills counted_visits (PGlite's servers share memory instead).
  const forgetTimer = pool ? setInterval(() => void forgetOldVisits(), FORGET_VISITS_EVERY_MS) : null;
  forgetTimer?.unref();

  /** Visits counted over an hour ago decide nothing any more. Any server may do it; it is idempotent. */
  async function forgetOldVisits() {
    try {
      if (pglite) await pglite.exec(FORGET_VISITS);
      else await pool?.query(FORGET_VISITS);
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'old counted visits not deleted; tried again later');
    }
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

  function visitOf(click: Omit<Click, 'isRepeat'>, local: string): Visit {
    // A uuid's sixteen bytes: the visitor without keeping its IP hash and agent a second time.
    const visitor = createHash('md5').update(`${click.ipHash}|${click.userAgent}`).digest('hex');
    return { link_id: click.linkId, visitor, at: click.at, local };
  }

  /** Each address's window of the click-flooding rule on each link (this server's), by address hash then link. */
  const floodWindows = new Map<string, Map<number, FloodWindow>>();
  let floodWindowCount = 0;

  /** The click's flood when it is one too many from its address on its link within the rule's window. */
  function floodOf(click: Omit<Click, 'isRepeat'>, limit: FloodLimit): FloodWindow | null {
    let byLink = floodWindows.get(click.ipHash);
    if (!byLink) {
      byLink = new Map();
      floodWindows.set(click.ipHash, byLink);
    }
    const window = byLink.get(click.linkId);
    if (!window || click.at - window.start >= limit.windowMs) {
      byLink.set(click.linkId, {
        linkId: click.linkId,
        affiliateId: click.affiliateId,
        ipHash: click.ipHash,
        start: click.at,
        count: 1,
      });
      if (!window && ++floodWindowCount > 200_000) {
        // Memory stays bounded: windows that ended are dropped, and the rest counted again.
        floodWindowCount = 0;
        for (const [hash, links] of floodWindows) {
          for (const [link, w] of links) if (click.at - w.start >= limit.windowMs) links.delete(link);
          if (links.size === 0) floodWindows.delete(hash);
          else floodWindowCount += links.size;
        }
      }
      return null;
    }
    window.count += 1;
    return window.count > limit.clicks ? window : null;
  }

  /** `key` is the click's key in memory (localKeyOf). */
  function isRepeat(click: Omit<Click, 'isRepeat'>, key: string): boolean {
    if (click.isBot) return false;
    const now = click.at;
    const last = lastCounted.get(key);
    if (last !== undefined && now - last < REPEAT_WINDOW_MS) return true;
    lastCounted.set(key, now);
    if (lastCounted.size > 200_000) {
      for (const [k, at] of lastCounted) if (now - at >= REPEAT_WINDOW_MS) lastCounted.delete(k);
    }
    return false;
  }

  /**
   * Writes one batch; returns the visits another server had counted within the hour. The enrichment
   * is worked out here, off the request path: country, device, browser, system and referrer host.
   */
  async function write(
    starts: Buffer[],
    keys: string[],
    visits: (Visit | null)[],
    sources: PendingSource[],
    at: number[],
  ): Promise<Visit[]> {
    const enrichments = sources.map((source) => enrichClick(source.ip, source.userAgent, source.referrer));
    const traits = enrichments.map(traitsOf);
    // A combination not seen before is added to `click_traits` first, on its own: a dictionary row,
    // harmless if the batch then fails.
    await resolveTraits(
      (text, params) => (pool ? pool.query(text, params) : (pglite as PGlite).query(text, params)) as never,
      traits,
    );
    // Each click's row is its start (from the redirect) and its end (worked out here), sent one after the other.
    const ends = sources.map((source, i) => rowEndOf(traits[i] as TraitsEntry, source.repeat));
    const floods = floodDeltas(sources, at, dayOf);
    if (pool) return copyToPostgres(pool, starts, ends, keys, visits, enrichments, floods);
    await (pglite as PGlite).transaction(async (tx) => {
      const rows = Buffer.concat([COPY_HEADER, ...interleave(starts, ends), COPY_TRAILER]);
      await tx.query(`${COPY_CLICKS} '/dev/blob' ${COPY_BINARY}`, [], { blob: new Blob([rows]) });
      if (floods.length > 0) await tx.query(ADD_FLOODS_SQL, [JSON.stringify(floods)]);
      const deltas = clickDeltas(keys);
      if (deltas.length === 0) return;
      const stats = addStatsQuery(deltas);
      // PGlite parses and plans on this thread: the rollup statement is prepared once for the session
      // (~1 ms a batch less) and given its numbers as a literal (JSON of numbers and dates we made).
      if (!statsPrepared) {
        // Another buffer on the same database (a restarted app in one process) may have prepared it.
        const found = await tx.query('select 1 from pg_prepared_statements where name = $1', [ADD_CLICK_STATS]);
        if (found.rows.length === 0) await tx.exec(`prepare ${ADD_CLICK_STATS}(jsonb) as ${stats.text}`);
        statsPrepared = true;
      }
      await tx.exec(`execute ${ADD_CLICK_STATS}('${(stats.params[0] as string).replaceAll("'", "''")}')`);
      const traffic = addTrafficQuery(trafficDeltas(keys, enrichments));
      if (!trafficPrepared) {
        const found = await tx.query('select 1 from pg_prepared_statements where name = $1', [ADD_CLICK_TRAFFIC]);
        if (found.rows.length === 0) await tx.exec(`prepare ${ADD_CLICK_TRAFFIC}(jsonb) as ${traffic.text}`);
        trafficPrepared = true;
      }
      await tx.exec(`execute ${ADD_CLICK_TRAFFIC}('${(traffic.params[0] as string).replaceAll("'", "''")}')`);
    });
    return [];
  }

  /** Sets the next write for when the oldest pending click is due (and no sooner than `after` ms). */
  function schedule(after = 0) {
    if (timer || closed || pending.length === 0) return;
    const due = (pendingAt[0] as number) + CLICK_WRITE_DELAY_MS - Date.now();
    timer = setTimeout(
      () => {
        timer = null;
        void flush();
      },
      Math.max(after, due, 0),
    );
    timer.unref();
  }

  /** Writes the clicks pending when it starts, a batch at a time, answering requests in between. */
  async function drain() {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    let left = pending.length;
    while (left > 0 && pending.length > 0) {
      const batch = pending.slice(0, Math.min(batchMax, left));
      writingSince = pendingAt[0] as number;
      try {
        const repeats = await write(
          batch,
          pendingKeys.slice(0, batch.length),
          pendingVisits.slice(0, batch.length),
          pendingSources.slice(0, batch.length),
          pendingAt.slice(0, batch.length),
        );
        // This server took those visits for counted; another server did. Forgetting them here sends the
        // visitor's next click to the shared check again, which knows when the hour really ends.
        for (const visit of repeats) if (lastCounted.get(visit.local) === visit.at) lastCounted.delete(visit.local);
      } catch (error) {
        // Whether a PREPARE inside the failed transaction outlived it is not worth guessing: look again.
        statsPrepared = false;
        trafficPrepared = false;
        writingSince = null;
        log.error(
          { err: (error as Error).message, clicks: batch.length },
          'click batch not written; kept for the next flush',
        );
        schedule(CLICK_RETRY_MS);
        return;
      }
      pending = pending.slice(batch.length);
      pendingKeys = pendingKeys.slice(batch.length);
      pendingVisits = pendingVisits.slice(batch.length);
      pendingAt = pendingAt.slice(batch.length);
      pendingSources = pendingSources.slice(batch.length);
      writingSince = null;
      left -= batch.length;
      if (left > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    // The clicks that came in meanwhile: at once when a batch is full, else when the oldest is due.
    if (pending.length >= batchMax) void flush();
    else schedule();
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
    /**
     * Keeps the click for the next batch. Returns true when the writes are behind (the oldest click
     * not yet written is CLICK_BEHIND_MS old): the caller answers only after `flush()`.
     */
    record(click: Omit<Click, 'isRepeat'>): boolean {
      const local = click.isBot ? '' : localKeyOf(click);
      const limit = click.isBot ? null : floodLimit();
      // A flood's clicks beyond the limit count as nothing, like repeats, and go to the report.
      const flood = limit === null ? null : floodOf(click, limit);
      const repeat = flood !== null || isRepeat(click, local);
      const counts = !click.isBot && !repeat;
      pending.push(binaryRow(click));
      pendingSources.push({
        ip: click.ip ?? '',
        userAgent: click.userAgent,
        referrer: click.referrer,
        repeat,
        flood,
      });
      pendingKeys.push(counts ? `${dayOf(click.at)}|${click.affiliateId}|${click.campaignId}|${click.linkId}` : '');
      pendingVisits.push(counts && pool ? visitOf(click, local) : null);
      pendingAt.push(click.at);
      if (pending.length >= batchMax) {
        if (!queued) void flush();
      } else if (!timer) schedule();
      return click.at - (writingSince ?? (pendingAt[0] as number)) >= CLICK_BEHIND_MS;
    },
    flush,
    forgetOldVisits,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (forgetTimer) clearInterval(forgetTimer);
      await flush();
    },
    get pending() {
      return pending.length;
    },
  };
}

export type ClickBuffer = ReturnType<typeof createClickBuffer>;
