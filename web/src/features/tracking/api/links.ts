import type { CreateLinkBody, TrackingLink } from '@contract/tracking';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const LINKS_KEY = ['links'] as const;

export const linksQuery = (campaignId?: number) =>
  queryOptions({
    queryKey: [...LINKS_KEY, campaignId ?? 'all'],
    queryFn: async () =>
      (await api<{ items: TrackingLink[] }>(`/links${campaignId ? `?campaign_id=${campaignId}` : ''}`)).items,
  });

export function useLinks(campaignId?: number) {
  return useQuery(linksQuery(campaignId));
}

export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLinkBody) => api<TrackingLink>('/links', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINKS_KEY }),
  });
}
