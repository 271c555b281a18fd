import { MutationCache, QueryClient } from '@tanstack/react-query';
import { onSessionChange } from './session';

/** The server-state cache of the signed-in area (the sign-in screens do without it). */
export const queryClient: QueryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  // Every admin write lands in the audit log, so any "latest changes" on screen refreshes after one.
  mutationCache: new MutationCache({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['audit'] }),
  }),
});

// Cached answers belong to the person who asked: a new session starts from an empty cache. Clearing
// also cancels what is under way and any retry still waiting.
onSessionChange(() => queryClient.clear());
