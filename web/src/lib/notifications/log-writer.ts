import { backoffDelay, DATA_STORE_SETTINGS, type DataStoreSettings } from './data-store-settings';

export type WriterState = 'idle' | 'online' | 'offline';

/**
 * How the writer reaches the store: returns the HTTP status, throws on a connection failure. The
 * credential is the one the write was made with, however long it waited.
 */
export type Send = (
  path: string,
  body: unknown,
  signal: AbortSignal,
  credential?: string,
) => Promise<{ status: number; detail?: string }>;

/** A write the store refused for good (bad input, not allowed): retrying would not help. */
export class WriteRefusedError extends Error {
  readonly status: number;
  constructor(status: number, detail?: string) {
    super(`The log store refused the write (${status})${detail ? `: ${detail}` : ''}`);
    this.name = 'WriteRefusedError';
    this.status = status;
  }
}

type Pending = {
  path: string;
  body: unknown;
  credential: string | undefined;
  bytes: number;
  resolve: () => void;
  reject: (error: Error) => void;
};

const isRetryable = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * Writes log documents and analytics events in order, like the spec's data-store client: a bounded
 * number of writes under way, the rest kept in a byte-bounded cache, retries with backoff while
 * offline, and an idle stream that closes itself.
 */
export function createLogWriter(send: Send, settings: DataStoreSettings = DATA_STORE_SETTINGS) {
  const waiting: Pending[] = [];
  let inFlight = 0;
  let cachedBytes = 0;
  let failures = 0;
  let state: WriterState = 'idle';
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<(state: WriterState) => void>();

  function setState(next: WriterState) {
    if (state === next) return;
    state = next;
    for (const listener of listeners) listener(state);
  }

  function armIdleClose() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (inFlight === 0 && waiting.length === 0) setState('idle');
    }, settings.idleStreamCloseMs);
  }

  function pump() {
    while (!retryTimer && inFlight < settings.maxQueuedWriteBatches && waiting.length > 0) {
      const next = waiting.shift() as Pending;
      void attempt(next);
    }
  }

  function scheduleRetry() {
    if (retryTimer) return;
    const delay = backoffDelay(failures - 1, settings);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      pump();
    }, delay);
  }

  async function attempt(write: Pending) {
    inFlight += 1;
    const controller = new AbortController();
    const requestTimer = setTimeout(() => controller.abort(), settings.requestTimeoutMs);
    // No answer within the online timeout: count as offline, even before the request gives up.
    const onlineTimer = setTimeout(() => setState('offline'), settings.onlineTimeoutMs);
    let outcome: { status: number; detail?: string } | null = null;
    try {
      outcome = await send(write.path, write.body, controller.signal, write.credential);
    } catch {
      outcome = null;
    } finally {
      clearTimeout(requestTimer);
      clearTimeout(onlineTimer);
      inFlight -= 1;
    }

    if (outcome && !isRetryable(outcome.status)) {
      failures = 0;
      setState('online');
      cachedBytes -= write.bytes;
      if (outcome.status >= 400) write.reject(new WriteRefusedError(outcome.status, outcome.detail));
      else write.resolve();
      armIdleClose();
      pump();
      return;
    }
    // A connection failure, a timeout or a server error: offline, keep the write first in line.
    failures += 1;
    setState('offline');
    waiting.unshift(write);
    scheduleRetry();
  }

  return {
    write(path: string, body: unknown, credential?: string): Promise<void> {
      const bytes = new TextEncoder().encode(JSON.stringify(body)).length;
      if (cachedBytes + bytes > settings.cacheSizeBytes) {
        return Promise.reject(new Error('The offline cache is full; the write was not kept.'));
      }
      cachedBytes += bytes;
      if (state === 'idle') setState('online');
      if (idleTimer) clearTimeout(idleTimer);
      return new Promise<void>((resolve, reject) => {
        waiting.push({ path, body, credential, bytes, resolve, reject });
        pump();
      });
    },
    get state() {
      return state;
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return waiting.length;
    },
    get cachedBytes() {
      return cachedBytes;
    },
    onStateChange(listener: (state: WriterState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
