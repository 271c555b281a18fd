import {
  LOG_STREAM_CLOSE,
  LOG_STREAM_MAX_UNANSWERED,
  LOG_STREAM_WRITE_ID,
  type LogStreamAnswer,
  type LogStreamPath,
} from '@contract/log-stream';
import {
  type AnalyticsEventBody,
  analyticsEventBodySchema,
  type LogBody,
  logBodySchema,
  logStreamFrameSchema,
} from '@contract/notifications';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { authenticateToken, sessionUserOf } from '../../plugins/auth';
import { contractValidatorCompiler } from '../../plugins/contract-validation';
import { fieldErrorsOfIssues } from '../../plugins/errors';
import { passMaintenance } from '../../plugins/maintenance';
import { createAnalyticsEvent, createLog } from './logs.service';

/**
 * A stream nobody writes on for this long is closed. The client closes its own after 60 s idle
 * (SPEC.md §9); this ends streams a client abandoned, after its 15 s request timeout and a margin.
 */
export const SERVER_IDLE_CLOSE_MS = 90_000;

type Validate = (data: unknown) => { error?: unknown; value?: unknown };

/** The POST route's own validator: the contract's text rule, then the route's body schema. */
const validatorOf = (schema: z.ZodType, url: string) =>
  contractValidatorCompiler({ schema, method: 'POST', url, httpPart: 'body' }) as Validate;

/** What each path writes, with the same validation and the same service function as its POST route. */
const WRITES: Record<
  LogStreamPath,
  { validate: Validate; create(db: Db, callerId: number, body: unknown): Promise<unknown> }
> = {
  '/logs': {
    validate: validatorOf(logBodySchema, '/api/v1/logs'),
    create: (db, callerId, body) => createLog(db, callerId, body as LogBody),
  },
  '/analytics/events': {
    validate: validatorOf(analyticsEventBodySchema, '/api/v1/analytics/events'),
    create: (db, callerId, body) => createAnalyticsEvent(db, callerId, body as AnalyticsEventBody),
  },
};

const badFrame = (detail: string, errors?: { field: string; message: string }[]) =>
  new AppError('VALIDATION', detail, { reason: 'BAD_FRAME', ...(errors ? { errors } : {}) });

/** The frame's own id when it names a readable one, so even a refused frame is answered by it. */
function idOf(parsed: unknown): string | null {
  const id = (parsed as { id?: unknown } | null)?.id;
  return typeof id === 'string' && LOG_STREAM_WRITE_ID.test(id) ? id : null;
}

/** Reads, checks, authenticates and writes one frame, exactly as its POST route would. */
async function write(app: FastifyInstance, parsed: unknown): Promise<void> {
  const frame = logStreamFrameSchema.safeParse(parsed);
  if (!frame.success) {
    const errors = frame.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'frame',
      message: issue.message,
    }));
    throw badFrame(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  }
  const { path, body, token } = frame.data;
  // The gates of the POST route, in its order: maintenance, then the session, then the body.
  const admin = await passMaintenance(app, async () => (token ? sessionUserOf(app, token) : null));
  const user = admin ?? (await authenticateToken(app, token));
  const target = WRITES[path];
  const checked = target.validate(body);
  if (checked.error) {
    const errors = fieldErrorsOfIssues(checked.error as { instancePath: string; message?: string }[], 'body');
    throw new AppError('VALIDATION', errors.map((e) => `${e.field}: ${e.message}`).join('; '), { errors });
  }
  await target.create(app.database.db, user.id, checked.value);
}

async function answerFrame(app: FastifyInstance, request: FastifyRequest, data: RawData, isBinary: boolean) {
  let id: string | null = null;
  try {
    if (isBinary) throw badFrame('A frame is one write as JSON text, not binary.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      throw badFrame('The frame is not JSON.');
    }
    id = idOf(parsed);
    await write(app, parsed);
    return { id, status: 201 } satisfies LogStreamAnswer;
  } catch (error) {
    if (error instanceof AppError) {
      return {
        id,
        status: error.status,
        code: error.reason,
        detail: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      } satisfies LogStreamAnswer;
    }
    // Never the frame itself: it carries a token.
    request.log.error({ err: error }, 'log stream write failed');
    return { id, status: 500, code: 'INTERNAL', detail: 'An unexpected error occurred.' } satisfies LogStreamAnswer;
  }
}

/** An answer the client retries: the stream ends with it, so no later write overtakes the one retried. */
const isRetryable = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * One client's write stream. Frames are answered one at a time, in the order they came, so writes are
 * stored in order; after an answer the client will retry (5xx, maintenance), the stream closes and the
 * frames behind it are dropped unanswered: the client sends them again, in order, on its next stream.
 */
export function serveLogStream(app: FastifyInstance, socket: WebSocket, request: FastifyRequest) {
  let unanswered = 0;
  let ended = false;
  let queue = Promise.resolve();
  let idleTimer: NodeJS.Timeout | undefined;

  const end = (code: number, reason: string) => {
    if (ended) return;
    ended = true;
    clearTimeout(idleTimer);
    socket.close(code, reason);
  };
  const restartIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => end(LOG_STREAM_CLOSE.GOING_AWAY, 'idle'), SERVER_IDLE_CLOSE_MS);
    idleTimer.unref();
  };
  restartIdle();

  // Attached at once: a frame that arrives before an await would otherwise be lost.
  socket.on('message', (data, isBinary) => {
    if (ended) return;
    restartIdle();
    unanswered += 1;
    if (unanswered > LOG_STREAM_MAX_UNANSWERED) {
      end(LOG_STREAM_CLOSE.POLICY, `more than ${LOG_STREAM_MAX_UNANSWERED} writes unanswered`);
      return;
    }
    queue = queue.then(async () => {
      if (ended) return;
      const answer = await answerFrame(app, request, data, isBinary);
      unanswered -= 1;
      if (ended) return;
      socket.send(JSON.stringify(answer));
      if (isRetryable(answer.status)) end(LOG_STREAM_CLOSE.TRY_AGAIN_LATER, 'try again later');
    });
  });
  socket.on('close', () => {
    ended = true;
    clearTimeout(idleTimer);
  });
}
