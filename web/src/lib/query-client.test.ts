import { QueryObserver } from '@tanstack/react-query';
import { afterEach, expect, test } from 'vitest';
import { queryClient } from './query-client';

afterEach(() => queryClient.clear());

/** A server whose answers the test releases one by one; each answer is the rows as they were when asked. */
function slowServer() {
  let rows = ['requested'];
  const pending: (() => void)[] = [];
  const read = () =>
    new Promise<string[]>((resolve) => {
      const asked = [...rows];
      pending.push(() => resolve(asked));
    });
  return {
    read,
    write: (next: string[]) => {
      rows = next;
    },
    answerAll: () => {
      for (const answer of pending.splice(0)) answer();
    },
    get waiting() {
      return pending.length;
    },
  };
}

/**
 * A write lands and the screen invalidates `queryKey`: answers how many reads were waiting on the
 * server right after the invalidation, once every read is answered and the invalidation is done.
 */
async function writeThenInvalidate(server: ReturnType<typeof slowServer>, queryKey: string[]) {
  server.write(['approved']);
  const invalidated = queryClient.invalidateQueries({ queryKey });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const waiting = server.waiting;
  server.answerAll();
  await invalidated;
  return waiting;
}

test('an invalidation after a write is answered by a read that starts after it, even when the query has no data yet', async () => {
  const server = slowServer();
  // A list's first read of a new search is on its way (the query has no data yet)...
  const observer = new QueryObserver(queryClient, {
    queryKey: ['ledger', 'redemptions', { q: 'A1' }],
    queryFn: server.read,
  });
  const seen: (string[] | undefined)[] = [];
  const unsubscribe = observer.subscribe((result) => seen.push(result.data));
  expect(server.waiting).toBe(1);

  // ...when a write lands and the screen invalidates the list: a second read was started for the
  // invalidation, not the first one reused.
  expect(await writeThenInvalidate(server, ['ledger'])).toBe(2);

  expect(observer.getCurrentResult().data).toEqual(['approved']);
  // The answer from before the write was never shown.
  expect(seen).not.toContainEqual(['requested']);
  unsubscribe();
});

test('an invalidation with nothing in flight reads anew once, as before', async () => {
  const server = slowServer();
  const observer = new QueryObserver(queryClient, { queryKey: ['sales', 'list'], queryFn: server.read });
  const unsubscribe = observer.subscribe(() => {});
  server.answerAll();
  await queryClient.getQueryCache().find({ queryKey: ['sales', 'list'] })?.promise;
  expect(observer.getCurrentResult().data).toEqual(['requested']);

  expect(await writeThenInvalidate(server, ['sales'])).toBe(1);
  expect(observer.getCurrentResult().data).toEqual(['approved']);
  unsubscribe();
});
