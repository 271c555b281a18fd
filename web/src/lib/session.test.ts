import { EMPTY_USER_STATE, type UserState } from '@contract/session';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { logout } from '../features/auth/api/auth';
import { stubBrowserStorage } from '../test/browser-storage';
import { controllableFetch } from '../test/controllable-fetch';
import { tokenFor } from '../test/session-token';
import { ApiError, api, SESSION_ENDED, setApiHandlers } from './api-client';
import { notificationStore } from './notifications/notification-store';
import {
  dropExpiredToken,
  endSession,
  getToken,
  readUserState,
  removeToken,
  replaceToken,
  startSession,
  whileTokenChanges,
  writeUserState,
} from './session';

const person = (id: string): UserState => ({
  ...EMPTY_USER_STATE,
  id,
  email: `p${id}@example.test`,
  nome: `Pessoa${id}`,
  afiliado_id: id,
});
const A = person('1');
const B = person('2');

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  stubBrowserStorage();
  writeUserState(EMPTY_USER_STATE);
  notificationStore.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setApiHandlers({ onUnauthorized: undefined });
});

describe('a request that started before sign-out and answers after it', () => {
  test.each([
    ['the browser aborts it', true],
    ['its answer still arrives', false],
  ])('GET /me does not write the user state back (%s)', async (_how, honoursAbort) => {
    const calls = controllableFetch({ honoursAbort });
    startSession(tokenFor('1'), A);
    const refreshed = api<UserState>('/me').then(writeUserState);
    endSession();
    calls[0]?.answer(200, A);
    await expect(refreshed).rejects.toMatchObject({ code: SESSION_ENDED });
    expect(readUserState()).toEqual(EMPTY_USER_STATE);
    expect(getToken()).toBeNull();
  });

  test.each([
    ['the browser aborts it', true],
    ['its answer still arrives', false],
  ])('a password change does not write its new token back (%s)', async (_how, honoursAbort) => {
    const calls = controllableFetch({ honoursAbort });
    startSession(tokenFor('1'), A);
    const changed = api<{ token: string }>('/auth/change-password', { body: {} }).then(({ token }) =>
      replaceToken(token),
    );
    endSession();
    calls[0]?.answer(200, { token: tokenFor('1') });
    await expect(changed).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
  });

  test("the previous person's answer does not land in the next person's session", async () => {
    const calls = controllableFetch({ honoursAbort: false });
    startSession(tokenFor('1'), A);
    const refreshed = api<UserState>('/me').then(writeUserState);
    endSession();
    startSession(tokenFor('2'), B);
    calls[0]?.answer(200, A);
    await expect(refreshed).rejects.toMatchObject({ code: SESSION_ENDED });
    expect(readUserState()).toEqual(B);
  });

  test("a 401 of the previous session does not end the next person's", async () => {
    const calls = controllableFetch({ honoursAbort: false });
    const onUnauthorized = vi.fn();
    setApiHandlers({ onUnauthorized });
    startSession(tokenFor('1'), A);
    const request = api('/me');
    startSession(tokenFor('2'), B);
    calls[0]?.answer(401, { code: 'TOKEN_INVALID' });
    await expect(request).rejects.toMatchObject({ code: SESSION_ENDED });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getToken()).toBe(tokenFor('2'));
  });

  test('a request of the running session gets its answer', async () => {
    const calls = controllableFetch();
    startSession(tokenFor('1'), A);
    const refreshed = api<UserState>('/me').then(writeUserState);
    calls[0]?.answer(200, { ...A, nome: 'Renomeada' });
    await refreshed;
    expect(readUserState().nome).toBe('Renomeada');
    expect(calls[0]?.init.headers).toMatchObject({ authorization: `Bearer ${tokenFor('1')}` });
  });
});

describe('sign-out', () => {
  test('ends the session at once, then asks the server to revoke the token it held', async () => {
    const calls = controllableFetch();
    const token = tokenFor('1');
    startSession(token, A);
    logout();
    // Nothing waits for the server: the token and the user state are gone before it answers.
    expect(getToken()).toBeNull();
    expect(readUserState()).toEqual(EMPTY_USER_STATE);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/auth/logout');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', keepalive: true });
    expect(calls[0]?.init.headers).toMatchObject({ authorization: `Bearer ${token}` });
    calls[0]?.answer(204);
    await settle();
  });

  test('completes in the browser when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    startSession(tokenFor('1'), A);
    logout();
    await settle();
    expect(getToken()).toBeNull();
    expect(readUserState()).toEqual(EMPTY_USER_STATE);
  });

  test('with no token left, empties the user state and calls nobody', () => {
    const calls = controllableFetch();
    writeUserState(A);
    logout();
    expect(readUserState()).toEqual(EMPTY_USER_STATE);
    expect(calls).toHaveLength(0);
  });
});

