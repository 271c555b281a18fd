import type { LogStreamFrame } from '@contract/log-stream';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { backoffDelay, DATA_STORE_SETTINGS } from './data-store-settings';
import { CacheFullError, createLogWriter, type OpenStream, type StreamEvents, WriteRefusedError } from './log-writer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

type FakeStream = {
  frames: LogStreamFrame[];
  isClosed: boolean;
  events: StreamEvents;
  /** The server accepts the connection. */
  open(): void;
  /** The server answers the frame at `index` (of this stream) with `status`. */
  answer(index: number, status?: number): void;
  /** The connection fails or ends. */
  drop(): void;
};

/** A store whose streams open, answer and fail when the test says so. */
function fakeStore() {
  const streams: FakeStream[] = [];
  const open: OpenStream = (events) => {
    const stream: FakeStream = {
      frames: [],
      isClosed: false,
      events,
      open: () => events.opened(),
      answer: (index, status = 201) => events.answered({ id: stream.frames[index]?.id ?? null, status }),
      drop: () => {
        stream.isClosed = true;
        events.closed();
      },
    };
    streams.push(stream);
    return {
      send: (frame) => stream.frames.push(JSON.parse(frame)),
      close: () => {
        stream.isClosed = true;
      },
    };
  };
  return {
    streams,
    open,
    /** The stream opened last. */
    get last() {
      return streams.at(-1) as FakeStream;
    },
  };
}

