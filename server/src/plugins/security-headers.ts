import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** helmet with the portal's content policy. */
const applyHelmet = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
    },
  },
});

/**
 * The headers helmet sets, worked out once: they never change between requests, and building them
 * per request (as @fastify/helmet does) cost a launch day's postbacks about 5 % of the server's time.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  applyHelmet({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The security headers of every page and API answer. Registered in the portal's scope and in the
 * click redirect's, whose not-found and unavailable pages are pages too; the redirect's fast path (a
 * 302 with no body) answers before any hook.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
