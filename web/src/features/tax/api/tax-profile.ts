import type { TaxProfile, TaxProfileBody } from '@contract/tax';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The affiliate's tax profile: null until filled in. */
export const taxProfileQuery = () =>
  queryOptions({
    queryKey: ['me', 'tax-profile'],
    queryFn: async () => (await api<{ profile: TaxProfile | null }>('/me/tax-profile')).profile,
  });

export function useTaxProfile(options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...taxProfileQuery(), enabled: options.isEnabled ?? true });
}

export function useSaveTaxProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxProfileBody) => api<TaxProfile>('/me/tax-profile', { method: 'PUT', body }),
    onSuccess: (profile) => queryClient.setQueryData(taxProfileQuery().queryKey, profile),
  });
}
