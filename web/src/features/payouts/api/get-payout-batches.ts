import type { PayoutBatchPage, PayoutBatchStatus } from '@contract/payouts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

/** Every payout batch query: a list page, or one batch with its items. */
export const PAYOUTS_KEY = ['payout-batches'] as const;

/** How often a list or a batch with transfers on their way is asked again. */
export const PAYING_REFRESH_MS = 3_000;

export type PayoutBatchFilter = { page: number; page_size: number; status?: PayoutBatchStatus };

/** A page of batches, newest first; refreshed while one of them is paying. */
export const payoutBatchesQuery = (filter: PayoutBatchFilter) =>
  queryOptions({
    queryKey: [...PAYOUTS_KEY, 'list', filter],
    queryFn: () => api<PayoutBatchPage>(`/payout-batches?${queryString(filter)}`),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((b) => b.status === 'paying') ? PAYING_REFRESH_MS : false,
  });

export function usePayoutBatches(filter: PayoutBatchFilter) {
  return useQuery(payoutBatchesQuery(filter));
}
