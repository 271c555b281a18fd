import type { Dashboard, PeriodQuery } from '@contract/metrics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type DashboardScope, dashboardPath } from './dashboard-path';

/** An affiliate's own dashboard, or (admin) the programme's. */
export function useDashboard(scope: DashboardScope, query: PeriodQuery) {
  return useQuery({
    queryKey: ['metrics', scope, query],
    queryFn: () => api<Dashboard>(dashboardPath(scope, query)),
    placeholderData: keepPreviousData,
  });
}
