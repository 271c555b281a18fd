import { problemSchema } from '@contract/problem';
import { healthSchema, readySchema } from '@contract/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../version';
import { getHealth, getReadiness } from './system.service';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'The process is up', response: { 200: healthSchema } } },
    async () => getHealth(APP_VERSION),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'The server can serve requests (its database answers)',
        response: { 200: readySchema, 503: problemSchema },
      },
    },
    async () => getReadiness(app.database),
  );
};
