import { EMPTY_USER_STATE } from '@contract/session';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { stubBrowserStorage } from '../../test/browser-storage';
import { controllableFetch } from '../../test/controllable-fetch';
import { tokenFor } from '../../test/session-token';
import { replaceToken, startSession, whileTokenChanges } from '../session';
import { isFirstShowing, listenToNotifications, parseSseChunk } from './notification-stream';

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

describe('the stream after a password change in this tab', () => {
  beforeEach(() => stubBrowserStorage());
  afterEach(() => vi.unstubAllGlobals());

  const oldToken = tokenFor('1');
  const newToken = tokenFor('1', Math.floor(Date.now() / 1000) + 3600, 1);
  const person = { ...EMPTY_USER_STATE, id: '1', email: 'p1@example.test', afiliado_id: '1' };
  const sentWith = (call: { init: RequestInit } | undefined) =>
    (call?.init.headers as Record<string, string> | undefined)?.authorization;

  test('refused for the old token, it listens again with the new one', async () => {
    const calls = controllableFetch();
    startSession(oldToken, person);
    const stop = listenToNotifications();
    let change: (token: string) => void = () => undefined;
    const changed = whileTokenChanges(new Promise<string>((resolve) => (change = resolve)).then(replaceToken));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]?.answer(401, { code: 'TOKEN_INVALID' });
    change(newToken);
    await changed;
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(sentWith(calls[1])).toBe(`Bearer ${newToken}`);
    stop();
  });

  test('refused with no change under way, it stops listening', async () => {
    const calls = controllableFetch();
    startSession(oldToken, person);
    const stop = listenToNotifications();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    calls[0]?.answer(401, { code: 'TOKEN_INVALID' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
    stop();
  });
});
