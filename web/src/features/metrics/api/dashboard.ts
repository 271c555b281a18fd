import type { Dashboard, PeriodQuery } from '@contract/metrics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const search = (query: PeriodQuery) =>
  new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** An affiliate's own dashboard, or (admin) the programme's. */
export function useDashboard(scope: 'me' | 'overview', query: PeriodQuery) {
  return useQuery({
    queryKey: ['metrics', scope, query],
    queryFn: () => api<Dashboard>(`/metrics/${scope}?${search(query)}`),
    placeholderData: keepPreviousData,
  });
}
