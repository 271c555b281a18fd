import type { Page } from '@contract/common';
import type { MailDelivery, MailState } from '@contract/mail';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A page of the outbox's mails, newest first; refreshed while open, as the worker sends them. */
export const mailsQuery = (page: number, pageSize: number, state: MailState | null) =>
  queryOptions({
    queryKey: ['mails', page, pageSize, state] as const,
    queryFn: () =>
      api<Page<MailDelivery>>(`/mails?page=${page}&page_size=${pageSize}${state ? `&state=${state}` : ''}`),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export function useMails(page: number, pageSize: number, state: MailState | null) {
  return useQuery(mailsQuery(page, pageSize, state));
}
