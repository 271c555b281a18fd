import type { ProgrammeSettings, ProgrammeSettingsBody } from '@contract/programme';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const SETTINGS_KEY = ['programme', 'settings'] as const;

export function useProgrammeSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api<ProgrammeSettings>('/programme/settings') });
}

/** Replaces the whole page; the answer (with the new questions' ids) becomes the cached settings. */
export function useSaveProgrammeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProgrammeSettingsBody) => api<ProgrammeSettings>('/programme/settings', { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_KEY, settings),
  });
}
