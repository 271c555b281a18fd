import type { Level, LevelBody, LevelProgress, PromotionRun, PromotionSettings } from '@contract/levels';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const LEVELS_KEY = ['levels'] as const;

export const levelsQuery = () =>
  queryOptions({ queryKey: LEVELS_KEY, queryFn: async () => (await api<{ items: Level[] }>('/levels')).items });

export const levelQuery = (id: number) =>
  queryOptions({ queryKey: [...LEVELS_KEY, id], queryFn: () => api<Level>(`/levels/${id}`) });

export function useLevels() {
  return useQuery(levelsQuery());
}

export function useLevel(id: number) {
  return useQuery(levelQuery(id));
}

/** Creates (no id) or changes (with id) a level; every level list refreshes through the shared key. */
export function useSaveLevel(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LevelBody) =>
      id === undefined ? api<Level>('/levels', { body }) : api<Level>(`/levels/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEVELS_KEY }),
  });
}

export function useDeleteLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/levels/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEVELS_KEY }),
  });
}

export function useMyLevel() {
  return useQuery({ queryKey: [...LEVELS_KEY, 'me'], queryFn: () => api<LevelProgress>('/me/level') });
}

export function usePromotionSettings() {
  return useQuery({
    queryKey: [...LEVELS_KEY, 'promotion'],
    queryFn: () => api<PromotionSettings>('/levels/promotion'),
  });
}

export function useSetPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api<PromotionSettings>('/levels/promotion', { method: 'PUT', body: { enabled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEVELS_KEY }),
  });
}

/** Promotes now; the levels list (holders) refreshes after. */
export function useRunPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<PromotionRun>('/levels/promotion/run', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LEVELS_KEY }),
  });
}
