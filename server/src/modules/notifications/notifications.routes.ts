import {
  analyticsEventBodySchema,
  analyticsEventPageSchema,
  logBodySchema,
  logListQuerySchema,
  logPageSchema,
  markNotificationsReadBodySchema,
  notificationListSchema,
} from '@contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { serveLogStream } from './log-stream';
import { createAnalyticsEvent, createLog, findAnalyticsEvents, findLogs } from './logs.service';
import { findNotifications, markRead } from './notifications.service';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const created = z.object({ id: z.number().int() });
const callerId = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

/** The signed-in person's notifications, their live stream, and the log of SPEC.md §7. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags,
        security,
        summary: 'My latest notifications and how many are unread',
        response: { 200: notificationListSchema },
      },
    },
    async (request) => findNotifications(app.database.db, callerId(request)),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark my notifications read (up to the newest I have seen), so they are not listed as new again',
        body: markNotificationsReadBodySchema.nullish(),
      },
    },
    async (request, reply) => {
      await markRead(app.database.db, callerId(request), request.body?.up_to_id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags,
        security,
        summary: 'Server-Sent Events: each notification as it happens (and those that waited)',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      reply.raw.write(': connected\n\n');
      await app.notificationHub.attach(callerId(request), request.user?.session.id ?? '', reply.raw);
    },
  );

  app.post(
    '/logs',
    {
      schema: {
        tags,
        security,
        summary: 'Record a shown notification (SPEC.md §7)',
        body: logBodySchema,
        response: { 201: created },
      },
    },
    async (request, reply) => reply.code(201).send(await createLog(app.database.db, callerId(request), request.body)),
  );

  app.post(
    '/analytics/events',
    {
      schema: {
        tags,
        security,
        summary: 'Record an analytics event (notification_activated)',
        body: analyticsEventBodySchema,
        response: { 201: created },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAnalyticsEvent(app.database.db, callerId(request), request.body)),
  );
};

/** Administrador only. */
export const notificationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/logs',
    {
      schema: {
        tags,
        security,
        summary: 'The notification log, newest first, searchable',
        querystring: logListQuerySchema,
        response: { 200: logPageSchema },
      },
    },
    async (request) => findLogs(app.database.db, request.query),
  );

  app.get(
    '/analytics/events',
    {
      schema: {
        tags,
        security,
        summary: 'Analytics events, newest first, searchable',
        querystring: logListQuerySchema,
        response: { 200: analyticsEventPageSchema },
      },
    },
    async (request) => findAnalyticsEvents(app.database.db, request.query),
  );
};

/**
 * The log's write stream (docs/decisions/041), public: a browser's WebSocket sends no header, so
 * each write carries the token it was made with and is checked like its POST route's request.
 */
export const logStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'GET',
    url: '/logs/stream',
    schema: {
      tags,
      summary: 'WebSocket: the writes of POST /logs and POST /analytics/events on one stream',
      description:
        'Upgrade to a WebSocket. Each text frame is one write, {id, path: "/logs" | "/analytics/events", body, ' +
        'token?}, with the body and the session token of its POST route; each is answered {id, status, code?, ' +
        'detail?, errors?} with the status that route would give (201, 400, 401, 403, 503...), in the order ' +
        'sent. A frame over 1 MiB closes the stream (1009), as do more than 100 writes unanswered (1008); ' +
        'after a 5xx answer it closes (1013) and the writes behind it are to be sent again. Without the ' +
        'upgrade: 426.',
    },
    handler: async () => {
      throw new AppError('UPGRADE_REQUIRED', 'This is a WebSocket: open it with an Upgrade request.');
    },
    wsHandler: (socket, request) => serveLogStream(app, socket, request),
  });
};
