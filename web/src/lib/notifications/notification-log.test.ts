import { EMPTY_USER_STATE } from '@contract/session';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { stubBrowserStorage } from '../../test/browser-storage';
import { FakeWebSocket, stubWebSocket } from '../../test/fake-web-socket';
import { tokenFor } from '../../test/session-token';
import { endSession, startSession } from '../session';
import { logStreamUrl } from './log-stream-socket';
import { WriteRefusedError } from './log-writer';
import { LOG_ERROR_PREFIX, logNotification, logWriter } from './notification-log';

beforeEach(() => {
  vi.useFakeTimers();
  stubBrowserStorage();
  stubWebSocket();
});
afterEach(async () => {
  // The writer is the tab's own: let its stream close before the next test.
  await vi.advanceTimersByTimeAsync(120_000);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const person = (id: string) => ({ ...EMPTY_USER_STATE, id, email: `p${id}@example.test`, id_rede: `r${id}` });

test('the stream is a WebSocket to /api/v1/logs/stream on the page’s host, with no token in its address', () => {
  expect(logStreamUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/v1/logs/stream');
  expect(logStreamUrl({ protocol: 'https:', host: 'portal.example' })).toBe('wss://portal.example/api/v1/logs/stream');
});

test('a notification’s log and event go on one stream, in order, each with the token of the person it was shown to', async () => {
  const a = tokenFor('1');
  startSession(a, person('1'));
  const logged = logNotification({ id: 'n-1', title: 'Nova venda', text: 'R$ 10,00' });
  await vi.advanceTimersByTimeAsync(0);
  expect(FakeWebSocket.made).toHaveLength(1);
  expect(FakeWebSocket.last.url).toBe('ws://portal.test/api/v1/logs/stream');
  FakeWebSocket.last.accept();
  FakeWebSocket.last.answer(0);
  await vi.advanceTimersByTimeAsync(0);
  FakeWebSocket.last.answer(1);
  await logged;
  expect(FakeWebSocket.made).toHaveLength(1);
  expect(FakeWebSocket.last.frames.map(({ path, token }) => [path, token])).toEqual([
    ['/logs', a],
    ['/analytics/events', a],
  ]);
  expect(FakeWebSocket.last.frames[1]?.body).toMatchObject({
    name: 'notification_activated',
    params: { user_id: 'r1', notification_title: 'Nova venda', notification_text: 'R$ 10,00' },
  });
});

test("a log that waited offline through sign-out is sent with its own person's token, not the next one's", async () => {
  const a = tokenFor('1');
  const b = tokenFor('2');
  startSession(a, person('1'));
  const logged = logNotification({ id: 'n-1', title: 'Nova venda', text: 'R$ 10,00' });
  await vi.advanceTimersByTimeAsync(0);
  FakeWebSocket.last.fail();
  expect(logWriter.state).toBe('offline');

  endSession();
  startSession(b, person('2'));
  await vi.advanceTimersByTimeAsync(1000);
  expect(FakeWebSocket.made).toHaveLength(2);
  FakeWebSocket.last.accept();
  FakeWebSocket.last.answer(0);
  await vi.advanceTimersByTimeAsync(0);
  FakeWebSocket.last.answer(1);
  await logged;
  expect(FakeWebSocket.last.frames.map(({ path, token }) => [path, token])).toEqual([
    ['/logs', a],
    ['/analytics/events', a],
  ]);
});

test('a refused write prints only the spec’s console line, with the error', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  startSession(tokenFor('1'), person('1'));
  const logged = logNotification({ id: 'n-2', title: 'Nova venda', text: 'R$ 20,00' });
  await vi.advanceTimersByTimeAsync(0);
  FakeWebSocket.last.accept();
  FakeWebSocket.last.answer(0, 403, 'A log can only be written for the signed-in user.');
  await logged;
  expect(errors).toHaveBeenCalledTimes(1);
  expect(errors.mock.calls[0]?.[0]).toBe(LOG_ERROR_PREFIX);
  expect(LOG_ERROR_PREFIX).toBe('Erro ao registrar log: ');
  expect(errors.mock.calls[0]?.[1]).toBeInstanceOf(WriteRefusedError);
  expect(log).not.toHaveBeenCalled();
  expect(warn).not.toHaveBeenCalled();
  // The event is not sent after its log failed.
  expect(FakeWebSocket.last.frames).toHaveLength(1);
});

test('a stream the page may not open counts as a connection failure, tried again after the backoff', async () => {
  let refusals = 0;
  vi.stubGlobal(
    'WebSocket',
    class extends FakeWebSocket {
      constructor(url: string) {
        if (refusals++ === 0) throw new DOMException('refused by the page’s policy', 'SecurityError');
        super(url);
      }
    },
  );
  startSession(tokenFor('1'), person('1'));
  const logged = logNotification({ id: 'n-3', title: 'Nova venda', text: 'R$ 30,00' });
  await vi.advanceTimersByTimeAsync(0);
  expect(logWriter.state).toBe('offline');
  await vi.advanceTimersByTimeAsync(1000);
  FakeWebSocket.last.accept();
  FakeWebSocket.last.answer(0);
  await vi.advanceTimersByTimeAsync(0);
  FakeWebSocket.last.answer(1);
  await logged;
  expect(FakeWebSocket.last.frames.map((frame) => frame.path)).toEqual(['/logs', '/analytics/events']);
});
