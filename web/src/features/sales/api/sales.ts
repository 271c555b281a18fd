import type {
  ApiKey,
  CreatedApiKey,
  Sale,
  SaleAction,
  SaleBody,
  SaleBulkResult,
  SaleDetail,
  SaleImportResult,
  SaleListQuery,
  SalePage,
} from '@contract/sales';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { queryString } from '../../../lib/query-string';

const SALES_KEY = ['sales'] as const;
const API_KEYS_KEY = ['api-keys'] as const;

export const salesQuery = (query: SaleListQuery) =>
  queryOptions({
    queryKey: [...SALES_KEY, 'list', query],
    queryFn: () => api<SalePage>(`/sales?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const saleQuery = (id: number) =>
  queryOptions({ queryKey: [...SALES_KEY, id], queryFn: () => api<SaleDetail>(`/sales/${id}`) });

export function useSales(query: SaleListQuery) {
  return useQuery(salesQuery(query));
}

export function useSale(id: number) {
  return useQuery(saleQuery(id));
}

export function downloadSalesCsv(query: SaleListQuery) {
  const { page: _page, page_size: _size, ...filters } = query;
  return downloadFile(`/sales/export?${queryString(filters)}`, 'vendas.csv');
}

// A subscription is made of its charges (sales): a step on one changes it too.
const SUBSCRIPTIONS_KEY = ['subscriptions'] as const;

function useSalesMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SALES_KEY }),
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY }),
      ]),
  });
}

/** Records a sale; `created` is false when the order was already recorded (the same sale comes back). */
export function useRecordSale() {
  return useSalesMutation(async (body: SaleBody) => {
    let created = true;
    const sale = await api<Sale>('/sales', { body, onStatus: (status) => (created = status === 201) });
    return { sale, created };
  });
}

export function useDecideSale() {
  return useSalesMutation(({ id, action, note }: { id: number; action: SaleAction; note?: string }) =>
    api<Sale>(`/sales/${id}/${action}`, { body: note ? { note } : {} }),
  );
}

export function useDecideSales() {
  return useSalesMutation((body: { action: SaleAction; ids: number[]; note?: string }) =>
    api<SaleBulkResult>('/sales/actions', { body }),
  );
}

export function importSalesChunk(rows: { line: number; values: Record<string, string> }[]) {
  return api<SaleImportResult>('/sales/import', { body: { rows } });
}

export function useApiKeys() {
  return useQuery({ queryKey: API_KEYS_KEY, queryFn: () => api<{ items: ApiKey[] }>('/api-keys') });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; signed: boolean }) => api<CreatedApiKey>('/api-keys', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api-keys/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
