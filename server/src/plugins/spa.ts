import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { problem, sendProblem } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    sendNotFoundPage: (reply: FastifyReply) => FastifyReply;
  }
}

/** A browser asking for a page (not an API call, a redirect or a missing asset file). */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/r/')) return false;
  return !/\.[a-z0-9]+$/i.test(path);
}

/**
 * Serves the built React app. Any page path the server does not know answers index.html
 * (history fallback), so deep links work and the app's router decides what is a 404 page.
 * Everything else that matches no route is a problem+json 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { webDir: string | undefined }) => {
  const webDir = options.webDir;
  const hasWeb = webDir !== undefined && existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: false,
      // The build stores .br and .gz beside each asset: sent as they are, no compression per request.
      preCompressed: true,
      setHeaders(res, path) {
        // Vite names assets by content hash, so they never change under one name.
        const isHashedAsset = path.includes(`${join(webDir, 'assets')}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (hasWeb) {
    // The static plugin answers a directory with 403, so the root page is a route of its own.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  // The portal's own page for a path it does not know (the app shows its 404 screen), e.g. an unknown link code.
  app.decorate('sendNotFoundPage', (reply: FastifyReply) =>
    hasWeb
      ? reply.header('cache-control', 'no-store').sendFile('index.html')
      : sendProblem(reply, problem(reply.request, 404, { detail: 'Not found.' })),
  );
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && isPageRequest(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendProblem(reply, problem(request, 404, { detail: `No route for ${request.method} ${request.url}` }));
  });
});
