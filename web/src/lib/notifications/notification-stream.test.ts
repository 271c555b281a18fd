import { describe, expect, test } from 'vitest';
import { isFirstShowing, parseSseChunk } from './notification-stream';

describe('the notification stream', () => {
  test('a notification the server sends again (after a stream closed too soon) is shown once', () => {
    expect(isFirstShowing(7001)).toBe(true);
    expect(isFirstShowing(7002)).toBe(true);
    expect(isFirstShowing(7001)).toBe(false);
  });

  test('it remembers the latest 500: an id seen long ago does not grow the memory without end', () => {
    expect(isFirstShowing(8000)).toBe(true);
    for (let id = 8001; id <= 8500; id++) isFirstShowing(id);
    // 8000 was pushed out by the 500 after it; the latest are still known.
    expect(isFirstShowing(8000)).toBe(true);
    expect(isFirstShowing(8500)).toBe(false);
  });

  test('events split across chunks are put together', () => {
    const first = parseSseChunk(': connected\n\ndata: {"id":1}\n\nda');
    expect(first.events).toEqual(['{"id":1}']);
    expect(parseSseChunk(`${first.rest}ta: {"id":2}\n\n`).events).toEqual(['{"id":2}']);
  });
});
