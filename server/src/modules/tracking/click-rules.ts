import type { RecordedClick } from './click';

// The rules that decide, as a click is recorded, whether it counts: kept in this server's memory so
// they cost the redirect a map lookup or two. No database here: the repeat rule's check across
// servers is `counted-visits.ts`, run when the batch is written.

/** The same IP and agent on the same link within this window count once (decision 011). */
export const REPEAT_WINDOW_MS = 60 * 60 * 1000;
/**
 * A rule's memory holds at most this many entries. Past it the oldest go first, even within their
 * window: on PostgreSQL the shared check (`counted-visits.ts`) still decides a forgotten visitor's
 * repeat exactly; on PGlite, a visitor among the 200 000 last ones (each link counted apart) is.
 */
export const MEMORY_MAX = 200_000;

/**
 * Keeps a time-ordered memory bounded at a constant cost per entry: what is at its front (the
 * oldest) and has stopped deciding anything is dropped, then the oldest beyond `MEMORY_MAX`. Every
 * entry is (re)inserted at the back when its time starts, so the front is always the oldest. A
 * sweep of the whole memory on each insert once it was full cost a server that had taken a launch
 * most of its throughput (bench/redirect.bench.mjs, after a million distinct visitors).
 */
function dropFront<T>(memory: Map<string, T>, hasEnded: (entry: T) => boolean) {
  for (const [key, entry] of memory) {
    if (memory.size <= MEMORY_MAX && !hasEnded(entry)) return;
    memory.delete(key);
  }
}

/** The click's key in the repeat rule's memory. */
export const repeatKeyOf = (click: Pick<RecordedClick, 'linkId' | 'ipHash' | 'userAgent'>) =>
  `${click.linkId}|${click.ipHash}|${click.userAgent}`;

/** What was counted when, per database every server of it shares in this process (PGlite). */
const memoryByDatabase = new WeakMap<object, Map<string, number>>();

/**
 * The repeat rule's memory: this server's own, or, given a database that every server on it reaches
 * within this one process (PGlite), the one all of them share, which makes the rule exact there.
 */
export function repeatMemoryOf(sharedBy: object | null): Map<string, number> {
  if (!sharedBy) return new Map();
  let memory = memoryByDatabase.get(sharedBy);
  if (!memory) {
    memory = new Map();
    memoryByDatabase.set(sharedBy, memory);
  }
  return memory;
}

/** The repeat rule's first step: a key counted less than an hour ago is a repeat, at no cost. */
export function createRepeatRule(lastCounted: Map<string, number> = new Map()) {
  return {
    /** True when `key` counted within the hour before `at`; otherwise it counts now. */
    isRepeat(key: string, at: number): boolean {
      const last = lastCounted.get(key);
      if (last !== undefined && at - last < REPEAT_WINDOW_MS) return true;
      // To the back: the memory stays in the order its hours started.
      if (last !== undefined) lastCounted.delete(key);
      lastCounted.set(key, at);
      dropFront(lastCounted, (counted) => at - counted >= REPEAT_WINDOW_MS);
      return false;
    },
    /**
     * Another server had counted the visit this server counted at `at`: forgetting it sends the
     * visitor's next click to the shared check again, which knows when the hour really ends.
     */
    forget(key: string, at: number) {
      if (lastCounted.get(key) === at) lastCounted.delete(key);
    },
    get size() {
      return lastCounted.size;
    },
  };
}

/** The click-flooding rule as the buffer applies it: more than `clicks` from one address on one link within `windowMs`. */
export type FloodLimit = { clicks: number; windowMs: number };

/** One address's clicks on one link in the current window of the click-flooding rule. */
export type FloodWindow = { linkId: number; affiliateId: number; ipHash: string; start: number; count: number };

/** The click-flooding rule over this server's clicks: each address's window on each link. */
export function createFloodRule() {
  /** By address hash and link, in the order the windows started (the oldest first). */
  const windows = new Map<string, FloodWindow>();

  return {
    /** The click's flood when it is one too many from its address on its link within the rule's window, else null. */
    floodOf(click: Pick<RecordedClick, 'linkId' | 'affiliateId' | 'ipHash' | 'at'>, limit: FloodLimit) {
      const key = `${click.ipHash}|${click.linkId}`;
      const window = windows.get(key);
      if (!window || click.at - window.start >= limit.windowMs) {
        if (window) windows.delete(key);
        windows.set(key, {
          linkId: click.linkId,
          affiliateId: click.affiliateId,
          ipHash: click.ipHash,
          start: click.at,
          count: 1,
        });
        dropFront(windows, (ended) => click.at - ended.start >= limit.windowMs);
        return null;
      }
      window.count += 1;
      return window.count > limit.clicks ? window : null;
    },
    /** How many windows are kept: what the memory bound is about. */
    get size() {
      return windows.size;
    },
  };
}
