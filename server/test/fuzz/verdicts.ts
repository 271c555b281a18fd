import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { FuzzRequest } from './malformed-requests';

/** Longer than any honest answer takes on a 2-core machine; past it a request counts as hung. */
export const REQUEST_DEADLINE_MS = 15_000;

export type Answer =
  | { kind: 'answered'; status: number; contentType: string; body: string }
  | { kind: 'hung' }
  | { kind: 'unsendable'; reason: string };

/**
 * Sends one request through `inject` and reads the answer as a stream, so an event stream (which
 * never ends, by design) is judged by its head; anything else must end before the deadline.
 */
export async function send(app: FastifyInstance, request: FuzzRequest): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Answer>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'hung' }), REQUEST_DEADLINE_MS);
  });
  const answered = (async (): Promise<Answer> => {
    let res: Awaited<ReturnType<FastifyInstance['inject']>>;
    try {
      res = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
        payloadAsStream: true,
      });
    } catch (error) {
      // light-my-request refuses what no HTTP client could send (a header with a control character).
      return { kind: 'unsendable', reason: (error as Error).message };
    }
    const contentType = String(res.headers['content-type'] ?? '');
    const stream = res.stream() as Readable;
    if (contentType.startsWith('text/event-stream')) {
      stream.destroy();
      return { kind: 'answered', status: res.statusCode, contentType, body: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    return { kind: 'answered', status: res.statusCode, contentType, body: Buffer.concat(chunks).toString('utf8') };
  })();
  try {
    return await Promise.race([answered, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export type Failure = {
  kind: '5xx' | 'hang' | 'not problem+json' | 'logged error';
  status: number | null;
  code: string;
};

/**
 * A 5xx, a hang, a 4xx that is not problem+json, or an error the server logged while answering
 * (a hook that throws after the reply is sent leaves no trace in the answer); null when all is well.
 */
export function failureOf(answer: Answer, loggedErrors: string[] = []): Failure | null {
  if (answer.kind === 'unsendable') return null;
  const [logged] = loggedErrors;
  if (logged !== undefined) {
    return { kind: 'logged error', status: answer.kind === 'answered' ? answer.status : null, code: logged };
  }
  if (answer.kind === 'hung') return { kind: 'hang', status: null, code: '' };
  const code = codeOf(answer.body);
  if (answer.status >= 500) return { kind: '5xx', status: answer.status, code };
  if (answer.status >= 400 && !answer.contentType.startsWith('application/problem+json')) {
    return { kind: 'not problem+json', status: answer.status, code };
  }
  return null;
}

function codeOf(body: string): string {
  try {
    return String(JSON.parse(body).code ?? '');
  } catch {
    return '';
  }
}

/** Collects the error lines the app logs (pino JSON), as "message: error message" each. */
export function createErrorLog() {
  const lines: string[] = [];
  return {
    stream: {
      write(line: string) {
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
          if ((entry.level ?? 0) >= 50) lines.push(`${entry.msg ?? ''}: ${entry.err?.message ?? ''}`.slice(0, 160));
        } catch {
          lines.push(line.slice(0, 160));
        }
      },
    },
    /** The lines logged since the last call. */
    take(): string[] {
      return lines.splice(0);
    },
  };
}
