import type { Dashboard, PeriodQuery } from '@contract/metrics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

/** An affiliate's own dashboard, or (admin) the programme's. */
export function useDashboard(scope: 'me' | 'overview', query: PeriodQuery) {
  return useQuery({
    queryKey: ['metrics', scope, query],
    queryFn: () => api<Dashboard>(`/metrics/${scope}?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });
}
