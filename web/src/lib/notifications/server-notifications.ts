import type { Notification, NotificationList } from '@contract/notifications';
import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryClient } from '../query-client';
import { onSessionChange } from '../session';

/**
 * The person's notifications as the server keeps them (GET /notifications), so the bell shows
 * what is still unread after a reload or the next sign-in, and marking them read is remembered.
 */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const notificationsQuery = () =>
  queryOptions({ queryKey: NOTIFICATIONS_KEY, queryFn: () => api<NotificationList>('/notifications') });

/**
 * Ids shown as unread during this visit: they stay in the bell once read, until the page is left.
 * A reload starts empty, so what was read is gone and only what is still unread comes back.
 */
const shownThisVisit = new Set<number>();
onSessionChange(() => shownThisVisit.clear());

/** The notifications the bell lists (unread, or read during this visit), newest first, and the unread count. */
export function useBellNotifications(): { items: Notification[]; unread: number } {
  const { data } = useQuery(notificationsQuery());
  for (const n of data?.items ?? []) if (n.read_at === null) shownThisVisit.add(n.id);
  return {
    items: (data?.items ?? []).filter((n) => n.read_at === null || shownThisVisit.has(n.id)),
    unread: data?.unread ?? 0,
  };
}

/** Marks read, on the server, every notification the person has seen (up to the newest listed). */
export async function markNotificationsRead() {
  const data = queryClient.getQueryData<NotificationList>(NOTIFICATIONS_KEY);
  const newest = data?.items[0]?.id;
  if (!data || data.unread === 0 || newest === undefined) return;
  const now = new Date().toISOString();
  queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, {
    items: data.items.map((n) => (n.read_at === null && n.id <= newest ? { ...n, read_at: now } : n)),
    unread: data.items.filter((n) => n.read_at === null && n.id > newest).length,
  });
  try {
    await api<void>('/notifications/read', { body: { up_to_id: newest } });
  } finally {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  }
}

/**
 * What each kind of notification is about, as the query keys of the lists showing it: those lists
 * refetch when one arrives, so a sale approved by an admin shows up on the open sales screen.
 */
const REFRESHES: { kind: string; keys: QueryKey[] }[] = [
  { kind: 'sale.', keys: [['sales'], ['subscriptions'], ['ledger'], ['metrics']] },
  { kind: 'redemption.', keys: [['ledger'], ['metrics']] },
  { kind: 'affiliate.', keys: [['affiliates'], ['networks'], ['metrics']] },
  { kind: 'level.', keys: [['levels']] },
  { kind: 'campaign.', keys: [['campaigns']] },
  { kind: 'message.', keys: [['messages']] },
  { kind: 'announcement', keys: [['messages']] },
];

/** A notification that arrived live: into the bell at once, and the lists it is about refreshed. */
export function receiveNotification(notification: Omit<Notification, 'read_at'>) {
  queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, (data) => {
    if (!data || data.items.some((n) => n.id === notification.id)) return data;
    return { items: [{ ...notification, read_at: null }, ...data.items], unread: data.unread + 1 };
  });
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  for (const { kind, keys } of REFRESHES) {
    if (!notification.kind.startsWith(kind)) continue;
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  }
}
