import type { FieldError, Problem } from '@contract/problem';
import { takeEarlyResponse } from './early-requests';
import { getToken, type SessionScope, sessionScope, tokenChangesSettled } from './session';

export const API_BASE = '/api/v1';

/** An answer of the API that was not a success, with its problem details. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];
  readonly problem: Partial<Problem>;

  constructor(status: number, problem: Partial<Problem>) {
    super(problem.detail ?? problem.title ?? `Request failed with status ${status}`);
    this.status = status;
    this.code = problem.code ?? 'ERROR';
    this.errors = problem.errors ?? [];
    this.problem = problem;
  }
}

type Handlers = { onUnauthorized?: () => void; onMaintenance?: (message: string) => void };
const handlers: Handlers = {};

/** The router decides where a lost session or maintenance leads; the client only reports them. */
export function setApiHandlers(next: Handlers) {
  Object.assign(handlers, next);
}

export type RequestOptions = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Told the status of a successful answer (201 created vs 200 the same thing again). */
  onStatus?: (status: number) => void;
  /**
   * Sends this token rather than the session's, in a request that belongs to no session: its answer
   * is taken even after the session changed, and it outlives the page (sign-out's call).
   */
  token?: string;
  /** The request whose answer replaces the token (a password change): a refusal of it is final. */
  changesToken?: boolean;
};

/**
 * What a request of a session that has since ended gets instead of its answer: an answer that
 * arrives after sign-out (or after someone else signed in) is nobody's any more.
 */
export const SESSION_ENDED = 'SESSION_ENDED';
export const sessionEnded = () =>
  new ApiError(0, { code: SESSION_ENDED, detail: 'The session ended before the answer.' });

/** Aborts with the caller's signal and with the end of the session the request belongs to. */
function signalFor(session: SessionScope | null, signal?: AbortSignal) {
  if (!session) return signal;
  return signal ? AbortSignal.any([signal, session.signal]) : session.signal;
}

/** An answer already under way, given up as a fetch would be when the signal aborts. */
function untilAborted(answer: Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
  if (!signal) return answer;
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) {
      abort();
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const session = options.token === undefined ? sessionScope() : null;
  const token = options.token ?? getToken();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  let body: unknown;
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const signal = signalFor(session, options.signal);
  // A first request of the page the boot script already sent with this token (docs/decisions/019).
  const early = method === 'GET' && session && !options.headers ? takeEarlyResponse(path, token) : undefined;
  try {
    response = await (early
      ? untilAborted(early, signal)
      : fetch(`${API_BASE}${path}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal,
          keepalive: !session,
        }));
    const isJson = response.status !== 204 && (response.headers.get('content-type') ?? '').includes('json');
    body = isJson ? await response.json() : undefined;
  } catch (error) {
    if (session && !session.isCurrent()) throw sessionEnded();
    throw new ApiError(0, { code: 'NETWORK', detail: (error as Error).message });
  }
  if (session && !session.isCurrent()) throw sessionEnded();

  if (response.status === 204) return undefined as T;
  if (response.ok) {
    options.onStatus?.(response.status);
    return body as T;
  }

  const error = new ApiError(response.status, (body ?? {}) as Partial<Problem>);
  if (response.status === 401 && token && error.code === 'TOKEN_INVALID') {
    if (session && !options.changesToken) {
      await tokenChangesSettled();
      if (!session.isCurrent()) throw sessionEnded();
      // Refused for a token this tab's password change has since replaced: ask again with the new one.
      const current = getToken();
      if (current !== null && current !== token) return api<T>(path, options);
    }
    handlers.onUnauthorized?.();
  }
  if (response.status === 503 && error.code === 'MAINTENANCE') handlers.onMaintenance?.(error.message);
  throw error;
}

/** Sends a file as the raw request body (image uploads); answers like `api`. */
export async function uploadFile<T>(path: string, file: File, method = 'PUT'): Promise<T> {
  const session = sessionScope();
  const token = getToken();
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers: {
      'content-type': file.type || 'application/octet-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: file,
    signal: session.signal,
  }).catch((error: Error) => {
    throw session.isCurrent() ? new ApiError(0, { code: 'NETWORK', detail: error.message }) : sessionEnded();
  });
  const body = await response.json().catch(() => ({}));
  if (!session.isCurrent()) throw sessionEnded();
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}
