import { LOG_STREAM_MAX_FRAME_BYTES, type LogStreamAnswer, type LogStreamPath } from '@contract/log-stream';
import { backoffDelay, DATA_STORE_SETTINGS, type DataStoreSettings } from './data-store-settings';

/** idle: no stream open; online: the store answers; offline: after a failure or 10 s of silence. */
export type WriterState = 'idle' | 'online' | 'offline';

/** What one write stream tells the writer; each is ignored once the writer has let that stream go. */
export type StreamEvents = {
  /** The stream is open: writes may be sent on it. */
  opened(): void;
  /** The store's answer to one write, by the write's id. */
  answered(answer: LogStreamAnswer): void;
  /** The stream ended, or never opened (a connection failure). */
  closed(): void;
};

/** The writer's end of one stream: a WebSocket in the browser, a fake in tests. */
export type WriteStream = {
  /** Sends one frame, already JSON: {id, path, body, token?}. */
  send(frame: string): void;
  close(): void;
};

/** Opens a new write stream. It calls `opened` once it is open and `closed` once when it ends. */
export type OpenStream = (events: StreamEvents) => WriteStream;

/** A write the store refused for good (bad input, not allowed): retrying would not help. */
export class WriteRefusedError extends Error {
  readonly status: number;
  constructor(status: number, detail?: string) {
    super(`The log store refused the write (${status})${detail ? `: ${detail}` : ''}`);
    this.name = 'WriteRefusedError';
    this.status = status;
  }
}

export class CacheFullError extends Error {
  constructor() {
    super('The offline cache is full; the write was not kept.');
    this.name = 'CacheFullError';
  }
}

type Write = {
  id: string;
  frame: string;
  bytes: number;
  batch: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  resolve: () => void;
  reject: (error: Error) => void;
};

const isRetryable = (status: number) => status >= 500 || status === 408 || status === 429;
const encoder = new TextEncoder();

/**
 * Writes log documents and analytics events like the spec's data-store client (SPEC.md §9), over one
 * write stream per writer (docs/decisions/041):
 * - The stream opens on the first write, carries every write while they come, and closes after
 *   `idleStreamCloseMs` (60 s) with nothing to send or confirm; the next write opens it again.
 * - A batch is the writes made in one turn of the event loop, or those that piled up while the
 *   stream opened or the writer backed off. At most `maxQueuedWriteBatches` (10) batches and at most
 *   `maxConcurrentLimboResolutions` (100) writes are in limbo, sent and not yet confirmed; the rest
 *   wait in order, and none is dropped.
 * - Offline at the first connection failure, or after `onlineTimeoutMs` (10 s) without a word from
 *   the store while it owes one. A write unconfirmed after `requestTimeoutMs` (15 s), a retryable
 *   answer (5xx, 408, 429) or a stream lost with writes in limbo count as a failure: the stream is
 *   closed, and after the backoff (1 s, x1.5, at most 60 s) a new one sends every unconfirmed write
 *   again, in order, before any later one. Delivery is at least once: a write whose confirmation was
 *   lost is stored twice (the store keeps no write ids).
 * - The cache (every write not yet confirmed) holds at least `cacheSizeBytes` (1 MiB, a minimum in
 *   the spec): a write is refused only when what the cache already holds has reached that size, so
 *   it holds at most that plus one frame. Past its size it refuses the newest write (its promise
 *   rejects with CacheFullError at once); it never evicts a write it accepted.
 */
