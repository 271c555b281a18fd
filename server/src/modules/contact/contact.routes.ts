import { contactBodySchema, contactListQuerySchema, contactPageSchema } from '@contract/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findContactMessages, sendContactMessage } from './contact.service';

const tags = ['contact'];
const security = [{ bearer: [] }];

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      schema: {
        tags,
        security,
        summary: 'Send a message to the programme',
        body: contactBodySchema,
        response: { 201: z.object({ id: z.number().int() }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await sendContactMessage(app.ctx, request.user?.id ?? 0, request.body)),
  );
};

/** Administrador only. */
export const contactAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contact',
    {
      schema: {
        tags,
        security,
        summary: 'Contact messages, newest first',
        querystring: contactListQuerySchema,
        response: { 200: contactPageSchema },
      },
    },
    async (request) => findContactMessages(app.database.db, request.query),
  );
};
