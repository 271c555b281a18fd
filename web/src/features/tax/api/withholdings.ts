import type { WithholdingSettings, Withholdings } from '@contract/tax';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const KEY = ['settings', 'withholdings'] as const;

/** The rates withheld when paying a person (RPA), as the admin keeps them (docs/decisions/038). */
export function useWithholdingSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => api<WithholdingSettings>('/settings/withholdings') });
}

export function useSaveWithholdingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithholdingSettings) =>
      api<WithholdingSettings>('/settings/withholdings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      void queryClient.invalidateQueries({ queryKey: [...KEY, 'preview'] });
    },
  });
}

/** What a person paid `grossCents` receives under the saved rates. */
export function useWithholdingPreview(grossCents: number | null) {
  return useQuery({
    queryKey: [...KEY, 'preview', grossCents],
    queryFn: () => api<Withholdings>(`/settings/withholdings/preview?gross_cents=${grossCents}`),
    enabled: grossCents !== null && grossCents > 0,
  });
}
