import type { Page } from '@contract/common';
import type {
  PostbackDelivery,
  PostbackSettings,
  PostbackTestResult,
  TestPostbackBody,
  UpdatePostbackBody,
} from '@contract/postbacks';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const POSTBACK_KEY = ['me', 'postback'] as const;
const DELIVERIES_KEY = [...POSTBACK_KEY, 'deliveries'] as const;

export const postbackQuery = () =>
  queryOptions({ queryKey: POSTBACK_KEY, queryFn: () => api<PostbackSettings>('/me/postback') });

export function usePostback() {
  return useQuery(postbackQuery());
}

export function useUpdatePostback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePostbackBody) => api<PostbackSettings>('/me/postback', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(POSTBACK_KEY, saved),
  });
}

export function useTestPostback() {
  return useMutation({
    mutationFn: (body: TestPostbackBody) => api<PostbackTestResult>('/me/postback/test', { body }),
  });
}

/** A page of deliveries, newest first; refreshed while the screen is open, as trackers answer. */
export const postbackDeliveriesQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...DELIVERIES_KEY, page, pageSize],
    queryFn: () => api<Page<PostbackDelivery>>(`/me/postback/deliveries?page=${page}&page_size=${pageSize}`),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

export function usePostbackDeliveries(page: number, pageSize: number) {
  return useQuery(postbackDeliveriesQuery(page, pageSize));
}
