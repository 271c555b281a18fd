import type { PayoutBatch, payPayoutBatchBodySchema } from '@contract/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { payoutBatchKey } from './get-payout-batch';
import { PAYOUTS_KEY } from './get-payout-batches';

export type PayPayoutBatchBody = z.input<typeof payPayoutBatchBodySchema>;

/**
 * Pays an open batch: by hand with the bank's reference (every item paid at once), or through the
 * provider (the batch is `paying` until each transfer is confirmed). A refusal refreshes it too.
 */
export function usePayPayoutBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PayPayoutBatchBody }) =>
      api<PayoutBatch>(`/payout-batches/${id}/pay`, { body }),
    onSuccess: (batch) => queryClient.setQueryData(payoutBatchKey(batch.id), batch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
  });
}
