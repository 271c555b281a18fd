// GET /api/v1/logs/stream, a WebSocket: the log's write stream (docs/decisions/041). Plain facts and
// types, free of zod, so the web app's notification log carries no schema library; the server reads
// frames with logStreamFrameSchema (contract/notifications.ts).
import type { FieldError } from './problem';

/** What a frame may write: the body of POST /logs or of POST /analytics/events. */
export const LOG_STREAM_PATHS = ['/logs', '/analytics/events'] as const;
export type LogStreamPath = (typeof LOG_STREAM_PATHS)[number];

/** A write's id: the client's, echoed in the answer (a write sent again keeps its id). */
export const LOG_STREAM_WRITE_ID = /^[\w-]{1,64}$/;

/** One frame is one write: the POST routes' body limit (1 MiB) and room for its id, path and token. */
export const LOG_STREAM_MAX_FRAME_BYTES = 1_048_576 + 16_384;

/** Writes a stream may leave unanswered: SPEC.md §9's limbo limit, which the client keeps too. */
export const LOG_STREAM_MAX_UNANSWERED = 100;

/**
 * How the server ends a stream: more than 100 writes unanswered (policy), a frame over the limit,
 * after an answer to retry (try again later), or idle / shutting down (going away).
 */
export const LOG_STREAM_CLOSE = { POLICY: 1008, TOO_BIG: 1009, TRY_AGAIN_LATER: 1013, GOING_AWAY: 1001 } as const;

/** What the client sends: the token is the session the write was made with, however long it waited. */
export type LogStreamFrame = { id: string; path: LogStreamPath; body: unknown; token?: string };

/**
 * The server's answer to one frame, in the order the frames came: the status its POST route would
 * give (201, 400, 401, 403, 503...). `id` is null when the frame was not readable enough to name one.
 */
export type LogStreamAnswer = {
  id: string | null;
  status: number;
  code?: string;
  detail?: string;
  errors?: FieldError[];
};

/** An answer as received, or null when the text is not one. */
export function readLogStreamAnswer(text: string): LogStreamAnswer | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { id, status, detail } = value as Record<string, unknown>;
  if ((typeof id !== 'string' && id !== null) || typeof status !== 'number') return null;
  return { id, status, ...(typeof detail === 'string' ? { detail } : {}) };
}
