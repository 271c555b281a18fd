import type { Affiliate, AffiliateListQuery, ListedAffiliate } from '@contract/affiliates';
import type { Page } from '@contract/common';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

const AFFILIATES_KEY = ['affiliates'] as const;

export const affiliatesQuery = (query: AffiliateListQuery) =>
  queryOptions({
    queryKey: [...AFFILIATES_KEY, query],
    queryFn: () => api<Page<ListedAffiliate>>(`/affiliates?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export function useAffiliates(query: AffiliateListQuery) {
  return useQuery(affiliatesQuery(query));
}

/** Decides one registration; the lists refresh through their shared key. */
export function useDecideAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: number; approve: true } | { id: number; approve: false; reason: string }) =>
      decision.approve
        ? api<Affiliate>(`/affiliates/${decision.id}/approve`, { method: 'POST' })
        : api<Affiliate>(`/affiliates/${decision.id}/reject`, { body: { reason: decision.reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AFFILIATES_KEY }),
  });
}
