import type { FieldError, Problem } from '@contract/problem';
import { getToken } from './session';

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
};

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    throw new ApiError(0, { code: 'NETWORK', detail: (error as Error).message });
  }

  if (response.status === 204) return undefined as T;
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const body = isJson ? await response.json() : undefined;
  if (response.ok) {
    options.onStatus?.(response.status);
    return body as T;
  }

  const error = new ApiError(response.status, body ?? {});
  if (response.status === 401 && token && error.code === 'TOKEN_INVALID') handlers.onUnauthorized?.();
  if (response.status === 503 && error.code === 'MAINTENANCE') handlers.onMaintenance?.(error.message);
  throw error;
}

/** Sends a file as the raw request body (image uploads); answers like `api`. */
export async function uploadFile<T>(path: string, file: File, method = 'PUT'): Promise<T> {
  const token = getToken();
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    headers: {
      'content-type': file.type || 'application/octet-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: file,
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}
