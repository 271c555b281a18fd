import type { Page } from '@contract/common';
import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookWithSecret,
} from '@contract/webhooks';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const WEBHOOKS_KEY = ['webhooks'] as const;
const deliveriesKey = (endpointId: number) => [...WEBHOOKS_KEY, endpointId, 'deliveries'] as const;

export const webhooksQuery = () =>
  queryOptions({
    queryKey: WEBHOOKS_KEY,
    queryFn: () => api<{ items: WebhookEndpoint[] }>('/webhooks'),
    refetchInterval: 30_000,
  });

export function useWebhooks() {
  return useQuery(webhooksQuery());
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => api<WebhookWithSecret>('/webhooks', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateWebhookBody }) =>
      api<WebhookEndpoint>(`/webhooks/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (id: number) => api<WebhookWithSecret>(`/webhooks/${id}/rotate-secret`, { method: 'POST' }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** A page of an endpoint's messages, newest first; refreshed while the log is open, as receivers answer. */
export const webhookDeliveriesQuery = (endpointId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...deliveriesKey(endpointId), page, pageSize],
    queryFn: () => api<Page<WebhookDelivery>>(`/webhooks/${endpointId}/deliveries?page=${page}&page_size=${pageSize}`),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export function useWebhookDeliveries(endpointId: number, page: number, pageSize: number) {
  return useQuery(webhookDeliveriesQuery(endpointId, page, pageSize));
}

export function useResendWebhookDelivery(endpointId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      api<WebhookDelivery>(`/webhooks/deliveries/${deliveryId}/resend`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
        queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true }),
      ]),
  });
}
