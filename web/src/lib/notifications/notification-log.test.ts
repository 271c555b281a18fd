import { EMPTY_USER_STATE } from '@contract/session';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { stubBrowserStorage } from '../../test/browser-storage';
import { endSession, startSession } from '../session';
import { logNotification } from './notification-log';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenFor = (sub: string) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ sub, role: 'Afiliado', exp: Math.floor(Date.now() / 1000) + 3600 })}.s`;

beforeEach(() => {
  vi.useFakeTimers();
  stubBrowserStorage();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test("a log that waited offline through sign-out is sent with its own person's token, not the next one's", async () => {
  const sent: { path: string; authorization: string }[] = [];
  let isOnline = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ path: url, authorization: (init.headers as Record<string, string>).authorization ?? '' });
      if (!isOnline) throw new TypeError('fetch failed');
      return new Response(JSON.stringify({ id: 1 }), { status: 201 });
    }),
  );
  const a = tokenFor('1');
  const b = tokenFor('2');
  startSession(a, { ...EMPTY_USER_STATE, id: '1', email: 'a@example.test' });
  const logged = logNotification({ id: 'n-1', title: 'Nova venda', text: 'R$ 10,00' });
  await vi.advanceTimersByTimeAsync(0);
  expect(sent).toEqual([{ path: '/api/v1/logs', authorization: `Bearer ${a}` }]);

  endSession();
  startSession(b, { ...EMPTY_USER_STATE, id: '2', email: 'b@example.test' });
  isOnline = true;
  await vi.advanceTimersByTimeAsync(1000);
  await logged;
  expect(sent.slice(1)).toEqual([
    { path: '/api/v1/logs', authorization: `Bearer ${a}` },
    { path: '/api/v1/analytics/events', authorization: `Bearer ${a}` },
  ]);
});
