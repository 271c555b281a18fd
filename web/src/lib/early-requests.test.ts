import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { firstRequests } from '../app/first-requests';
import { paths } from '../app/paths';
import { isPublicPath } from '../app/public-roots';
import { dashboardPath } from '../features/metrics/api/dashboard-path';
import { DEFAULT_PERIOD } from '../features/metrics/period';
import { API_BASE, api } from './api-client';
import { startEarlyRequests } from './early-requests';
import { endSession, TOKEN_KEY } from './session';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenFor = (sub: string) =>
  `${base64url({ alg: 'HS256' })}.${base64url({ sub, role: 'Afiliado', exp: Math.floor(Date.now() / 1000) + 3600 })}.s`;

/** A fetch that answers every request at once with its own URL, and counts them. */
function countingFetch() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify({ url, n: urls.length }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return urls;
}

beforeEach(() => {
  const items = new Map<string, string>();
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => items.set(k, v),
    removeItem: (k: string) => items.delete(k),
  };
  vi.stubGlobal('sessionStorage', storage);
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).__afiliadosEarlyRequests;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests the boot script starts early (docs/decisions/019)', () => {
  test('api takes the early answer of the same path and token, once, instead of asking again', async () => {
    const urls = countingFetch();
    const token = tokenFor('1');
    sessionStorage.setItem(TOKEN_KEY, token);
    startEarlyRequests(API_BASE, ['/me'], token);
    expect(urls).toEqual(['/api/v1/me']);
    await expect(api('/me')).resolves.toEqual({ url: '/api/v1/me', n: 1 });
    expect(urls).toHaveLength(1);
    await expect(api('/me')).resolves.toEqual({ url: '/api/v1/me', n: 2 });
  });

  test('an early answer asked with another token is not taken', async () => {
    countingFetch();
    startEarlyRequests(API_BASE, ['/me'], tokenFor('1'));
    sessionStorage.setItem(TOKEN_KEY, tokenFor('2'));
    await expect(api('/me')).resolves.toEqual({ url: '/api/v1/me', n: 2 });
  });

  test('an early answer left unclaimed for more than 10 s is not taken', async () => {
    vi.useFakeTimers();
    const urls = countingFetch();
    const token = tokenFor('1');
    sessionStorage.setItem(TOKEN_KEY, token);
    startEarlyRequests(API_BASE, ['/me/level'], token);
    vi.advanceTimersByTime(10_001);
    await expect(api('/me/level')).resolves.toEqual({ url: '/api/v1/me/level', n: 2 });
    expect(urls).toHaveLength(2);
  });

  test('an early answer that arrives after sign-out is nobody’s', async () => {
    countingFetch();
    const token = tokenFor('1');
    sessionStorage.setItem(TOKEN_KEY, token);
    startEarlyRequests(API_BASE, ['/me'], token);
    const answer = api('/me');
    endSession();
    await expect(answer).rejects.toMatchObject({ code: 'SESSION_ENDED' });
  });

  test('the home asks first for the very dashboard path the home screen asks for', () => {
    expect(firstRequests(paths.home, 'Afiliado')).toEqual([dashboardPath('me', DEFAULT_PERIOD), '/me', '/me/level']);
    expect(firstRequests(paths.home, 'Administrador')).toEqual([
      dashboardPath('overview', DEFAULT_PERIOD),
      '/me',
      '/networks',
    ]);
    expect(firstRequests(paths.sales, 'Afiliado')).toEqual(['/me']);
  });
});

describe('PUBLIC_ROOTS', () => {
  test.each(Object.entries(paths))('%s (%s) is public exactly when it needs no session', (key, path) => {
    const isPublic =
      key.startsWith('auth') || key === 'notFound' || key === 'logout' || key === 'programme' || key === 'unsubscribe';
    expect(isPublicPath(path)).toBe(isPublic);
  });
});
