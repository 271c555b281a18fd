import { onSessionChange } from '../session';

/** SPEC.md §3: a generated unique id plus whatever fields are passed in; title and text are read. */
export type AppNotification = { id: string; title: string; text: string } & Record<string, unknown>;
export type NewNotification = { title: string; text: string } & Record<string, unknown>;

type State = { list: AppNotification[]; unread: number };
let state: State = { list: [], unread: 0 };
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** SPEC.md §4: in memory only, starts empty; adding appends one item with a random id. */
export const notificationStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add(fields: NewNotification): AppNotification {
    const notification = { id: crypto.randomUUID(), ...fields } as AppNotification;
    state = { list: [...state.list, notification], unread: state.unread + 1 };
    emit();
    return notification;
  },
  markAllRead() {
    if (state.unread === 0) return;
    state = { ...state, unread: 0 };
    emit();
  },
  clear() {
    state = { list: [], unread: 0 };
    emit();
  },
};

// SPEC.md §4, for each person: the list empties when a session ends and when someone else signs in.
onSessionChange((change) => {
  if (change.type === 'end' || change.isNewPerson) notificationStore.clear();
});
