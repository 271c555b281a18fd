import type { ClickFloodReport, FraudRules } from '@contract/fraud';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

export const fraudRulesQuery = () =>
  queryOptions({ queryKey: ['fraud', 'rules'], queryFn: () => api<FraudRules>('/fraud-rules') });

export function useFraudRules() {
  return useQuery(fraudRulesQuery());
}

export function useSetFraudRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FraudRules) => api<FraudRules>('/fraud-rules', { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(fraudRulesQuery().queryKey, data),
  });
}

/** Links flooded with clicks from one address, per day. */
export function useClickFloods(period: { from?: string; to?: string }) {
  return useQuery({
    queryKey: ['fraud', 'click-floods', period],
    queryFn: () => api<ClickFloodReport>(`/fraud/click-floods?${queryString(period)}`),
    placeholderData: keepPreviousData,
  });
}
