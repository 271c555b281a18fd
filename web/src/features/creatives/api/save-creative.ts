import type { Creative, CreativeBody, CreativePatch } from '@contract/creatives';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, uploadFile } from '../../../lib/api-client';
import { CREATIVES_KEY } from './get-creatives';

/** Every change refreshes the campaign's list through the shared key. */
function useCreativeMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CREATIVES_KEY }),
  });
}

/** A new creative (its image or file follows with useUploadCreativeFile), or a change to one. */
export function useSaveCreative(campaignId: number) {
  return useCreativeMutation(({ id, body }: { id?: number; body: CreativeBody | CreativePatch }) =>
    id === undefined
      ? api<Creative>(`/campaigns/${campaignId}/creatives`, { body })
      : api<Creative>(`/creatives/${id}`, { method: 'PATCH', body }),
  );
}

/** An image's or a file's bytes, as they are: the server checks what they are. */
export function useUploadCreativeFile() {
  return useCreativeMutation(({ id, file }: { id: number; file: File }) =>
    uploadFile<Creative>(`/creatives/${id}/file`, file),
  );
}

export function useDeleteCreative() {
  return useCreativeMutation((id: number) => api<void>(`/creatives/${id}`, { method: 'DELETE' }));
}
