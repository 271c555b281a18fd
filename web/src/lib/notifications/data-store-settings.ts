/**
 * SPEC.md §9, the data-store client's settings, which the portal's log writer keeps to the letter.
 * The store is the portal's own API now, but the client behaves as the spec's did.
 */
export const DATA_STORE_SETTINGS = {
  /** Write batches waiting or under way at once; later writes wait in the cache. */
  maxQueuedWriteBatches: 10,
  /** Retry backoff: starts at 1 s, grows by 1.5 each failure, never above 60 s. */
  backoffInitialMs: 1_000,
  backoffFactor: 1.5,
  backoffMaxMs: 60_000,
  /** Offline after this long without an answer, or at the first connection failure. */
  onlineTimeoutMs: 10_000,
  /** A write stream with nothing to do closes after this long. */
  idleStreamCloseMs: 60_000,
  /** One request is given up (and retried) after this long. */
  requestTimeoutMs: 15_000,
  maxConcurrentLimboResolutions: 100,
  /** Writes waiting while offline are kept up to this many bytes. */
  cacheSizeBytes: 1_048_576,
} as const;

export type DataStoreSettings = { [K in keyof typeof DATA_STORE_SETTINGS]: number };

/** The delay before retry number `attempt` (0 for the first retry). */
export function backoffDelay(attempt: number, settings: DataStoreSettings = DATA_STORE_SETTINGS): number {
  return Math.min(settings.backoffInitialMs * settings.backoffFactor ** attempt, settings.backoffMaxMs);
}
