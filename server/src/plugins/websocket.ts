import { LOG_STREAM_MAX_FRAME_BYTES } from '@contract/log-stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * WebSocket routes (the log's write stream, docs/decisions/041). A frame over the limit closes the
 * stream with 1009 before it is read whole; compression stays off (no inflating a bomb). A client
 * that breaks the protocol is its own problem, not the server's: it is noted, never logged as an error.
 */
export const webSocketPlugin = fp(async (app: FastifyInstance) => {
  await app.register(websocket, {
    options: { maxPayload: LOG_STREAM_MAX_FRAME_BYTES, perMessageDeflate: false },
    errorHandler(error, socket, request) {
      const code = (error as Error & { code?: string }).code ?? '';
      // ws has already answered a protocol error with its close code (1002, 1007, 1009).
      if (code.startsWith('WS_ERR_')) {
        request.log.info({ code }, 'websocket closed on a frame that broke the protocol');
        return;
      }
      request.log.error({ err: error }, 'websocket failed');
      socket.terminate();
    },
  });
});
