import { EMPTY_USER_STATE, isUserState, type Role, USER_STATE_KEYS, type UserState } from '@contract/session';

/** SPEC.md §3: the session token lives in session storage, so it lasts for the browser session. */
export const TOKEN_KEY = 'token';
/** SPEC.md §3: the signed-in user state, kept in local storage under one key. */
export const USER_STATE_KEY = 'user';

export type TokenClaims = { exp: number; role: Role | string; sub?: string };

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

/** The token goes (expired, refused by the server): the session it carried is over. */
export function removeToken() {
  if (getToken() === null) return;
  sessionStorage.removeItem(TOKEN_KEY);
  nextSession({ type: 'end' });
}

/** The token's payload as the browser sees it, without checking the signature (the server does). */
export function decodeToken(token: string): TokenClaims | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(decodeURIComponent(escapeUtf8(json)));
    return typeof claims.exp === 'number' ? claims : null;
  } catch {
    return null;
  }
}

function escapeUtf8(binary: string): string {
  return Array.from(binary, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
}

export const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** The claims of a token that is present and not expired (SPEC.md §4 compares `exp` in seconds). */
export function currentClaims(): TokenClaims | null {
  const token = getToken();
  const claims = token ? decodeToken(token) : null;
  return claims && claims.exp > nowInSeconds() ? claims : null;
}

export function readUserState(): UserState {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(USER_STATE_KEY) ?? 'null');
    return isUserState(saved) ? saved : EMPTY_USER_STATE;
  } catch {
    return EMPTY_USER_STATE;
  }
}

const listeners = new Set<() => void>();
/** Lets React re-read the user state when it changes (useSyncExternalStore). */
export function subscribeUserState(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function writeUserState(state: UserState) {
  // Exactly the spec's keys, nothing the server may add later.
  const exact = Object.fromEntries(USER_STATE_KEYS.map((key) => [key, String(state[key] ?? '')]));
  localStorage.setItem(USER_STATE_KEY, JSON.stringify(exact));
  for (const listener of listeners) listener();
}

/** Before sign-in every key is present and empty (SPEC.md §3). */
export function ensureUserState() {
  if (localStorage.getItem(USER_STATE_KEY) === null) writeUserState(EMPTY_USER_STATE);
}

export function startSession(token: string, user: UserState) {
  const isNewPerson = readUserState().id !== user.id;
  nextSession({ type: 'start', isNewPerson });
  sessionStorage.setItem(TOKEN_KEY, token);
  writeUserState(user);
}

export function replaceToken(token: string) {
  sessionStorage.setItem(TOKEN_KEY, token);
}

/*
 * A password change ends every token of the person but the new one it answers with. A request this
 * tab sent with the old token just before may be refused after the change committed, and its 401
 * can arrive before the new token does: that refusal is not the end of this tab's session.
 */
const tokenChanges = new Set<Promise<unknown>>();

/** Runs work that ends with `replaceToken`; a refusal of the old token meanwhile waits for it. */
export function whileTokenChanges<T>(work: Promise<T>): Promise<T> {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  tokenChanges.add(settled);
  void settled.then(() => tokenChanges.delete(settled));
  return work;
}

/** Resolves once no token change is under way (at once when none is). */
export async function tokenChangesSettled() {
  while (tokenChanges.size > 0) await Promise.all(tokenChanges);
}

/** Sign-out: the token goes and the user state is emptied again. */
export function endSession() {
  nextSession({ type: 'end' });
  sessionStorage.removeItem(TOKEN_KEY);
  writeUserState(EMPTY_USER_STATE);
}

/** SPEC.md §4: on every path change, a token whose `exp` has passed (or that cannot be read) goes. */
export function dropExpiredToken() {
  if (getToken() !== null && !currentClaims()) removeToken();
}

/*
 * Sessions follow one another in a tab: each sign-in, sign-out or lost token starts a new generation.
 * Work begun in one generation (a request, a live stream) must not land in the next: a GET /me that
 * answers after sign-out would otherwise write the user state back, a change of password the token.
 */
export type SessionChange = { type: 'start'; isNewPerson: boolean } | { type: 'end' };
let generation = 0;
let sessionController = new AbortController();
const changeListeners = new Set<(change: SessionChange) => void>();

function nextSession(change: SessionChange) {
  generation += 1;
  sessionController.abort(new DOMException('The session ended', 'AbortError'));
  sessionController = new AbortController();
  for (const listener of changeListeners) listener(change);
}

/** Lets in-memory state that belongs to one person (query cache, notifications) reset itself. */
export function onSessionChange(listener: (change: SessionChange) => void) {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export type SessionScope = { readonly signal: AbortSignal; isCurrent(): boolean };

/** The session running now: its signal aborts, and `isCurrent` turns false, once another begins. */
export function sessionScope(): SessionScope {
  const at = generation;
  return { signal: sessionController.signal, isCurrent: () => generation === at };
}
