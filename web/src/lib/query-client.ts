import { type InvalidateOptions, type InvalidateQueryFilters, MutationCache, QueryClient } from '@tanstack/react-query';
import { onSessionChange } from './session';

/**
 * A QueryClient whose invalidation is always answered by a read that starts after it. TanStack
 * Query reuses a read already in flight when its query has no data yet (a list's first read of a
 * new search, shown meanwhile with the previous rows): that read began before the write, so the
 * screen kept the rows as they were before it (an approved request still "Requested"). Cancelling
 * what is in flight first makes every invalidation read anew.
 */
class WriteAwareQueryClient extends QueryClient {
  override async invalidateQueries(filters?: InvalidateQueryFilters, options?: InvalidateOptions): Promise<void> {
    await this.cancelQueries({ ...filters, fetchStatus: 'fetching' });
    return super.invalidateQueries(filters, options);
  }
}

/** The server-state cache of the signed-in area (the sign-in screens do without it). */
export const queryClient: QueryClient = new WriteAwareQueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  // Every admin write lands in the audit log, so any "latest changes" on screen refreshes after one.
  mutationCache: new MutationCache({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['audit'] }),
  }),
});

// Cached answers belong to the person who asked: a new session starts from an empty cache. Clearing
// also cancels what is under way and any retry still waiting.
onSessionChange(() => queryClient.clear());
