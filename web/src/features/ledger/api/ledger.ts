import type {
  Balance,
  LedgerEntry,
  PaymentListQuery,
  PaymentPage,
  Redemption,
  RedemptionBody,
  RedemptionListQuery,
  RedemptionPage,
} from '@contract/ledger';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { queryString } from '../../../lib/query-string';

/** Everything money: a redemption's step changes the balance, the statement and the payments. */
const LEDGER_KEY = ['ledger'] as const;

export function useBalance() {
  return useQuery({ queryKey: [...LEDGER_KEY, 'balance'], queryFn: () => api<Balance>('/balance') });
}

export function useStatement(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...LEDGER_KEY, 'statement', page, pageSize],
    queryFn: () =>
      api<{ items: LedgerEntry[]; total: number; page: number; page_size: number }>(
        `/ledger?page=${page}&page_size=${pageSize}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRedemptions(query: RedemptionListQuery) {
  return useQuery({
    queryKey: [...LEDGER_KEY, 'redemptions', query],
    queryFn: () => api<RedemptionPage>(`/redemptions?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });
}

export function usePayments(query: PaymentListQuery) {
  return useQuery({
    queryKey: [...LEDGER_KEY, 'payments', query],
    queryFn: () => api<PaymentPage>(`/payments?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });
}

export const downloadStatement = () => downloadFile('/ledger/export', 'extrato.csv');
export const downloadPayments = (query: PaymentListQuery) => {
  const { page: _p, page_size: _s, ...filters } = query;
  return downloadFile(`/payments/export?${queryString(filters)}`, 'pagamentos.csv');
};

/**
 * Refetches the money screens after a step, and after a refusal too (it means they were out of date).
 * The caller gets its answer without waiting for the refetch, so it can keep the decided row in view.
 */
function useLedgerMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: LEDGER_KEY });
    },
  });
}

/**
 * Refetches the money screens after a change made elsewhere (a payout batch paid its redemptions):
 * the screen that composes both domains calls it.
 */
export function useRefreshLedger() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: LEDGER_KEY });
}

/** One Idempotency-Key per request the person makes: a network retry can never redeem twice. */
export function useRequestRedemption() {
  return useLedgerMutation(({ body, key }: { body: RedemptionBody; key: string }) =>
    api<Redemption>('/redemptions', { body, headers: { 'idempotency-key': key } }),
  );
}

export type RedemptionDecision =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'pay'; reference: string; paid_at?: string };

export function useDecideRedemption() {
  return useLedgerMutation(({ id, decision }: { id: number; decision: RedemptionDecision }) => {
    const { action, ...body } = decision;
    return api<Redemption>(`/redemptions/${id}/${action}`, { body });
  });
}

export function useRedemptionRules() {
  return useQuery({
    queryKey: [...LEDGER_KEY, 'rules'],
    queryFn: () => api<{ one_open_at_a_time: boolean }>('/settings/redemptions'),
  });
}

export function useSetRedemptionRules() {
  return useLedgerMutation((body: { one_open_at_a_time: boolean }) =>
    api<{ one_open_at_a_time: boolean }>('/settings/redemptions', { method: 'PUT', body }),
  );
}
