import {
  affiliateListQuerySchema,
  affiliatePageSchema,
  affiliateSchema,
  rejectAffiliateBodySchema,
} from '@contract/affiliates';
import { idParamsSchema } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approveAffiliate, findAffiliates, rejectAffiliate } from './affiliates.service';

const tags = ['affiliates'];
const security = [{ bearer: [] }];

/** Administrador only: registered in the admin scope of app.ts. */
export const affiliatesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/affiliates',
    {
      schema: {
        tags,
        security,
        summary: 'Affiliates, filtered by status, newest first',
        querystring: affiliateListQuerySchema,
        response: { 200: affiliatePageSchema },
      },
    },
    async (request) => findAffiliates(app.database.db, request.query),
  );

  app.post(
    '/affiliates/:id/approve',
    {
      schema: {
        tags,
        security,
        summary: 'Approve a registration',
        params: idParamsSchema,
        response: { 200: affiliateSchema },
      },
    },
    async (request) => approveAffiliate(app.contextOf(request), request.user?.id ?? 0, request.params.id),
  );

  app.post(
    '/affiliates/:id/reject',
    {
      schema: {
        tags,
        security,
        summary: 'Reject a registration, saying why',
        params: idParamsSchema,
        body: rejectAffiliateBodySchema,
        response: { 200: affiliateSchema },
      },
    },
    async (request) =>
      rejectAffiliate(app.contextOf(request), request.user?.id ?? 0, request.params.id, request.body.reason),
  );
};