describe('the in-memory notification list belongs to one person', () => {
  const add = () => notificationStore.add({ title: 'Nova venda', text: 'R$ 10,00' });

  test('empties at sign-out', () => {
    startSession(tokenFor('1'), A);
    add();
    endSession();
    expect(notificationStore.get()).toEqual({ list: [], unread: 0 });
  });

  test('empties when someone else signs in without a sign-out in between', () => {
    startSession(tokenFor('1'), A);
    add();
    startSession(tokenFor('2'), B);
    expect(notificationStore.get().list).toEqual([]);
  });

  test('is kept when the same person signs in again', () => {
    startSession(tokenFor('1'), A);
    add();
    startSession(tokenFor('1'), A);
    expect(notificationStore.get().list).toHaveLength(1);
  });
});

describe('an expired token (SPEC.md §4)', () => {
  test.each([
    ['an expired token', 'removed', tokenFor('1', Math.floor(Date.now() / 1000) - 5)],
    ['a token expiring this second', 'removed', tokenFor('1', Math.floor(Date.now() / 1000))],
    ['a token that cannot be read', 'removed', 'not-a-token'],
    ['a valid token', 'kept', tokenFor('1')],
  ])('on a path change, %s is %s', (_name, outcome, token) => {
    sessionStorage.setItem('token', token);
    writeUserState(A);
    dropExpiredToken();
    expect(getToken()).toBe(outcome === 'kept' ? token : null);
    // The spec removes the token only; the user state is sign-out's business.
    expect(readUserState()).toEqual(A);
  });

  test('removing it ends the requests of its session', async () => {
    const calls = controllableFetch({ honoursAbort: false });
    startSession(tokenFor('1'), A);
    const request = api('/me');
    removeToken();
    calls[0]?.answer(200, A);
    await expect(request).rejects.toMatchObject({ code: SESSION_ENDED });
  });
});

describe('a password change in this tab', () => {
  const oldToken = tokenFor('1');
  const newToken = tokenFor('1', Math.floor(Date.now() / 1000) + 3600, 1);
  const refused = { code: 'TOKEN_INVALID' };
  const changePassword = () =>
    whileTokenChanges(
      api<{ token: string }>('/auth/change-password', { body: {}, changesToken: true }).then(({ token }) =>
        replaceToken(token),
      ),
    );
  const sentWith = (call: { init: RequestInit } | undefined) =>
    (call?.init.headers as Record<string, string> | undefined)?.authorization;
  /** A tab signed in with the token the change will replace, watching for a lost session. */
  const signedInWithTheOldToken = () => {
    const calls = controllableFetch();
    const onUnauthorized = vi.fn();
    setApiHandlers({ onUnauthorized });
    startSession(oldToken, A);
    return { calls, onUnauthorized };
  };

  test('a request refused for the old token before the new one arrives asks again with it; the tab stays signed in', async () => {
    const { calls, onUnauthorized } = signedInWithTheOldToken();
    const changed = changePassword();
    const me = api<UserState>('/me');
    // The server committed the change, then refused the old token: that 401 comes first.
    calls[1]?.answer(401, refused);
    await settle();
    expect(calls).toHaveLength(2);
    calls[0]?.answer(200, { token: newToken });
    await changed;
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(sentWith(calls[2])).toBe(`Bearer ${newToken}`);
    calls[2]?.answer(200, A);
    await expect(me).resolves.toEqual(A);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getToken()).toBe(newToken);
  });

  test('a refusal that answers after the new token arrived asks again too', async () => {
    const { calls, onUnauthorized } = signedInWithTheOldToken();
    const changed = changePassword();
    const me = api<UserState>('/me');
    calls[0]?.answer(200, { token: newToken });
    await changed;
    calls[1]?.answer(401, refused);
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    calls[2]?.answer(200, A);
    await expect(me).resolves.toEqual(A);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  test('with no change under way, a refused token still ends the session', async () => {
    const { calls, onUnauthorized } = signedInWithTheOldToken();
    const me = api('/me');
    calls[0]?.answer(401, refused);
    await expect(me).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(1);
  });

  test('when the change itself is refused (the session ended elsewhere), the waiting request ends the session', async () => {
    const { calls, onUnauthorized } = signedInWithTheOldToken();
    const changed = changePassword();
    const me = api('/me');
    calls[1]?.answer(401, refused);
    calls[0]?.answer(401, refused);
    await expect(changed).rejects.toMatchObject({ status: 401 });
    await expect(me).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalled();
    expect(calls).toHaveLength(2);
  });
});
