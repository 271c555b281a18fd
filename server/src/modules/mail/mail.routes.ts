import { mailDeliveryListQuerySchema, mailDeliveryListSchema } from '@contract/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findMailDeliveries } from './mail.service';

const tags = ['mail'];
const security = [{ bearer: [] }];

/** Administrador only: the outbox's mails (docs/decisions/033). */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mails',
    {
      schema: {
        tags,
        security,
        summary: 'Mails the portal sent or will send, newest first, with their delivery state (never the body)',
        querystring: mailDeliveryListQuerySchema,
        response: { 200: mailDeliveryListSchema },
      },
    },
    async (request) => findMailDeliveries(app.database.db, request.query),
  );
};
