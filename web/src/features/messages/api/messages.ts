import type { Page } from '@contract/common';
import type {
  Announcement,
  AnnouncementBody,
  Message,
  MyAnnouncement,
  MyThread,
  ThreadDetail,
  ThreadPage,
  ThreadSummary,
  UnreadCount,
} from '@contract/messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every query of this domain: a message or announcement arriving live refreshes them all. */
export const MESSAGES_KEY = ['messages'] as const;

/** The menu's badge: an affiliate's unread replies and announcements, an admin's unread inbox. */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'unread'],
    queryFn: () => api<UnreadCount>('/messages/unread'),
    staleTime: 30_000,
  });
}

/**
 * After a change, every messages query asks again (the client cancels a read already in flight
 * first: lib/query-client.ts).
 */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
}

// The affiliate's side

export function useMyThread() {
  return useQuery({ queryKey: [...MESSAGES_KEY, 'mine'], queryFn: () => api<MyThread>('/messages') });
}

export function useSendMessage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: string) => api<Message>('/messages', { body: { body } }),
    onSuccess: invalidate,
  });
}

export function useMarkMyThreadRead() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: () => api<void>('/messages/read', { method: 'POST' }), onSuccess: invalidate });
}

export function useMyAnnouncements() {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'announcements', 'mine'],
    queryFn: async () => (await api<{ items: MyAnnouncement[] }>('/me/announcements')).items,
  });
}

export function useMarkAnnouncementRead() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/me/announcements/${id}/read`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

// The admins' inbox

export type ThreadFilter = 'all' | 'mine' | 'unassigned' | 'unread';

export function useThreads(filter: ThreadFilter, search: string, page: number) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'threads', filter, search, page],
    queryFn: () =>
      api<ThreadPage>(
        `/message-threads?filter=${filter}&page=${page}&page_size=20${search ? `&q=${encodeURIComponent(search)}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useThread(id: number | null) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'thread', id],
    queryFn: () => api<ThreadDetail>(`/message-threads/${id}`),
    enabled: id !== null,
  });
}

export function useReply(threadId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: string) => api<Message>(`/message-threads/${threadId}/messages`, { body: { body } }),
    onSuccess: invalidate,
  });
}

export function useMarkThreadRead() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (threadId: number) => api<void>(`/message-threads/${threadId}/read`, { method: 'POST' }),
    // Reading is idempotent: a failed mark is tried again rather than leaving the inbox unread.
    retry: 2,
    onSuccess: invalidate,
  });
}

export function useAssignThread(threadId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (userId: number | null) =>
      api<ThreadSummary>(`/message-threads/${threadId}/assignee`, { method: 'PUT', body: { user_id: userId } }),
    onSuccess: invalidate,
  });
}

type Admin = { id: number; first_name: string; last_name: string };

/** The administrators a conversation can be assigned to. */
export function useAdmins() {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'admins'],
    queryFn: async () => (await api<Page<Admin>>('/users?role=Administrador&page_size=100')).items,
    staleTime: 5 * 60_000,
  });
}

// Announcements (admins)

export function useAnnouncements(page: number) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'announcements', 'all', page],
    queryFn: () => api<Page<Announcement>>(`/announcements?page=${page}&page_size=10`),
    placeholderData: keepPreviousData,
  });
}

export function useSendAnnouncement() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AnnouncementBody) => api<Announcement>('/announcements', { body }),
    onSuccess: invalidate,
  });
}

type Named = { id: number; name: string };

/** The levels, networks or campaigns an announcement can be sent to. */
export function useSegmentTargets(kind: 'level' | 'network' | 'campaign' | 'all') {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'targets', kind],
    enabled: kind !== 'all',
    staleTime: 60_000,
    queryFn: async () => {
      const path = { level: '/levels', network: '/networks', campaign: '/campaigns', all: '' }[kind];
      const answer = await api<{ items: Named[] } | Named[]>(`${path}?page_size=100`);
      return Array.isArray(answer) ? answer : answer.items;
    },
  });
}

/** The unsubscribe page's call: no session (the page is outside the signed-in layout and its query client). */
export const unsubscribe = (token: string) =>
  api<{ announcements_opt_out: boolean }>(`/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' });

/** The menu's unread counts, by screen: the affiliate's messages screen, or the admins' inbox. */
export function useMenuBadges(): Partial<Record<'messages' | 'adminMessages', number>> {
  const unread = useUnreadCount().data;
  if (!unread) return {};
  return { messages: unread.messages + unread.announcements, adminMessages: unread.messages };
}
