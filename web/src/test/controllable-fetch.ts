import { vi } from 'vitest';

export type Call = { url: string; init: RequestInit; answer: (status: number, body?: unknown) => void };

/** A server that answers when the test says so; like the browser's fetch, an abort rejects it. */
export function controllableFetch({ honoursAbort = true } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          calls.push({
            url,
            init,
            answer: (status, body) =>
              resolve(
                new Response(body === undefined ? null : JSON.stringify(body), {
                  status,
                  headers: body === undefined ? {} : { 'content-type': 'application/json' },
                }),
              ),
          });
          if (honoursAbort) init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    ),
  );
  return calls;
}
