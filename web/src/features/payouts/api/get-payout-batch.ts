import type { PayoutBatch } from '@contract/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { PAYING_REFRESH_MS, PAYOUTS_KEY } from './get-payout-batches';

export const payoutBatchKey = (id: number) => [...PAYOUTS_KEY, 'one', id] as const;

/** One batch and its items; asked again every few seconds while its transfers are on their way. */
export const payoutBatchQuery = (id: number) =>
  queryOptions({
    queryKey: payoutBatchKey(id),
    queryFn: () => api<PayoutBatch>(`/payout-batches/${id}`),
    refetchInterval: (query) => (query.state.data?.status === 'paying' ? PAYING_REFRESH_MS : false),
  });

export function usePayoutBatch(id: number) {
  return useQuery(payoutBatchQuery(id));
}

/** The batch as the bank portal's payment file (CSV), named by the server. */
export const downloadPayoutBatchCsv = (id: number) => downloadFile(`/payout-batches/${id}/export`, `lote-${id}.csv`);
