import { auditListSchema, auditQuerySchema } from '@contract/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAuditTrail } from './audit.service';

/** Administrador only. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['audit'],
        security: [{ bearer: [] }],
        summary: 'The latest changes of one record (who, what, before, after, when)',
        querystring: auditQuerySchema,
        response: { 200: auditListSchema },
      },
    },
    async (request) => findAuditTrail(app.database.db, request.query),
  );
};
