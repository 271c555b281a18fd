import { useSyncExternalStore } from 'react';
import { readUserState, subscribeUserState, USER_STATE_KEY } from './session';

let cached: { raw: string | null; state: ReturnType<typeof readUserState> } | null = null;

function snapshot() {
  const raw = localStorage.getItem(USER_STATE_KEY);
  if (!cached || cached.raw !== raw) cached = { raw, state: readUserState() };
  return cached.state;
}

/** The signed-in user state of SPEC.md §3, re-read whenever it changes. */
export function useUserState() {
  return useSyncExternalStore(subscribeUserState, snapshot);
}
