/**
 * SPEC.md §9, the data-store client's settings, which the portal's log writer (log-writer.ts) keeps to
 * the letter on its write stream (docs/decisions/041). The store is the portal's own API now, but
 * the client behaves as the spec's did.
 */
export const DATA_STORE_SETTINGS = {
  /** Write batches sent and not yet confirmed at once; later batches wait in the cache. */
  maxQueuedWriteBatches: 10,
  /** Retry backoff: starts at 1 s, grows by 1.5 each failure, never above 60 s. */
  backoffInitialMs: 1_000,
  backoffFactor: 1.5,
  backoffMaxMs: 60_000,
  /** Offline after this long without a word from the store while it owes one, or at the first connection failure. */
  onlineTimeoutMs: 10_000,
  /** The write stream closes after this long with nothing to send or confirm; the next write opens it again. */
  idleStreamCloseMs: 60_000,
  /** A write unconfirmed this long breaks the stream: it closes, and its unconfirmed writes go again after the backoff. */
  requestTimeoutMs: 15_000,
  /** Writes in limbo (sent on the stream and not yet confirmed) at once; later writes wait, in order. */
  maxConcurrentLimboResolutions: 100,
  /** The cache of writes not yet confirmed holds at least this many bytes before it refuses the newest. */
  cacheSizeBytes: 1_048_576,
} as const;

export type DataStoreSettings = { [K in keyof typeof DATA_STORE_SETTINGS]: number };

/** The delay before retry number `attempt` (0 for the first retry). */
export function backoffDelay(attempt: number, settings: DataStoreSettings = DATA_STORE_SETTINGS): number {
  return Math.min(settings.backoffInitialMs * settings.backoffFactor ** attempt, settings.backoffMaxMs);
}
