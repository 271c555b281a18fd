import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { backoffDelay, DATA_STORE_SETTINGS } from './data-store-settings';
import { createLogWriter, type Send, WriteRefusedError } from './log-writer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A store that answers when the test says so. */
function controllableStore() {
  const calls: {
    path: string;
    body: unknown;
    answer: (status: number) => void;
    fail: () => void;
    signal: AbortSignal;
    credential?: string;
  }[] = [];
  const send: Send = (path, body, signal, credential) =>
    new Promise((resolve, reject) => {
      calls.push({
        path,
        body,
        signal,
        credential,
        answer: (status) => resolve({ status }),
        fail: () => reject(new TypeError('fetch failed')),
      });
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  return { calls, send };
}

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

describe('log writer', () => {
  test('keeps at most 10 writes under way; the rest wait in the cache, in order', async () => {
    const store = controllableStore();
    const writer = createLogWriter(store.send);
    const done = Array.from({ length: 13 }, (_, i) => writer.write('/logs', { n: i }));
    expect(store.calls).toHaveLength(10);
    expect(writer.waiting).toBe(3);
    store.calls[0]?.answer(201);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.calls).toHaveLength(11);
    expect(store.calls[10]?.body).toEqual({ n: 10 });
    for (const call of store.calls.slice(1)) call.answer(201);
    await vi.advanceTimersByTimeAsync(0);
    for (const call of store.calls.slice(11)) call.answer(201);
    await expect(Promise.all(done)).resolves.toHaveLength(13);
    expect(writer.cachedBytes).toBe(0);
  });

  test('goes offline at the first connection failure and retries after 1 s, 1.5 s, 2.25 s...', async () => {
    const store = controllableStore();
    const writer = createLogWriter(store.send);
    const done = writer.write('/logs', { n: 1 });
    store.calls[0]?.fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(writer.state).toBe('offline');

    await vi.advanceTimersByTimeAsync(999);
    expect(store.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.calls).toHaveLength(2);
    store.calls[1]?.fail();
    await vi.advanceTimersByTimeAsync(1499);
    expect(store.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.calls).toHaveLength(3);
    store.calls[2]?.answer(503);
    await vi.advanceTimersByTimeAsync(2249);
    expect(store.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.calls).toHaveLength(4);

    store.calls[3]?.answer(201);
    await expect(done).resolves.toBeUndefined();
    expect(writer.state).toBe('online');
  });

  test('the backoff never waits more than 60 s', async () => {
    const store = controllableStore();
    const writer = createLogWriter(store.send);
    void writer.write('/logs', {});
    for (let i = 0; i < 14; i++) {
      store.calls.at(-1)?.fail();
      await vi.advanceTimersByTimeAsync(Math.min(1000 * 1.5 ** i, 60_000));
    }
    const before = store.calls.length;
    store.calls.at(-1)?.fail();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(store.calls).toHaveLength(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.calls).toHaveLength(before + 1);
  });

  test('is offline after 10 s without an answer, and gives the request up at 15 s', async () => {
    const store = controllableStore();
    const writer = createLogWriter(store.send);
    void writer.write('/logs', {});
    await vi.advanceTimersByTimeAsync(9_999);
    expect(writer.state).toBe('online');
    await vi.advanceTimersByTimeAsync(1);
    expect(writer.state).toBe('offline');
    expect(store.calls[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.calls[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.calls).toHaveLength(2);
  });

  test('writes made while offline are sent when the store is back', async () => {
    const store = controllableStore();
    const writer = createLogWriter(store.send);
    const first = writer.write('/logs', { n: 1 });
    store.calls[0]?.fail();
    await vi.advanceTimersByTimeAsync(0);
    const second = writer.write('/analytics/events', { n: 2 });
    expect(store.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    store.calls[1]?.answer(201);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.calls[2]?.body).toEqual({ n: 2 });
    store.calls[2]?.answer(201);
    await expect(Promise.all([first, second])).resolves.toBeDefined();
  });

  test('a write waiting offline is sent with the credential it was made with, not a later one', async () => {
    const store = controllableStore();
    const writer = createLogWriter(store.send);
    const first = writer.write('/logs', { n: 1 }, 'token-of-a');
    store.calls[0]?.fail();
    await vi.advanceTimersByTimeAsync(0);
    const second = writer.write('/logs', { n: 2 }, 'token-of-b');
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.calls[1]).toMatchObject({ body: { n: 1 }, credential: 'token-of-a' });
    store.calls[1]?.answer(201);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.calls[2]).toMatchObject({ body: { n: 2 }, credential: 'token-of-b' });
    store.calls[2]?.answer(201);
    await expect(Promise.all([first, second])).resolves.toBeDefined();
  });

  test('a write refused by the store (4xx) fails at once and is not retried', async () => {
    const store = controllableStore();
    const writer = createLogWriter(store.send);
    const done = writer.write('/logs', {});
    store.calls[0]?.answer(403);
    await expect(done).rejects.toBeInstanceOf(WriteRefusedError);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(store.calls).toHaveLength(1);
  });

  test('keeps at most 1 MiB of writes waiting', async () => {
    const store = controllableStore();
    const writer = createLogWriter(store.send);
    const chunk = 'x'.repeat(300_000);
    const kept = [1, 2, 3].map(() => writer.write('/logs', { chunk }));
    await expect(writer.write('/logs', { chunk })).rejects.toThrow(/cache is full/);
    for (const call of store.calls) call.answer(201);
    await Promise.all(kept);
    const later = writer.write('/logs', { chunk });
    store.calls.at(-1)?.answer(201);
    await expect(later).resolves.toBeUndefined();
  });

  test('closes its idle stream after 60 s without writes', async () => {
    const store = controllableStore();
    const writer = createLogWriter(store.send);
    const done = writer.write('/logs', {});
    store.calls[0]?.answer(201);
    await done;
    expect(writer.state).toBe('online');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(writer.state).toBe('online');
    await vi.advanceTimersByTimeAsync(1);
    expect(writer.state).toBe('idle');
  });
});
