import type { AffiliateDetails, ManagedUser, UpdateAffiliateBody } from '@contract/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const affiliateDetailsQuery = (id: number) =>
  queryOptions({ queryKey: ['affiliates', 'details', id], queryFn: () => api<AffiliateDetails>(`/affiliates/${id}`) });

export function useAffiliateDetails(id: number) {
  return useQuery(affiliateDetailsQuery(id));
}

export function useUpdateAffiliate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAffiliateBody) => api<AffiliateDetails>(`/affiliates/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['affiliates'] }),
  });
}

export function useDeactivateAffiliate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ManagedUser>(`/affiliates/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
