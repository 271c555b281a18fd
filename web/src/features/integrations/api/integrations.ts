import type { Page } from '@contract/common';
import type {
  CreateIntegrationBody,
  Integration,
  IntegrationDelivery,
  IntegrationDeliveryOutcome,
  IntegrationProductsBody,
  integrationProductListSchema,
  UpdateIntegrationBody,
} from '@contract/integrations';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

const INTEGRATIONS_KEY = ['integrations'] as const;
const productsKey = (id: number) => [...INTEGRATIONS_KEY, id, 'products'] as const;
const deliveriesKey = (id: number) => [...INTEGRATIONS_KEY, id, 'deliveries'] as const;

type ProductList = z.infer<typeof integrationProductListSchema>;
export type IntegrationProductRow = ProductList['items'][number];

/** The connections, with what waits for an admin and the last call: refreshed as platforms call. */
export const integrationsQuery = () =>
  queryOptions({
    queryKey: INTEGRATIONS_KEY,
    queryFn: () => api<{ items: Integration[] }>('/integrations'),
    refetchInterval: 30_000,
  });

export function useIntegrations() {
  return useQuery(integrationsQuery());
}

export function useCreateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIntegrationBody) => api<Integration>('/integrations', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY, exact: true }),
  });
}

export function useUpdateIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateIntegrationBody }) =>
      api<Integration>(`/integrations/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY, exact: true }),
  });
}

export function useDeleteIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/integrations/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY, exact: true }),
  });
}

export const integrationProductsQuery = (id: number) =>
  queryOptions({
    queryKey: productsKey(id),
    queryFn: () => api<ProductList>(`/integrations/${id}/products`),
  });

export function useIntegrationProducts(id: number) {
  return useQuery(integrationProductsQuery(id));
}

/** Replaces the whole product map; the answer is the map as stored. */
export function useReplaceIntegrationProducts(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntegrationProductsBody) =>
      api<ProductList>(`/integrations/${id}/products`, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(productsKey(id), saved),
  });
}

export type DeliveryFilter = { page: number; page_size: number; outcome?: IntegrationDeliveryOutcome };

/** A page of the connection's calls, newest first; refreshed every 10 s while the log is open. */
export const integrationDeliveriesQuery = (id: number, filter: DeliveryFilter) =>
  queryOptions({
    queryKey: [...deliveriesKey(id), filter],
    queryFn: () => api<Page<IntegrationDelivery>>(`/integrations/${id}/deliveries?${queryString(filter)}`),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export function useIntegrationDeliveries(id: number, filter: DeliveryFilter) {
  return useQuery(integrationDeliveriesQuery(id, filter));
}

/** The log and the list's "needs attention" count change together: both are refreshed. */
function useRefreshLog(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
      queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY, exact: true }),
    ]);
}

export function useReplayDelivery(id: number) {
  const refresh = useRefreshLog(id);
  return useMutation({
    mutationFn: ({ deliveryId, affiliateCode }: { deliveryId: number; affiliateCode?: string }) =>
      api<IntegrationDelivery>(`/integrations/${id}/deliveries/${deliveryId}/replay`, {
        body: affiliateCode ? { affiliate_code: affiliateCode } : {},
      }),
    onSuccess: refresh,
  });
}

export function useSendTestEvent(id: number) {
  const refresh = useRefreshLog(id);
  return useMutation({
    mutationFn: (body: { affiliate_code: string; amount_cents: number }) =>
      api<IntegrationDelivery>(`/integrations/${id}/test-event`, { body }),
    onSuccess: refresh,
  });
}
