import { idParamsSchema } from '@contract/common';
import {
  taxProfileAnswerSchema,
  taxProfileBodySchema,
  taxProfileSchema,
  withholdingPreviewQuerySchema,
  withholdingSettingsBodySchema,
  withholdingSettingsSchema,
  withholdingsSchema,
} from '@contract/tax';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn, signedInAffiliate } from '../../plugins/auth';
import { getTaxProfile, setTaxProfile } from './tax-profile.service';
import { getWithholdingSettings, setWithholdingSettings } from './withholding-settings';
import { rpaWithholdings } from './withholdings';

const tags = ['tax'];
const security = [{ bearer: [] }];

/** The affiliate's own tax profile: who the receipts and statements name (docs/decisions/038). */
export const taxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/me/tax-profile',
    {
      schema: {
        tags,
        security,
        summary: 'My tax profile (null until filled in)',
        response: { 200: taxProfileAnswerSchema },
      },
    },
    async (request) => ({ profile: await getTaxProfile(db, signedInAffiliate(request.user).id) }),
  );
  app.put(
    '/me/tax-profile',
    {
      schema: {
        tags,
        security,
        summary: 'Person (CPF) or company (CNPJ), legal name and address; check digits verified',
        body: taxProfileBodySchema,
        response: { 200: taxProfileSchema },
      },
    },
    async (request) => {
      const user = signedIn(request.user);
      return setTaxProfile(db, user.id, signedInAffiliate(user).id, request.body);
    },
  );
};

/** Administrador only: an affiliate's tax profile, and the rates withheld when paying people. */
export const taxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/affiliates/:id/tax-profile',
    {
      schema: {
        tags,
        security,
        summary: 'An affiliate’s tax profile',
        params: idParamsSchema,
        response: { 200: taxProfileAnswerSchema },
      },
    },
    async (request) => ({ profile: await getTaxProfile(db, request.params.id) }),
  );
  app.get(
    '/settings/withholdings',
    {
      schema: {
        tags,
        security,
        summary: 'INSS, IRRF and ISS rates for paying people',
        response: { 200: withholdingSettingsSchema },
      },
    },
    async () => getWithholdingSettings(db),
  );
  app.put(
    '/settings/withholdings',
    {
      schema: {
        tags,
        security,
        summary: 'Change the withholding rates',
        body: withholdingSettingsBodySchema,
        response: { 200: withholdingSettingsSchema },
      },
    },
    async (request) => setWithholdingSettings(db, request.user?.id ?? 0, request.body),
  );
  app.get(
    '/settings/withholdings/preview',
    {
      schema: {
        tags,
        security,
        summary: 'What a person paid this gross would receive, with each withholding',
        querystring: withholdingPreviewQuerySchema,
        response: { 200: withholdingsSchema },
      },
    },
    async (request) => rpaWithholdings(request.query.gross_cents, await getWithholdingSettings(db)),
  );
};