export function createLogWriter(open: OpenStream, settings: DataStoreSettings = DATA_STORE_SETTINGS) {
  const tab = Math.random().toString(36).slice(2, 10);
  let sequence = 0;
  let batchSequence = 0;
  /** Accepted and not yet sent, in order. */
  const waiting: Write[] = [];
  /** Sent on the current stream and not yet confirmed, in order. */
  const limbo: Write[] = [];
  /** Unconfirmed writes per batch in limbo. */
  const batches = new Map<number, number>();
  let stream: { handle: WriteStream | null; open: boolean } | null = null;
  let cachedBytes = 0;
  let failures = 0;
  let state: WriterState = 'idle';
  let pumpQueued = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let onlineTimer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<(state: WriterState) => void>();

  function setState(next: WriterState) {
    if (state === next) return;
    state = next;
    for (const listener of listeners) listener(state);
  }

  function clearTimer(timer: ReturnType<typeof setTimeout> | null) {
    if (timer) clearTimeout(timer);
    return null;
  }

  /** The store owes an answer (an open, a confirmation): offline if none comes within the timeout. */
  function awaitStore() {
    onlineTimer ??= setTimeout(() => {
      onlineTimer = null;
      setState('offline');
    }, settings.onlineTimeoutMs);
  }

  function heardFromStore() {
    onlineTimer = clearTimer(onlineTimer);
    if (limbo.length > 0) awaitStore();
  }

  function schedulePump() {
    if (pumpQueued) return;
    pumpQueued = true;
    queueMicrotask(() => {
      pumpQueued = false;
      pump();
    });
  }

  function pump() {
    if (retryTimer || waiting.length === 0) return;
    if (!stream) {
      openStream();
      return;
    }
    const handle = stream.handle;
    if (!stream.open || !handle || batches.size >= settings.maxQueuedWriteBatches) return;
    const room = settings.maxConcurrentLimboResolutions - limbo.length;
    if (room <= 0) return;
    const batch = ++batchSequence;
    const sent = waiting.splice(0, room);
    batches.set(batch, sent.length);
    for (const write of sent) {
      write.batch = batch;
      write.timer = setTimeout(broken, settings.requestTimeoutMs);
      limbo.push(write);
      handle.send(write.frame);
    }
    awaitStore();
  }

  function openStream() {
    idleTimer = clearTimer(idleTimer);
    const current: { handle: WriteStream | null; open: boolean } = { handle: null, open: false };
    stream = current;
    awaitStore();
    current.handle = open({
      opened() {
        if (stream !== current) return;
        current.open = true;
        heardFromStore();
        pump();
      },
      answered(answer) {
        if (stream === current) settle(answer);
      },
      closed() {
        if (stream !== current) return;
        // Lost with nothing owed (the server's idle close, a restart): the next write opens another.
        if (limbo.length === 0 && waiting.length === 0) letStreamGo('idle');
        else broken();
      },
    });
    if (current.open) pump();
  }

  /** Closes the stream (if still open) and forgets it, so its late events are ignored. */
  function letStreamGo(next: WriterState) {
    const handle = stream?.handle;
    stream = null;
    idleTimer = clearTimer(idleTimer);
    onlineTimer = clearTimer(onlineTimer);
    handle?.close();
    setState(next);
  }

  /** A failure: the unconfirmed writes go back first in line, and a new stream comes after the backoff. */
  function broken() {
    for (const write of limbo) clearTimeout(write.timer);
    waiting.unshift(...limbo.splice(0));
    batches.clear();
    failures += 1;
    letStreamGo('offline');
    retryTimer = clearTimer(retryTimer);
    retryTimer = setTimeout(
      () => {
        retryTimer = null;
        pump();
      },
      backoffDelay(failures - 1, settings),
    );
  }

  function settle(answer: LogStreamAnswer) {
    const index = limbo.findIndex((write) => write.id === answer.id);
    // A frame the store could not read names no write: none of ours, whose frames are well formed.
    if (index < 0) return;
    if (isRetryable(answer.status)) {
      broken();
      return;
    }
    setState('online');
    const [write] = limbo.splice(index, 1) as [Write];
    clearTimeout(write.timer);
    const left = (batches.get(write.batch) ?? 1) - 1;
    if (left > 0) batches.set(write.batch, left);
    else batches.delete(write.batch);
    cachedBytes -= write.bytes;
    failures = 0;
    heardFromStore();
    if (answer.status >= 400) write.reject(new WriteRefusedError(answer.status, answer.detail));
    else write.resolve();
    pump();
    if (limbo.length === 0 && waiting.length === 0 && stream?.open) armIdleClose();
  }

  function armIdleClose() {
    idleTimer = clearTimer(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (limbo.length === 0 && waiting.length === 0) letStreamGo('idle');
    }, settings.idleStreamCloseMs);
  }

  return {
    /** Sends one write with the credential it was made with, however long it waits to be sent. */
    write(path: LogStreamPath, body: unknown, credential?: string): Promise<void> {
      const id = `${tab}-${++sequence}`;
      const frame = JSON.stringify({ id, path, body, ...(credential ? { token: credential } : {}) });
      const bytes = encoder.encode(frame).length;
      if (bytes > LOG_STREAM_MAX_FRAME_BYTES) {
        return Promise.reject(new WriteRefusedError(413, 'the write is larger than a frame may be'));
      }
      if (cachedBytes >= settings.cacheSizeBytes) return Promise.reject(new CacheFullError());
      cachedBytes += bytes;
      idleTimer = clearTimer(idleTimer);
      if (state === 'idle') setState('online');
      return new Promise<void>((resolve, reject) => {
        waiting.push({ id, frame, bytes, batch: 0, timer: undefined, resolve, reject });
        schedulePump();
      });
    },
    get state() {
      return state;
    },
    /** Writes in limbo: sent and not yet confirmed. */
    get inFlight() {
      return limbo.length;
    },
    /** Batches in limbo. */
    get batchesInFlight() {
      return batches.size;
    },
    get waiting() {
      return waiting.length;
    },
    get cachedBytes() {
      return cachedBytes;
    },
    get isStreamOpen() {
      return stream?.open ?? false;
    },
    onStateChange(listener: (state: WriterState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
