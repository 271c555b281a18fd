import {
  breakdownSchema,
  dashboardSchema,
  indicatorsSchema,
  periodQuerySchema,
  topAffiliatesQuerySchema,
  topAffiliatesSchema,
} from '@contract/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { affiliateIdOf } from '../ledger/ledger.service';
import {
  getIndicators,
  getOriginMetrics,
  getPaymentMethodMetrics,
  getRedemptionMetrics,
  getSalesMetrics,
  getTopAffiliates,
} from './breakdowns.service';
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
    async (request) => getTopAffiliates(app.database.db, request.query),
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
      async (request) => handler(app.database.db, request.query),
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
    async (request) => getIndicators(app.database.db, request.query),
  );
};
