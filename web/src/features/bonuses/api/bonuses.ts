import type { Bonus, BonusAward, BonusBody, BonusPatch, MyBonuses, OneOffBonusBody } from '@contract/bonuses';
import type { Page } from '@contract/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const BONUSES_KEY = ['bonuses'] as const;

/** The affiliate's running bonuses with their progress, and the bonuses paid to them. */
export function useMyBonuses() {
  return useQuery({ queryKey: [...BONUSES_KEY, 'me'], queryFn: () => api<MyBonuses>('/me/bonuses') });
}

export function useBonuses() {
  return useQuery({
    queryKey: [...BONUSES_KEY, 'all'],
    queryFn: async () => (await api<{ items: Bonus[] }>('/bonuses')).items,
  });
}

export function useBonusAwards(page: number) {
  return useQuery({
    queryKey: [...BONUSES_KEY, 'awards', page],
    queryFn: () => api<Page<BonusAward>>(`/bonus-awards?page=${page}&page_size=10`),
    placeholderData: keepPreviousData,
  });
}

/** Creates (no id) or changes (with id) a performance bonus; the bonus lists refresh. */
export function useSaveBonus(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BonusBody | BonusPatch) =>
      id === undefined ? api<Bonus>('/bonuses', { body }) : api<Bonus>(`/bonuses/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BONUSES_KEY }),
  });
}

/** Pays one affiliate a one-off bonus; the awards refresh. */
export function useGrantBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ affiliateId, ...body }: OneOffBonusBody & { affiliateId: number }) =>
      api<BonusAward>(`/affiliates/${affiliateId}/bonuses`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BONUSES_KEY }),
  });
}

type Candidate = { id: number; code: string; first_name: string; last_name: string };

/** Approved affiliates whose name or code matches, to receive a bonus (ten at a time). */
export function useBonusCandidates(search: string) {
  return useQuery({
    queryKey: [...BONUSES_KEY, 'candidates', search],
    queryFn: () =>
      api<Page<Candidate>>(`/affiliates?status=approved&page_size=10&sort=name&q=${encodeURIComponent(search)}`),
    placeholderData: keepPreviousData,
  });
}
