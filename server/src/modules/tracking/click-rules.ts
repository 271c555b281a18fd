import type { RecordedClick } from './click';

// The rules that decide, as a click is recorded, whether it counts: kept in this server's memory so
// they cost the redirect a map lookup or two. No database here: the repeat rule's check across
// servers is `counted-visits.ts`, run when the batch is written.

/** The same IP and agent on the same link within this window count once (decision 011). */
export const REPEAT_WINDOW_MS = 60 * 60 * 1000;
/** Past this many entries a rule's memory drops what decides nothing any more, so it stays bounded. */
const MEMORY_MAX = 200_000;

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
      lastCounted.set(key, at);
      if (lastCounted.size > MEMORY_MAX) {
        for (const [k, counted] of lastCounted) if (at - counted >= REPEAT_WINDOW_MS) lastCounted.delete(k);
      }
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
  /** By address hash, then link. */
  const windows = new Map<string, Map<number, FloodWindow>>();
  let windowCount = 0;

  return {
    /** The click's flood when it is one too many from its address on its link within the rule's window, else null. */
    floodOf(click: Pick<RecordedClick, 'linkId' | 'affiliateId' | 'ipHash' | 'at'>, limit: FloodLimit) {
      let byLink = windows.get(click.ipHash);
      if (!byLink) {
        byLink = new Map();
        windows.set(click.ipHash, byLink);
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
        if (!window && ++windowCount > MEMORY_MAX) {
          // Windows that ended are dropped, and the rest counted again.
          windowCount = 0;
          for (const [hash, links] of windows) {
            for (const [link, w] of links) if (click.at - w.start >= limit.windowMs) links.delete(link);
            if (links.size === 0) windows.delete(hash);
            else windowCount += links.size;
          }
        }
        return null;
      }
      window.count += 1;
      return window.count > limit.clicks ? window : null;
    },
    /** How many windows are kept: what the memory bound is about. */
    get size() {
      return windowCount;
    },
  };
}
