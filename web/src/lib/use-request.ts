import { useCallback, useState } from 'react';

/**
 * One request a screen makes on demand, with its pending flag. The sign-in screens use it instead
 * of TanStack Query, which only the signed-in area loads.
 */
export function useRequest<A extends unknown[], R>(request: (...args: A) => Promise<R>) {
  const [isPending, setPending] = useState(false);
  const run = useCallback(
    async (...args: A) => {
      setPending(true);
      try {
        return await request(...args);
      } finally {
        setPending(false);
      }
    },
    [request],
  );
  return { run, isPending };
}
