import type { SubscriptionListQuery, SubscriptionPage } from '@contract/subscriptions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

/** Also refreshed by every sale step (a subscription is its charges): lib/notifications and the sales mutations. */
export const SUBSCRIPTIONS_KEY = ['subscriptions'] as const;

/** Subscriptions with their totals: an admin's filtered list, or the signed-in affiliate's own (the server decides). */
export const subscriptionsQuery = (query: SubscriptionListQuery) =>
  queryOptions({
    queryKey: [...SUBSCRIPTIONS_KEY, 'list', query],
    queryFn: () => api<SubscriptionPage>(`/subscriptions?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export function useSubscriptions(query: SubscriptionListQuery) {
  return useQuery(subscriptionsQuery(query));
}
