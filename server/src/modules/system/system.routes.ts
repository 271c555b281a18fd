import { maintenanceSchema } from '@contract/auth';
import { problemSchema } from '@contract/problem';
import { healthSchema, readySchema } from '@contract/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../version';
import { setMaintenance } from './settings.service';
import { getHealth, getReadiness } from './system.service';

const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags, summary: 'The process is up', response: { 200: healthSchema } } }, async () =>
    getHealth(APP_VERSION),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags,
        summary: 'The server can serve requests (its database answers)',
        response: { 200: readySchema, 503: problemSchema },
      },
    },
    async () => getReadiness(app.database),
  );

  app.get(
    '/settings/maintenance',
    {
      schema: {
        tags,
        summary: 'Whether the portal is under maintenance, and the message',
        response: { 200: maintenanceSchema },
      },
    },
    async () => app.maintenance.current(),
  );
};

/** Administrador only. */
export const systemAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/settings/maintenance',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Switch maintenance mode on or off',
        body: maintenanceSchema,
        response: { 200: maintenanceSchema },
      },
    },
    async (request) => setMaintenance(app.database.db, request.user?.id ?? 0, request.body),
  );
};
