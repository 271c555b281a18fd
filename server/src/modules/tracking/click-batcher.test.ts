import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CLICK_BEHIND_MS, CLICK_RETRY_MS, CLICK_WAIT_MS, CLICK_WRITE_DELAY_MS, createBatcher } from './click-batcher';

const quiet = { error() {} } as unknown as FastifyBaseLogger;

/** A batcher whose writes are recorded, and fail while `failing` is set. */
function batcherOf(batchMax: number) {
  const written: number[][] = [];
  const state = { failing: false };
  const batcher = createBatcher<{ at: number; n: number }>({
    batchMax,
    log: quiet,
    async write(batch) {
      if (state.failing) throw new Error('database down');
      written.push(batch.map((item) => item.n));
    },
  });
  let n = 0;
  const add = () => batcher.add({ at: Date.now(), n: n++ });
  return { batcher, written, state, add };
}

/** A batcher whose every write takes `timing.writeMs` (on the fake clock). */
function slowBatcherOf(batchMax: number) {
  const timing = { writeMs: 0 };
  const batcher = createBatcher<{ at: number }>({
    batchMax,
    log: quiet,
    write: () => new Promise((resolve) => setTimeout(resolve, timing.writeMs)),
  });
  const add = () => batcher.add({ at: Date.now() });
  return { batcher, timing, add };
}

describe('the click batcher', () => {
  beforeEach(() => {
    // setImmediate stays real: a flush lets requests through between batches with it.
    vi.useFakeTimers({ now: Date.parse('2026-11-20T12:00:00Z'), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('writes a batch CLICK_WRITE_DELAY_MS after its oldest click, not before', async () => {
    const { written, add } = batcherOf(10);
    add();
    await vi.advanceTimersByTimeAsync(100);
    add();
    await vi.advanceTimersByTimeAsync(CLICK_WRITE_DELAY_MS - 101);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([[0, 1]]);
  });

  test('writes a full batch at once, and what comes after it when that is due', async () => {
    const { written, add } = batcherOf(3);
    for (let i = 0; i < 3; i++) add();
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toEqual([[0, 1, 2]]);
    add();
    await vi.advanceTimersByTimeAsync(CLICK_WRITE_DELAY_MS - 1);
    expect(written).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([[0, 1, 2], [3]]);
  });

  test('says the writes are behind once the oldest click not yet written is CLICK_BEHIND_MS old', async () => {
    const { batcher } = batcherOf(10);
    const at = Date.now();
    expect(batcher.add({ at, n: 0 })).toBe(false);
    expect(batcher.add({ at: at + CLICK_BEHIND_MS - 1, n: 1 })).toBe(false);
    expect(batcher.add({ at: at + CLICK_BEHIND_MS, n: 2 })).toBe(true);
  });

  test('says the writes are behind once a click would wait more than CLICK_WAIT_MS for its commit at the last write speed', async () => {
    const { add, timing } = slowBatcherOf(10);
    // The last write took CLICK_WAIT_MS - CLICK_WRITE_DELAY_MS: a click now is committed in exactly
    // CLICK_WAIT_MS (due after the delay, then one such write). Answered at once.
    timing.writeMs = CLICK_WAIT_MS - CLICK_WRITE_DELAY_MS;
    expect(add()).toBe(false);
    await vi.advanceTimersByTimeAsync(CLICK_WRITE_DELAY_MS + timing.writeMs);
    timing.writeMs += 1;
    expect(add()).toBe(false);
    // That write takes 1 ms longer: the next click would wait CLICK_WAIT_MS + 1.
    await vi.advanceTimersByTimeAsync(CLICK_WRITE_DELAY_MS + timing.writeMs);
    expect(add()).toBe(true);
  });

  test('a click that comes in during a write waits for that write, the full batches ahead and its own', async () => {
    const { add, timing } = slowBatcherOf(10);
    timing.writeMs = 150;
    add();
    await vi.advanceTimersByTimeAsync(CLICK_WRITE_DELAY_MS + 150);
    // 50 ms into the next write: it ends in 100 ms, the click's batch is due CLICK_WRITE_DELAY_MS after
    // it arrived and takes 150 ms: 350 ms in all.
    add();
    await vi.advanceTimersByTimeAsync(CLICK_WRITE_DELAY_MS + 50);
    expect(add()).toBe(false);

    // Batches of two, each write 200 ms, one under way: two clicks fill the next batch (400 ms each),
    // the fifth waits for that full batch too (600 ms).
    const full = slowBatcherOf(2);
    full.timing.writeMs = 200;
    full.add();
    await vi.advanceTimersByTimeAsync(CLICK_WRITE_DELAY_MS + 200);
    full.add();
    full.add();
    await vi.advanceTimersByTimeAsync(0);
    expect(full.add()).toBe(false);
    expect(full.add()).toBe(false);
    expect(full.add()).toBe(true);
  });

  test('keeps a batch whose write failed and writes it, in order, after CLICK_RETRY_MS', async () => {
    const { batcher, written, state, add } = batcherOf(10);
    state.failing = true;
    add();
    add();
    await vi.advanceTimersByTimeAsync(CLICK_WRITE_DELAY_MS);
    expect(batcher.pending).toBe(2);
    state.failing = false;
    add();
    await vi.advanceTimersByTimeAsync(CLICK_RETRY_MS - 1);
    expect(written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([[0, 1, 2]]);
    expect(batcher.pending).toBe(0);
  });

  test('a flush asked for writes everything pending in batches; close writes the rest and schedules nothing', async () => {
    const { batcher, written, add } = batcherOf(2);
    for (let i = 0; i < 5; i++) add();
    await batcher.flush();
    expect(written).toEqual([[0, 1], [2, 3], [4]]);
    add();
    await batcher.close();
    expect(written.at(-1)).toEqual([5]);
    add();
    await vi.advanceTimersByTimeAsync(10 * CLICK_WRITE_DELAY_MS);
    expect(batcher.pending).toBe(1);
  });
});
