import {
  chargebackRateQuerySchema,
  chargebackRateReportSchema,
  clickFloodQuerySchema,
  clickFloodReportSchema,
  fraudRulesSchema,
} from '@contract/fraud';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findChargebackRates, findClickFloods } from './fraud.service';
import { getFraudRules, setFraudRules } from './fraud-rules.service';

const tags = ['fraud'];
const security = [{ bearer: [] }];

/** Administrador only: the fraud rules and what they caught. */
export const fraudAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fraud-rules',
    {
      schema: {
        tags,
        security,
        summary: 'The fraud rules: each switchable and tunable',
        response: { 200: fraudRulesSchema },
      },
    },
    async () => getFraudRules(app.database.db),
  );
  app.put(
    '/fraud-rules',
    {
      schema: {
        tags,
        security,
        summary: 'Change the fraud rules (every server applies them within a second)',
        body: fraudRulesSchema,
        response: { 200: fraudRulesSchema },
      },
    },
    async (request) => setFraudRules(app.database.db, request.user?.id ?? 0, request.body),
  );
  app.get(
    '/fraud/click-floods',
    {
      schema: {
        tags,
        security,
        summary: 'Links flooded with clicks from one address, per day: the clicks that were not counted',
        querystring: clickFloodQuerySchema,
        response: { 200: clickFloodReportSchema },
      },
    },
    async (request) => findClickFloods(app.database.db, request.query),
  );
  app.get(
    '/fraud/chargeback-rates',
    {
      schema: {
        tags,
        security,
        summary: "Each affiliate's chargeback rate over the rule's days, worst first, and whether the rule flags them",
        querystring: chargebackRateQuerySchema,
        response: { 200: chargebackRateReportSchema },
      },
    },
    async (request) => findChargebackRates(app.database.db, request.query),
  );
};
