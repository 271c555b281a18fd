import type { Affiliate } from '@contract/affiliates';
import type { Page } from '@contract/common';
import type { Network, NetworkBody, NetworkDetails } from '@contract/networks';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const NETWORKS_KEY = ['networks'] as const;

export const networksQuery = () =>
  queryOptions({ queryKey: NETWORKS_KEY, queryFn: async () => (await api<{ items: Network[] }>('/networks')).items });

export const networkQuery = (id: number) =>
  queryOptions({ queryKey: [...NETWORKS_KEY, id], queryFn: () => api<NetworkDetails>(`/networks/${id}`) });

export function useNetworks() {
  return useQuery(networksQuery());
}

export function useNetwork(id: number) {
  return useQuery(networkQuery(id));
}

export function useSaveNetwork(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NetworkBody) =>
      id === undefined
        ? api<NetworkDetails>('/networks', { body })
        : api<NetworkDetails>(`/networks/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NETWORKS_KEY }),
  });
}

export function useNetworkMembership(networkId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: NETWORKS_KEY });
  return {
    add: useMutation({
      mutationFn: (input: { affiliateId: number; move: boolean }) =>
        api<NetworkDetails>(`/networks/${networkId}/affiliates`, {
          body: { affiliate_id: input.affiliateId, move: input.move },
        }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (affiliateId: number) =>
        api<NetworkDetails>(`/networks/${networkId}/affiliates/${affiliateId}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}

/** Approved affiliates matching a search, to add to a network. */
export function useAffiliateSearch(q: string) {
  return useQuery({
    queryKey: ['affiliates', 'search', q],
    queryFn: () =>
      api<Page<Affiliate>>(`/affiliates?status=approved&page_size=10&sort=name&q=${encodeURIComponent(q)}`),
    placeholderData: keepPreviousData,
  });
}
