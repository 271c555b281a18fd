import type { Creative, CreativeList } from '@contract/creatives';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';
import { fetchFile, saveBlob } from '../../../lib/download';

export const CREATIVES_KEY = ['creatives'] as const;

/** A campaign's creatives: every one for an admin, an affiliate's own filled in (the server decides). */
export const creativesQuery = (campaignId: number) =>
  queryOptions({
    queryKey: [...CREATIVES_KEY, 'campaign', campaignId],
    queryFn: async () => (await api<CreativeList>(`/campaigns/${campaignId}/creatives`)).items,
  });

export function useCreatives(campaignId: number) {
  return useQuery(creativesQuery(campaignId));
}

/**
 * A creative's image or file, fetched with the session (the address needs the token, so an <img>
 * cannot load it itself). Its address changes with each upload (`?v=`), so one fetch lasts.
 */
export const creativeFileQuery = (creative: Pick<Creative, 'file_url'>) =>
  queryOptions({
    queryKey: [...CREATIVES_KEY, 'file', creative.file_url],
    queryFn: () => fetchFile(creative.file_url ?? ''),
    enabled: creative.file_url !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** An address the page can show the creative's image from, while it is on screen. */
export function useCreativeImageUrl(creative: Pick<Creative, 'file_url'>) {
  const file = useQuery(creativeFileQuery(creative));
  const [url, setUrl] = useState<string | null>(null);
  const blob = file.data?.blob;
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return { url, isPending: file.isPending && creative.file_url !== null, isError: file.isError };
}

/** Saves a creative's image or file, from what the page already fetched when it can. */
export function useDownloadCreative() {
  const queryClient = useQueryClient();
  return async (creative: Pick<Creative, 'file_url' | 'file_name' | 'title'>) => {
    const { blob, name } = await queryClient.fetchQuery(creativeFileQuery(creative));
    saveBlob(blob, name ?? creative.file_name ?? creative.title);
  };
}
