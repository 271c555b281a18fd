import { ADMIN_ROLE } from '@contract/auth';
import {
  breakdownSchema,
  clickBreakdownQuerySchema,
  clickBreakdownSchema,
  dashboardSchema,
  indicatorsSchema,
  periodQuerySchema,
  topAffiliatesQuerySchema,
  topAffiliatesSchema,
} from '@contract/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { signedInAffiliate } from '../../plugins/auth';
import {
  getIndicators,
  getOriginMetrics,
  getPaymentMethodMetrics,
  getRedemptionMetrics,
  getSalesMetrics,
  getTopAffiliates,
} from './breakdowns.service';
import { getDashboard } from './dashboard.service';
import { getClickBreakdown } from './traffic.service';

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
      getDashboard(app.database.readDb, { affiliateId: signedInAffiliate(request.user).id }, request.query),
  );
  app.get(
    '/metrics/clicks',
    {
      schema: {
        tags,
        security,
        summary:
          'Counted clicks of a period by country, device, browser, system, referrer or UTM source, with the approved sales they brought',
        description:
          'An affiliate sees only its own clicks (naming another affiliate or a network is refused); an admin sees the programme, or one affiliate, network, campaign or link.',
        querystring: clickBreakdownQuerySchema,
        response: { 200: clickBreakdownSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const scope = { campaignId: query.campaign_id, linkId: query.link_id };
      if (request.user?.role === ADMIN_ROLE) {
        return getClickBreakdown(
          app.database.readDb,
          { ...scope, affiliateId: query.affiliate_id, networkId: query.network_id },
          query,
        );
      }
      const affiliateId = signedInAffiliate(request.user).id;
      if (query.network_id) {
        throw new AppError('FORBIDDEN', 'Only admins see a network’s clicks.', {
          reason: 'NOT_YOURS',
          errors: [{ field: 'network_id', message: 'is for admins only' }],
        });
      }
      if (query.affiliate_id && query.affiliate_id !== affiliateId) {
        throw new AppError('FORBIDDEN', 'You see only your own clicks.', {
          reason: 'NOT_YOURS',
          errors: [{ field: 'affiliate_id', message: 'must be your own' }],
        });
      }
      return getClickBreakdown(app.database.readDb, { ...scope, affiliateId }, query);
    },
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
    async (request) => getDashboard(app.database.readDb, { networkId: request.query.network_id }, request.query),
  );
  app.get(
    '/metrics/top-affiliates',
    {
      schema: {
        tags,
        security,
        summary: 'The best affiliates of a period by approved sales, commission or conversion',
        querystring: topAffiliatesQuerySchema,
        response: { 200: topAffiliatesSchema },
      },
    },
    async (request) => getTopAffiliates(app.database.readDb, request.query),
  );
  const breakdowns = [
    [
      '/metrics/payment-methods',
      'Approved sales by payment method, and over time',
      getPaymentMethodMetrics,
      breakdownSchema,
    ],
    ['/metrics/origins', 'Approved sales by origin and by UTM source', getOriginMetrics, breakdownSchema],
    ['/metrics/sales', 'Sales by status, and approved ones by campaign and network', getSalesMetrics, breakdownSchema],
    [
      '/metrics/redemptions',
      'Redemptions by status and method, payments over time, average days to pay',
      getRedemptionMetrics,
      breakdownSchema.extend({ average_days_to_pay: z.number().nullable() }),
    ],
  ] as const;
  for (const [path, summary, handler, response] of breakdowns) {
    app.get(
      path,
      { schema: { tags, security, summary, querystring: periodQuerySchema, response: { 200: response } } },
      async (request) => handler(app.database.readDb, request.query),
    );
  }
  app.get(
    '/metrics/indicators',
    {
      schema: {
        tags,
        security,
        summary: 'Key indicators of a period, each with the period before it',
        querystring: periodQuerySchema,
        response: { 200: indicatorsSchema },
      },
    },
    async (request) => getIndicators(app.database.readDb, request.query),
  );
};
