import { dashboardSchema, periodQuerySchema } from '@contract/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { affiliateIdOf } from '../ledger/ledger.service';
import { getDashboard } from './dashboard.service';

const tags = ['metrics'];
const security = [{ bearer: [] }];

/** The signed-in affiliate's own numbers. */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics/me',
    {
      schema: {
        tags,
        security,
        summary: 'My dashboard over a period: clicks, approved sales, conversion, EPC, commissions, series',
        querystring: periodQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request) =>
      getDashboard(
        app.database.db,
        { affiliateId: await affiliateIdOf(app.database.db, request.user?.id ?? 0) },
        request.query,
      ),
  );
};

/** Administrador only: the programme's numbers. */
export const metricsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics/overview',
    {
      schema: {
        tags,
        security,
        summary: "The programme's dashboard over a period (optionally one network), and what waits for admins",
        querystring: periodQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => getDashboard(app.database.db, { networkId: request.query.network_id }, request.query),
  );
};
