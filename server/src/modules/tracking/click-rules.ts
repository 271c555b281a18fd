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
 * 52 bits of a key, never 0 (two 32-bit FNV-1a hashes of its characters, with other primes): what
 * the rules' memory keeps instead of the key. Two keys of a launch meet by chance about once in
 * 2^52 / 400 000 ≈ 10^10 clicks, and then a click is taken for a repeat (decision 040).
 */
export function fingerprintOf(key: string): number {
  let low = 0x811c9dc5;
  let high = 0x01000193;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    low = Math.imul(low ^ code, 0x01000193);
    high = Math.imul(high ^ code, 0x5bd1e995);
  }
  high ^= high >>> 13;
  return (high & 0xfffff) * 0x1_0000_0000 + ((low | 1) >>> 0);
}

/** Slots per generation: a power of two over twice MEMORY_MAX, so a probe ends in a step or two. */
const SLOTS = 1 << 19;

/**
 * One generation of a rule's memory: an open-addressing table of fingerprints in one typed array
 * (fingerprint, value and, for a rule that counts, a count per slot). No object, string or Map entry
 * per visitor: the collector has nothing to copy or mark, and a look is one or two cache lines.
 */
class Generation {
  readonly cells: Float64Array;
  /** Slots taken, forgotten ones included (they keep their fingerprint): what the bound is about. */
  occupied = 0;
  /** Entries that still decide something (not forgotten). */
  size = 0;
  constructor(readonly stride: number) {
    this.cells = new Float64Array(SLOTS * stride);
  }

  /** Where `fingerprint` is (its cell), or -1 - the cell of the free slot where it would go. */
  find(fingerprint: number): number {
    // The low bit is always set (fingerprintOf): the slot comes from the bits above it.
    let slot = (fingerprint >>> 1) & (SLOTS - 1);
    for (;;) {
      const cell = slot * this.stride;
      const held = this.cells[cell] as number;
      if (held === fingerprint) return cell;
      if (held === 0) return -1 - cell;
      slot = (slot + 1) & (SLOTS - 1);
    }
  }

  /** The cell of `fingerprint` while it still decides something (kept, not forgotten), else -1. */
  live(fingerprint: number): number {
    const cell = this.find(fingerprint);
    return cell >= 0 && !Number.isNaN(this.cells[cell + 1]) ? cell : -1;
  }

  clear() {
    this.cells.fill(0);
    this.occupied = 0;
    this.size = 0;
  }
}

/**
 * A rule's memory: each key's fingerprint, its value (a time) and optionally a count, in two
 * generations, so that nothing is ever dropped one entry at a time. Entries go into the current
 * generation; once it holds MEMORY_MAX entries, or began a whole window ago, it becomes the previous
 * one and the previous one is emptied whole (its entries all started before the current one began).
 * Dropping the oldest entry of one Map on each click cost a launch most of its throughput, and a Map
 * of 400 000 string keys cost the collector and the cache misses a tenth of a click more
 * (docs/decisions/040).
 */
export class RuleMemory {
  private current: Generation;
  private previous: Generation;
  /** When the current generation's first and latest entries came (ms from MEMORY_EPOCH). */
  private currentSince = 0;
  private currentLast = 0;

  constructor({ counts = false } = {}) {
    const stride = counts ? 3 : 2;
    this.current = new Generation(stride);
    this.previous = new Generation(stride);
  }

  /** The value kept for `fingerprint`, or undefined (never kept, forgotten or dropped). */
  get(fingerprint: number): number | undefined {
    let cell = this.current.live(fingerprint);
    if (cell >= 0) return this.current.cells[cell + 1];
    cell = this.previous.live(fingerprint);
    return cell >= 0 ? this.previous.cells[cell + 1] : undefined;
  }

  /** Counts one more for a kept `fingerprint` and answers its count (0 when not kept). */
  add(fingerprint: number): number {
    for (const generation of [this.current, this.previous]) {
      const cell = generation.live(fingerprint);
      if (cell >= 0) {
        const count = (generation.cells[cell + 2] as number) + 1;
        generation.cells[cell + 2] = count;
        return count;
      }
    }
    return 0;
  }

