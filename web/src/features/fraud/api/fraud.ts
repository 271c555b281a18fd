import type { ChargebackRateReport, ClickFloodReport, FraudRules } from '@contract/fraud';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

const CHARGEBACK_RATES_KEY = ['fraud', 'chargeback-rates'] as const;

export const fraudRulesQuery = () =>
  queryOptions({ queryKey: ['fraud', 'rules'], queryFn: () => api<FraudRules>('/fraud-rules') });

export function useFraudRules() {
  return useQuery(fraudRulesQuery());
}

export function useSetFraudRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FraudRules) => api<FraudRules>('/fraud-rules', { method: 'PUT', body }),
    onSuccess: (data) => {
      queryClient.setQueryData(fraudRulesQuery().queryKey, data);
      // The report marks affiliates by the rule's threshold and counts over its days.
      return queryClient.invalidateQueries({ queryKey: CHARGEBACK_RATES_KEY });
    },
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

/** Each affiliate's chargeback rate over the rule's days, worst first, and whether the rule holds their sales. */
export function useChargebackRates() {
  return useQuery({
    queryKey: CHARGEBACK_RATES_KEY,
    queryFn: () => api<ChargebackRateReport>('/fraud/chargeback-rates'),
  });
}
