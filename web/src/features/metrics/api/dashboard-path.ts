import type { PeriodQuery } from '@contract/metrics';
import { queryString } from '../../../lib/query-string';

export type DashboardScope = 'me' | 'overview';

/**
 * The dashboard's API path. Free of React and the query cache, so the boot script asks for the
 * home's figures with the very path the home will ask for (app/first-requests.ts).
 */
export function dashboardPath(scope: DashboardScope, query: PeriodQuery): string {
  return `/metrics/${scope}?${queryString(query)}`;
}
