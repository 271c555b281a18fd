import type {
  Breakdown,
  ClickBreakdown,
  ClickBreakdownQuery,
  Indicators,
  PeriodQuery,
  TopAffiliates,
  TopAffiliatesQuery,
} from '@contract/metrics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

export type BreakdownPath = 'payment-methods' | 'origins' | 'sales' | 'redemptions';

export function useBreakdown(path: BreakdownPath, query: PeriodQuery) {
  return useQuery({
    queryKey: ['metrics', path, query],
    queryFn: () => api<Breakdown & { average_days_to_pay?: number | null }>(`/metrics/${path}?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });
}

export function useTopAffiliates(query: TopAffiliatesQuery) {
  return useQuery({
    queryKey: ['metrics', 'top-affiliates', query],
    queryFn: () => api<TopAffiliates>(`/metrics/top-affiliates?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });
}

export function useIndicators(query: PeriodQuery) {
  return useQuery({
    queryKey: ['metrics', 'indicators', query],
    queryFn: () => api<Indicators>(`/metrics/indicators?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });
}

type LogPage<T> = { items: T[]; total: number; page: number; page_size: number };
export type LogEntry = {
  id: number;
  user: Record<string, string>;
  notification: Record<string, unknown>;
  timestamp: string;
  created_at: string;
};
export type AnalyticsEvent = {
  id: number;
  name: string;
  params: Record<string, unknown>;
  user_id: number;
  created_at: string;
};

/** The notification log (SPEC.md §3) and analytics events, searchable, a page at a time. */
export function useLogPage<T>(kind: 'logs' | 'analytics/events', q: string, page: number) {
  return useQuery({
    queryKey: ['metrics', kind, q, page],
    queryFn: () => api<LogPage<T>>(`/${kind}?${queryString({ q: q || undefined, page, page_size: 10 })}`),
    placeholderData: keepPreviousData,
  });
}

/** Counted clicks by one dimension (GET /metrics/clicks): an affiliate's own, or the programme's for an admin. */
export function useClickBreakdown(query: ClickBreakdownQuery) {
  return useQuery({
    queryKey: ['metrics', 'clicks', query],
    queryFn: () => api<ClickBreakdown>(`/metrics/clicks?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });
}
