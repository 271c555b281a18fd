import { createLinkBodySchema, linkListQuerySchema, linkListSchema, linkSchema } from '@contract/tracking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAddressOf } from '../../public-address';
import { createLink, findLinks, requireAffiliate } from './links.service';

const tags = ['tracking'];
const security = [{ bearer: [] }];

/** The signed-in affiliate's own tracking links. */
export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/links',
    {
      schema: {
        tags,
        security,
        summary: 'My link for a campaign and these choices (the same choices give the same link)',
        body: createLinkBodySchema,
        response: { 200: linkSchema, 201: linkSchema },
      },
    },
    async (request, reply) => {
      const { link, created } = await createLink(
        app.database.db,
        publicAddressOf(app.config, request),
        request.user,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(link);
    },
  );
  app.get(
    '/links',
    {
      schema: {
        tags,
        security,
        summary: 'My links with their counted clicks',
        querystring: linkListQuerySchema,
        response: { 200: linkListSchema },
      },
    },
    async (request) => {
      const affiliateId = requireAffiliate(request.user);
      return {
        items: await findLinks(
          app.database.db,
          publicAddressOf(app.config, request),
          affiliateId,
          request.query.campaign_id,
        ),
      };
    },
  );
};
