import { hash } from 'node:crypto';
import type { RecordedClick } from './click';

// The rules that decide, as a click is recorded, whether it counts: kept in this server's memory so
// they cost the redirect a map lookup or two. No database here: the repeat rule's check across
// servers is `counted-visits.ts`, run when the batch is written.

/** The same IP and agent on the same link within this window count once (decision 011). */
export const REPEAT_WINDOW_MS = 60 * 60 * 1000;
/**
 * A rule's memory remembers at least this many entries, and holds at most twice as many: past it,
 * the oldest go first, even within their window. On PostgreSQL the shared check
 * (`counted-visits.ts`) still decides a forgotten visitor's repeat exactly; on PGlite, a visitor
 * among the 200 000 last ones (each link counted apart) is.
 */
export const MEMORY_MAX = 200_000;

/**
 * A rule's memory in two generations, so that nothing is ever dropped one entry at a time: entries
 * go into the current generation; once it holds MEMORY_MAX entries, or began a whole window ago,
 * it becomes the previous one and the previous one is dropped whole (its entries all started before
 * the current one began). Dropping the oldest entry of one Map on each click cost a launch most of
 * its throughput: a Map keeps a deleted entry's slot until it is rebuilt, and every look for its
 * first entry walked over those slots again (docs/decisions/040).
 */
export class RuleMemory<T> {
  private current = new Map<string, T>();
  private previous = new Map<string, T>();
  /** When the current generation's first and latest entries came (ms from MEMORY_EPOCH). */
  private currentSince = 0;
  private currentLast = 0;

  get(key: string): T | undefined {
    const found = this.current.get(key);
    return found === undefined ? this.previous.get(key) : found;
  }

  /** Keeps `value` for `key` from `at`; `windowMs` is how long an entry decides anything. */
  set(key: string, value: T, at: number, windowMs: number) {
    if (this.current.size === 0) this.currentSince = at;
    else if (this.current.size >= MEMORY_MAX || at - this.currentSince >= windowMs) {
      // A current generation whose latest entry has ended goes too: nothing in it decides anything.
      this.previous = at - this.currentLast >= windowMs ? new Map() : this.current;
      this.current = new Map();
      this.currentSince = at;
    }
    this.current.set(key, value);
    this.currentLast = at;
  }

  /** Forgets `key` when it holds `value`. */
  delete(key: string, value: T) {
    if (this.current.get(key) === value) this.current.delete(key);
    if (this.previous.get(key) === value) this.previous.delete(key);
  }

  /** Entries held: what the bound is about. */
  get size() {
    return this.current.size + this.previous.size;
  }
}

/**
 * Who clicked, as the repeat rule tells visitors apart: the address's hash and the agent, digested
 * to a uuid's sixteen bytes (32 hex digits). One one-shot hash a click; the memory then holds short
 * keys instead of whole agents (a launch fills it with 200 000 of them).
 */
export const visitorOf = (click: Pick<RecordedClick, 'ipHash' | 'userAgent'>) =>
  hash('md5', `${click.ipHash}|${click.userAgent}`, 'hex');

/** The click's key in the repeat rule's memory: its link and its visitor. */
export const repeatKeyOf = (linkId: number, visitor: string) => `${linkId}|${visitor}`;

/**
 * Times in the rules' memory are kept from this process's start, so that they stay small integers
 * (a Date.now() is a boxed number in a Map: one more object per visitor for the collector to keep).
 */
const MEMORY_EPOCH = Date.now();

/** What was counted when, per database every server of it shares in this process (PGlite). */
const memoryByDatabase = new WeakMap<object, RuleMemory<number>>();

/**
 * The repeat rule's memory: this server's own, or, given a database that every server on it reaches
 * within this one process (PGlite), the one all of them share, which makes the rule exact there.
 */
export function repeatMemoryOf(sharedBy: object | null): RuleMemory<number> {
  if (!sharedBy) return new RuleMemory();
  let memory = memoryByDatabase.get(sharedBy);
  if (!memory) {
    memory = new RuleMemory();
    memoryByDatabase.set(sharedBy, memory);
  }
  return memory;
}

/** The repeat rule's first step: a key counted less than an hour ago is a repeat, at no cost. */
export function createRepeatRule(lastCounted: RuleMemory<number> = new RuleMemory()) {
  return {
    /** True when `key` counted within the hour before `clickedAt`; otherwise it counts now. */
    isRepeat(key: string, clickedAt: number): boolean {
      const at = clickedAt - MEMORY_EPOCH;
      const last = lastCounted.get(key);
      if (last !== undefined && at - last < REPEAT_WINDOW_MS) return true;
      lastCounted.set(key, at, at, REPEAT_WINDOW_MS);
      return false;
    },
    /**
     * Another server had counted the visit this server counted at `at`: forgetting it sends the
     * visitor's next click to the shared check again, which knows when the hour really ends.
     */
    forget(key: string, at: number) {
      lastCounted.delete(key, at - MEMORY_EPOCH);
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

/**
 * The click-flooding rule over this server's clicks: each address's window on each link. A window
 * of one click (nearly every window in a launch: people click once) is kept as its start alone; its
 * second click makes it a FloodWindow.
 */
export function createFloodRule() {
  /** By address hash and link. */
  const windows = new RuleMemory<FloodWindow | number>();
  const startOf = (window: FloodWindow | number) => (typeof window === 'number' ? window : window.start - MEMORY_EPOCH);

  return {
    /** The click's flood when it is one too many from its address on its link within the rule's window, else null. */
    floodOf(click: Pick<RecordedClick, 'linkId' | 'affiliateId' | 'ipHash' | 'at'>, limit: FloodLimit) {
      const key = `${click.ipHash}|${click.linkId}`;
      const at = click.at - MEMORY_EPOCH;
      let window = windows.get(key);
      if (window === undefined || at - startOf(window) >= limit.windowMs) {
        windows.set(key, at, at, limit.windowMs);
        return null;
      }
      if (typeof window === 'number') {
        const start = window + MEMORY_EPOCH;
        window = { linkId: click.linkId, affiliateId: click.affiliateId, ipHash: click.ipHash, start, count: 1 };
        windows.set(key, window, at, limit.windowMs);
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
