import type { PayoutProvider } from '@contract/payouts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How batches are paid here (PAYOUT_PROVIDER): the pay dialog offers the provider when there is one. */
export function usePayoutSettings() {
  return useQuery({
    queryKey: ['settings', 'payouts'],
    queryFn: () => api<{ provider: PayoutProvider }>('/settings/payouts'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
