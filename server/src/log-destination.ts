import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/**
 * The server's log on standard output, written without blocking: a line waits while an earlier
 * write is under way and goes with the next, so a launch's requests share a few writes instead of
 * one each. At exit what is waiting is written; a `kill -9` loses the lines not yet written (README,
 * "Logs").
 */
export function asyncStdout() {
  return pino.destination({ dest: 1, sync: false });
}

/**
 * One line per request, once answered, with the request and its outcome: Fastify's own are two
 * (incoming, completed), each a write. Errors keep Fastify's `request errored` line.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
