import { subscriptionListQuerySchema, subscriptionPageSchema } from '@contract/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../plugins/auth';
import { findSubscriptions } from './subscriptions.service';

const tags = ['subscriptions'];
const security = [{ bearer: [] }];

/** Admins see every subscription; an affiliate only those credited to them, with their recurring earnings. */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscriptions',
    {
      schema: {
        tags,
        security,
        summary: 'Subscriptions from their charges, with recurring earnings (an affiliate: their own)',
        querystring: subscriptionListQuerySchema,
        response: { 200: subscriptionPageSchema },
      },
    },
    async (request) => {
      return findSubscriptions(app.database.db, viewerOf(request.user), request.query);
    },
  );
};
