import type { PayoutBatch } from '@contract/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { payoutBatchKey } from './get-payout-batch';
import { PAYOUTS_KEY } from './get-payout-batches';

/**
 * An admin's call on a held item (docs/decisions/037): `release` sends it again to the holder the
 * provider reported; `fail` puts its redemption back in the queue.
 */
export function useDecideHeldItem(batchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, decision }: { itemId: number; decision: 'release' | 'fail' }) =>
      api<PayoutBatch>(`/payout-batches/${batchId}/items/${itemId}/${decision}`, { method: 'POST' }),
    onSuccess: (batch) => queryClient.setQueryData(payoutBatchKey(batch.id), batch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
  });
}
