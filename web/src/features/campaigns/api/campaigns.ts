import type { Campaign, CampaignBody, CampaignListItem, CampaignListQuery, CampaignStats } from '@contract/campaigns';
import type { Page } from '@contract/common';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, uploadFile } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

const CAMPAIGNS_KEY = ['campaigns'] as const;

export const campaignsQuery = (query: CampaignListQuery) =>
  queryOptions({
    queryKey: [...CAMPAIGNS_KEY, 'list', query],
    queryFn: () => api<Page<CampaignListItem>>(`/campaigns?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

export const campaignQuery = (id: number) =>
  queryOptions({ queryKey: [...CAMPAIGNS_KEY, id], queryFn: () => api<Campaign>(`/campaigns/${id}`) });

export function useCampaigns(query: CampaignListQuery) {
  return useQuery(campaignsQuery(query));
}

export function useCampaign(id: number) {
  return useQuery(campaignQuery(id));
}

export function useSaveCampaign(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignBody) =>
      id === undefined
        ? api<Campaign>('/campaigns', { body })
        : api<Campaign>(`/campaigns/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
}

export function useUploadCampaignImage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile<Campaign>(`/campaigns/${id}/image`, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
}

export function useCampaignStats(id: number) {
  return useQuery({
    queryKey: ['campaigns', id, 'stats'],
    queryFn: () => api<CampaignStats>(`/campaigns/${id}/stats`),
  });
}