/** Lets queued microtasks (the writer sends each turn's writes together) and due timers run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('data-store settings of SPEC.md §9', () => {
  test('are the spec constants', () => {
    expect(DATA_STORE_SETTINGS).toEqual({
      maxQueuedWriteBatches: 10,
      backoffInitialMs: 1000,
      backoffFactor: 1.5,
      backoffMaxMs: 60_000,
      onlineTimeoutMs: 10_000,
      idleStreamCloseMs: 60_000,
      requestTimeoutMs: 15_000,
      maxConcurrentLimboResolutions: 100,
      cacheSizeBytes: 1_048_576,
    });
  });

  test.each([
    [0, 1000],
    [1, 1500],
    [2, 2250],
    [5, 7593.75],
    [10, 57665.0390625],
    [11, 60_000],
    [30, 60_000],
  ])('retry %i waits %d ms', (attempt, delay) => {
    expect(backoffDelay(attempt)).toBeCloseTo(delay, 6);
  });
});

describe('the write stream', () => {
  test('opens on the first write, carries every write while they come, closes after 60 s idle and opens again', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open);
    expect(store.streams).toHaveLength(0);
    const first = writer.write('/logs', { n: 1 }, 'token-a');
    await settle();
    expect(store.streams).toHaveLength(1);
    store.last.open();
    expect(store.last.frames).toEqual([{ id: expect.any(String), path: '/logs', body: { n: 1 }, token: 'token-a' }]);
    store.last.answer(0);
    await expect(first).resolves.toBeUndefined();
    expect(writer.state).toBe('online');

    // Writes that come within the minute ride the same stream, and each restarts the minute.
    await vi.advanceTimersByTimeAsync(59_000);
    const second = writer.write('/analytics/events', { n: 2 }, 'token-a');
    await settle();
    store.last.answer(1);
    await second;
    expect(store.streams).toHaveLength(1);
    expect(store.last.frames.map((frame) => frame.path)).toEqual(['/logs', '/analytics/events']);

    await vi.advanceTimersByTimeAsync(59_999);
    expect(store.last.isClosed).toBe(false);
    expect(writer.isStreamOpen).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.last.isClosed).toBe(true);
    expect(writer.isStreamOpen).toBe(false);
    expect(writer.state).toBe('idle');

    const third = writer.write('/logs', { n: 3 });
    await settle();
    expect(store.streams).toHaveLength(2);
    store.last.open();
    expect(store.last.frames.map((frame) => frame.body)).toEqual([{ n: 3 }]);
    store.last.answer(0);
    await expect(third).resolves.toBeUndefined();
  });

  test('stays open while a write waits for its answer, however long the minute', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open, { ...DATA_STORE_SETTINGS, idleStreamCloseMs: 5_000 });
    void writer.write('/logs', {});
    await settle();
    store.last.open();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(store.last.isClosed).toBe(false);
  });

  test('a stream the server ends while nothing is owed is no failure: the next write opens another at once', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open);
    const done = writer.write('/logs', {});
    await settle();
    store.last.open();
    store.last.answer(0);
    await done;
    store.last.drop();
    expect(writer.state).toBe('idle');
    void writer.write('/logs', { again: true });
    await settle();
    expect(store.streams).toHaveLength(2);
  });
});

describe('limbo: writes sent and not yet confirmed', () => {
  test('at most 100 at once: the 101st waits, in order, until one is confirmed, and none is lost', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open);
    const done = Array.from({ length: 101 }, (_, n) => writer.write('/logs', { n }));
    await settle();
    store.last.open();
    expect(store.last.frames).toHaveLength(100);
    expect(writer.inFlight).toBe(100);
    expect(writer.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.last.frames).toHaveLength(100);

    store.last.answer(0);
    await settle();
    expect(store.last.frames).toHaveLength(101);
    expect(store.last.frames[100]?.body).toEqual({ n: 100 });
    for (let i = 1; i <= 100; i++) store.last.answer(i);
    await expect(Promise.all(done)).resolves.toHaveLength(101);
    expect(store.last.frames.map((frame) => (frame.body as { n: number }).n)).toEqual(
      Array.from({ length: 101 }, (_, n) => n),
    );
    expect(writer.cachedBytes).toBe(0);
  });

  test('at most 10 write batches: writes of later turns wait until a batch is confirmed', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open);
    void writer.write('/logs', { n: 0 });
    await settle();
    store.last.open();
    store.last.answer(0);
    await settle();
    // Twelve writes, each in its own turn: a batch each.
    for (let n = 1; n <= 12; n++) {
      void writer.write('/logs', { n });
      await settle();
    }
    expect(writer.batchesInFlight).toBe(10);
    expect(store.last.frames).toHaveLength(11);
    expect(writer.waiting).toBe(2);
    store.last.answer(1);
    await settle();
    // The two that waited go together, as one batch.
    expect(store.last.frames.slice(11).map((frame) => frame.body)).toEqual([{ n: 11 }, { n: 12 }]);
    expect(writer.batchesInFlight).toBe(10);
  });
});

describe('failures, timeouts and retries', () => {
  test('offline at the first connection failure; a new stream after 1 s, 1.5 s, 2.25 s...', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open);
    const done = writer.write('/logs', { n: 1 });
    await settle();
    store.last.drop();
    expect(writer.state).toBe('offline');
    for (const [attempt, delay] of [1000, 1500, 2250].entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(store.streams).toHaveLength(attempt + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(store.streams).toHaveLength(attempt + 2);
      if (attempt < 2) store.last.drop();
    }
    store.last.open();
    store.last.answer(0);
    await expect(done).resolves.toBeUndefined();
    expect(writer.state).toBe('online');
  });

  test('the backoff never waits more than 60 s', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open);
    void writer.write('/logs', {});
    await settle();
    for (let i = 0; i < 14; i++) {
      store.last.drop();
      await vi.advanceTimersByTimeAsync(Math.min(1000 * 1.5 ** i, 60_000));
    }
    const before = store.streams.length;
    store.last.drop();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(store.streams).toHaveLength(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.streams).toHaveLength(before + 1);
  });

  test('offline after 10 s without an answer; at 15 s the stream is closed and the write sent again on a new one', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open);
    const done = writer.write('/logs', { n: 1 });
    await settle();
    store.last.open();
    const [sent] = store.last.frames;
    await vi.advanceTimersByTimeAsync(9_999);
    expect(writer.state).toBe('online');
    await vi.advanceTimersByTimeAsync(1);
    expect(writer.state).toBe('offline');
    expect(store.last.isClosed).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.last.isClosed).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.streams).toHaveLength(2);
    store.last.open();
    expect(store.last.frames).toEqual([sent]);
    store.last.answer(0);
    await expect(done).resolves.toBeUndefined();
  });

  test('offline after 10 s when the stream does not open', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open);
    void writer.write('/logs', {});
    await vi.advanceTimersByTimeAsync(10_000);
    expect(writer.state).toBe('offline');
  });

  test('a lost stream sends its unconfirmed writes again, in order, before later ones, each with its own token', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open);
    const a = writer.write('/logs', { n: 1 }, 'token-of-a');
    const b = writer.write('/logs', { n: 2 }, 'token-of-a');
    await settle();
    store.last.open();
    store.last.answer(0);
    store.last.drop();
    const c = writer.write('/analytics/events', { n: 3 }, 'token-of-b');
    await vi.advanceTimersByTimeAsync(1000);
    store.last.open();
    expect(store.last.frames.map(({ body, token }) => [body, token])).toEqual([
      [{ n: 2 }, 'token-of-a'],
      [{ n: 3 }, 'token-of-b'],
    ]);
    store.last.answer(0);
    store.last.answer(1);
    await expect(Promise.all([a, b, c])).resolves.toHaveLength(3);
  });

  test('a 5xx answer ends the stream; that write and those behind it go again after the backoff', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open);
    const done = [writer.write('/logs', { n: 1 }), writer.write('/logs', { n: 2 })];
    await settle();
    store.last.open();
    store.last.answer(0, 503);
    expect(store.last.isClosed).toBe(true);
    expect(writer.state).toBe('offline');
    await vi.advanceTimersByTimeAsync(1000);
    store.last.open();
    expect(store.last.frames.map((frame) => frame.body)).toEqual([{ n: 1 }, { n: 2 }]);
    store.last.answer(0);
    store.last.answer(1);
    await expect(Promise.all(done)).resolves.toHaveLength(2);
  });

  test('a write refused by the store (4xx) fails at once and is not retried; the stream goes on', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open);
    const refused = writer.write('/logs', {});
    await settle();
    store.last.open();
    store.last.answer(0, 403);
    await expect(refused).rejects.toBeInstanceOf(WriteRefusedError);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(store.streams).toHaveLength(1);
    expect(store.last.frames).toHaveLength(1);
    expect(writer.isStreamOpen).toBe(true);
  });

  test('a write larger than a frame may be is refused at once (413)', async () => {
    const writer = createLogWriter(fakeStore().open);
    await expect(writer.write('/logs', { pad: 'x'.repeat(1_100_000) })).rejects.toMatchObject({ status: 413 });
    expect(writer.cachedBytes).toBe(0);
  });
});

describe('the offline cache (SPEC.md §9: at least 1 MiB)', () => {
  test('keeps 1 MiB of queued writes and more, refusing only once it holds 1 MiB, and sends them all', async () => {
    const store = fakeStore();
    const writer = createLogWriter(store.open);
    const chunk = 'x'.repeat(100_000);
    // Eleven writes of ~100 kB: the last takes the cache from ~1.0 MB to ~1.1 MB (past 1 MiB).
    const kept = Array.from({ length: 11 }, () => writer.write('/logs', { chunk }));
    expect(writer.waiting).toBe(11);
    expect(writer.cachedBytes).toBeGreaterThanOrEqual(1_048_576);
    await settle();
    store.last.drop();
    // Past its size it refuses the newest write, at once; what it kept stays kept.
    await expect(writer.write('/logs', { n: 'newest' })).rejects.toBeInstanceOf(CacheFullError);
    await vi.advanceTimersByTimeAsync(1000);
    store.last.open();
    expect(store.last.frames).toHaveLength(11);
    store.last.frames.forEach((_, i) => {
      store.last.answer(i);
    });
    await expect(Promise.all(kept)).resolves.toHaveLength(11);
    expect(writer.cachedBytes).toBe(0);
    void writer.write('/logs', { n: 'later' });
    await settle();
    expect(store.last.frames.at(-1)?.body).toEqual({ n: 'later' });
  });

  test('a write that takes the cache past 1 MiB is kept when the cache held less', async () => {
    const writer = createLogWriter(fakeStore().open);
    void writer.write('/logs', { pad: 'x'.repeat(1_048_576 - 100) });
    expect(writer.cachedBytes).toBeLessThan(1_048_576);
    const over = writer.write('/logs', { pad: 'y'.repeat(300_000) });
    expect(writer.cachedBytes).toBeGreaterThan(1_048_576);
    expect(writer.waiting).toBe(2);
    await expect(writer.write('/logs', {})).rejects.toBeInstanceOf(CacheFullError);
    expect(writer.waiting).toBe(2);
    void over;
  });
});
