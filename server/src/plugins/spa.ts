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

/**
 * A browser asking for a page (not an API call, a redirect or a missing asset file). SPEC.md §2:
 * any unknown path goes to /auth/404, dotted ones too (`/foo.html`, `/campanhas.json`) when a browser
 * navigates to them; a script, style or image that is missing stays a 404, so a stale chunk fails
 * as such instead of being handed the page.
 */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/r/') || path.startsWith('/assets/')) {
    return false;
  }
  if (!/\.[a-z0-9]+$/i.test(path)) return true;
  return (request.headers.accept ?? '').includes('text/html');
}

/** The built app's folder, when there is one. */
function webRootOf(webDir: string | undefined): string | undefined {
  return webDir !== undefined && existsSync(join(webDir, 'index.html')) ? webDir : undefined;
}

function staticOptions(webDir: string) {
  return {
    root: webDir,
    wildcard: true,
    index: false as const,
    // The build stores .br and .gz beside each asset: sent as they are, no compression per request.
    preCompressed: true,
    setHeaders(res: { header: (name: string, value: string) => void }, path: string) {
      // Vite names assets by content hash, so they never change under one name.
      const isHashedAsset = path.includes(`${join(webDir, 'assets')}`);
      res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
}

/**
 * `reply.sendFile` and the portal's own page for a path it does not know (the app shows its 404
 * screen), with no route and no request hook: registered at the root, so the click redirect, which
 * runs none of the portal's hooks, answers an unknown link code with that page too.
 */
export const notFoundPagePlugin = fp(
  async (app: FastifyInstance, options: { webDir: string | undefined }) => {
    const webDir = webRootOf(options.webDir);
    if (webDir) await app.register(fastifyStatic, { ...staticOptions(webDir), serve: false });
    app.decorate('sendNotFoundPage', (reply: FastifyReply) =>
      webDir
        ? reply.header('cache-control', 'no-store').sendFile('index.html')
        : sendProblem(reply, problem(reply.request, 404, { detail: 'Not found.' })),
    );
  },
  { name: 'not-found-page' },
);

/**
 * Serves the built React app. Any page path the server does not know answers index.html
 * (history fallback), so deep links work and the app's router decides what is a 404 page.
 * Everything else that matches no route is a problem+json 404.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: { webDir: string | undefined }) => {
    const webDir = webRootOf(options.webDir);
    if (webDir) {
      // `reply.sendFile` comes from notFoundPagePlugin, with the same options.
      await app.register(fastifyStatic, { ...staticOptions(webDir), decorateReply: false });
      // The static plugin answers a directory with 403, so the root page is a route of its own.
      app.get('/', { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile('index.html'),
      );
    }
    app.setNotFoundHandler((request, reply) => {
      if (webDir && isPageRequest(request)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return sendProblem(reply, problem(request, 404, { detail: `No route for ${request.method} ${request.url}` }));
    });
  },
  { dependencies: ['not-found-page'] },
);
