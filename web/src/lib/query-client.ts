import { QueryClient } from '@tanstack/react-query';

/** The server-state cache of the signed-in area (the sign-in screens do without it). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