  /** Keeps `value` (a count of 1) for `fingerprint` from `at`; `windowMs` is how long an entry decides anything. */
  set(fingerprint: number, value: number, at: number, windowMs: number) {
    if (this.current.occupied === 0) this.currentSince = at;
    else if (this.current.occupied >= MEMORY_MAX || at - this.currentSince >= windowMs) {
      // A current generation whose latest entry has ended goes too: nothing in it decides anything.
      const dropped = this.previous;
      dropped.clear();
      if (at - this.currentLast >= windowMs) this.current.clear();
      else {
        this.previous = this.current;
        this.current = dropped;
      }
      this.currentSince = at;
    }
    const generation = this.current;
    let cell = generation.find(fingerprint);
    if (cell < 0) {
      cell = -1 - cell;
      generation.cells[cell] = fingerprint;
      generation.occupied += 1;
      generation.size += 1;
    } else if (Number.isNaN(generation.cells[cell + 1])) generation.size += 1;
    generation.cells[cell + 1] = value;
    if (generation.stride === 3) generation.cells[cell + 2] = 1;
    this.currentLast = at;
  }

  /** Forgets `fingerprint` when it holds `value`. */
  delete(fingerprint: number, value: number) {
    for (const generation of [this.current, this.previous]) {
      const cell = generation.find(fingerprint);
      if (cell >= 0 && generation.cells[cell + 1] === value) {
        generation.cells[cell + 1] = Number.NaN;
        generation.size -= 1;
      }
    }
  }

  /** Entries held: what the bound is about. */
  get size() {
    return this.current.size + this.previous.size;
  }
}

/**
 * Who clicked, as the repeat rule tells visitors apart: the fingerprint of the address's hash and
 * the agent. A number: the memory keeps it as it is, and `counted_visits` as a bigint, which costs
 * the shared check's upsert a sixth less than a uuid did, and the click no one-shot hash (decision 040).
 */
export const visitorOf = (click: Pick<RecordedClick, 'ipHash' | 'userAgent'>) =>
  fingerprintOf(`${click.ipHash}|${click.userAgent}`);

/** The click's key in the repeat rule's memory: the fingerprint of its link and its visitor. */
export const repeatKeyOf = (linkId: number, visitor: number) => fingerprintOf(`${linkId}|${visitor}`);

/** Times in the rules' memory are kept from this process's start. */
const MEMORY_EPOCH = Date.now();

/** What was counted when, per database every server of it shares in this process (PGlite). */
const memoryByDatabase = new WeakMap<object, RuleMemory>();

/**
 * The repeat rule's memory: this server's own, or, given a database that every server on it reaches
 * within this one process (PGlite), the one all of them share, which makes the rule exact there.
 */
export function repeatMemoryOf(sharedBy: object | null): RuleMemory {
  if (!sharedBy) return new RuleMemory();
  let memory = memoryByDatabase.get(sharedBy);
  if (!memory) {
    memory = new RuleMemory();
    memoryByDatabase.set(sharedBy, memory);
  }
  return memory;
}

/** The repeat rule's first step: a key counted less than an hour ago is a repeat, at no cost. */
export function createRepeatRule(lastCounted: RuleMemory = new RuleMemory()) {
  return {
    /** True when `key` (`repeatKeyOf`) counted within the hour before `clickedAt`; otherwise it counts now. */
    isRepeat(key: number, clickedAt: number): boolean {
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
    forget(key: number, at: number) {
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
 * The click-flooding rule over this server's clicks: each address's window on each link, kept as its
 * start and its count. A click beyond the limit answers its window as it stands then.
 */
export function createFloodRule() {
  /** By address hash and link. */
  const windows = new RuleMemory({ counts: true });

  return {
    /** The click's flood when it is one too many from its address on its link within the rule's window, else null. */
    floodOf(click: Pick<RecordedClick, 'linkId' | 'affiliateId' | 'ipHash' | 'at'>, limit: FloodLimit) {
      const fingerprint = fingerprintOf(`${click.ipHash}|${click.linkId}`);
      const at = click.at - MEMORY_EPOCH;
      const start = windows.get(fingerprint);
      if (start === undefined || at - start >= limit.windowMs) {
        windows.set(fingerprint, at, at, limit.windowMs);
        return null;
      }
      const count = windows.add(fingerprint);
      if (count <= limit.clicks) return null;
      const { linkId, affiliateId, ipHash } = click;
      return { linkId, affiliateId, ipHash, start: start + MEMORY_EPOCH, count } satisfies FloodWindow;
    },
    /** How many windows are kept: what the memory bound is about. */
    get size() {
      return windows.size;
    },
  };
}
