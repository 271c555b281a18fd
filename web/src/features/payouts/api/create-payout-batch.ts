import type { PayoutBatch, PayoutBatchBody } from '@contract/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { payoutBatchKey } from './get-payout-batch';
import { PAYOUTS_KEY } from './get-payout-batches';

/** A batch of the approved redemptions picked, or of every approved one requested up to a day. */
export function useCreatePayoutBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutBatchBody) => api<PayoutBatch>('/payout-batches', { body }),
    onSuccess: (batch) => {
      queryClient.setQueryData(payoutBatchKey(batch.id), batch);
      return queryClient.invalidateQueries({ queryKey: [...PAYOUTS_KEY, 'list'] });
    },
  });
}
