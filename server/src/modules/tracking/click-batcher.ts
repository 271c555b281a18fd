import type { FastifyBaseLogger } from 'fastify';

/**
 * The crash window: a `kill -9` may lose only clicks answered in the last second. A batch's write
 * starts at most CLICK_WRITE_DELAY_MS after its oldest click arrived (at once when the batch is full).
 * The writes are behind the clicks, and the redirect answers a click only once it is written (which
 * also slows the clients down until the writes catch up), when either
 * - the oldest click not yet written is CLICK_BEHIND_MS old (a backlog, or the database down), or
 * - at the speed of the writes under way, the click would wait more than CLICK_WAIT_MS for its commit:
 *   the write under way, the batches ahead of it and its own. Two write durations can pass before a
 *   click is committed, so the age of the oldest click alone let a click answered at once wait for two
 *   slow writes (1.07 s on a loaded runner, with writes of about 0.55 s).
 * A failed write is tried again after CLICK_RETRY_MS.
 */
export const CLICK_WRITE_DELAY_MS = 200;
export const CLICK_BEHIND_MS = 300;
/** Half the window: a click answered at once is still stored if its writes take twice the last one. */
export const CLICK_WAIT_MS = 500;
export const CLICK_RETRY_MS = 1000;

/**
 * When to write: keeps what arrives until its batch is due, writes a batch at a time, one write at a
 * time, and answers whether the writes are behind. What a batch is and how it is written is `write`'s.
 */
export function createBatcher<T extends { at: number }>(options: {
  /** How many items a batch writes at most. */
  batchMax: number;
  /** Writes the batch, all or nothing: a batch that throws is kept and tried again. */
  write(batch: T[]): Promise<void>;
  log: FastifyBaseLogger;
}) {
  const { batchMax, write, log } = options;
  let pending: T[] = [];
  /** When the oldest item of the batch being written arrived; null while none is. */
  let writingSince: number | null = null;
  /** When the write under way started (null while none is), how many items it holds, how long the last took. */
  let writeStartedAt: number | null = null;
  let writingCount = 0;
  let lastWriteMs = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let flushing: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;

  /** Sets the next write for when the oldest pending item is due (and no sooner than `after` ms). */
  function schedule(after = 0) {
    if (timer || closed || pending.length === 0) return;
    const due = (pending[0] as T).at + CLICK_WRITE_DELAY_MS - Date.now();
    timer = setTimeout(
      () => {
        timer = null;
        void flush();
      },
      Math.max(after, due, 0),
    );
    timer.unref();
  }

  /** Writes the items pending when it starts, a batch at a time, answering requests in between. */
  async function drain() {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    let left = pending.length;
    while (left > 0 && pending.length > 0) {
      const batch = pending.slice(0, Math.min(batchMax, left));
      writingSince = (batch[0] as T).at;
      writingCount = batch.length;
      const started = Date.now();
      writeStartedAt = started;
      try {
        await write(batch);
      } catch (error) {
        writingSince = null;
        writeStartedAt = null;
        writingCount = 0;
        log.error(
          { err: (error as Error).message, clicks: batch.length },
          'click batch not written; kept for the next flush',
        );
        schedule(CLICK_RETRY_MS);
        return;
      }
      pending = pending.slice(batch.length);
      lastWriteMs = Date.now() - started;
      writingSince = null;
      writeStartedAt = null;
      writingCount = 0;
      left -= batch.length;
      if (left > 0) await new Promise((resolve) => setImmediate(resolve));
    }
    // What came in meanwhile: at once when a batch is full, else when the oldest is due.
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

  /**
   * When the item just added would be committed, at the speed of the last write: the write under way
   * ends, the full batches ahead of the item are written, then the item's own batch, which waits for
   * its oldest item to be due unless it is full. (A write that runs long is the CLICK_BEHIND_MS rule's.)
   */
  function expectedCommit(now: number): number {
    let start = writeStartedAt === null ? now : Math.max(now, writeStartedAt + lastWriteMs);
    const ahead = pending.length - 1 - writingCount;
    if (ahead + 1 < batchMax) {
      start = Math.max(start, (pending[writingCount] as T).at + CLICK_WRITE_DELAY_MS);
    }
    return start + (Math.floor(ahead / batchMax) + 1) * lastWriteMs;
  }

  return {
    /**
     * Keeps the item for the next batch. Returns true when the writes are behind (the oldest item
     * not yet written is CLICK_BEHIND_MS old, or this one would wait more than CLICK_WAIT_MS for its
     * commit): the caller answers only after `flush()`.
     */
    add(item: T): boolean {
      pending.push(item);
      if (pending.length >= batchMax) {
        if (!queued) void flush();
      } else if (!timer) schedule();
      if (item.at - (writingSince ?? (pending[0] as T).at) >= CLICK_BEHIND_MS) return true;
      return expectedCommit(item.at) - item.at > CLICK_WAIT_MS;
    },
    flush,
    /** Writes what is left; nothing is scheduled after. */
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await flush();
    },
    get pending() {
      return pending.length;
    },
  };
}
