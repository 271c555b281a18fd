import { idParamsSchema } from '@contract/common';
import {
  apiKeyBodySchema,
  apiKeyListSchema,
  createdApiKeySchema,
  SALE_ACTIONS,
  saleApiBodySchema,
  saleApiHeadersSchema,
  saleBodySchema,
  saleBulkBodySchema,
  saleBulkResultSchema,
  saleDecisionBodySchema,
  saleDetailSchema,
  saleImportBodySchema,
  saleImportResultSchema,
  saleListQuerySchema,
  salePageSchema,
  saleSchema,
} from '@contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvLanguageOfUser, sendCsvDownload } from '../../csv-download';
import { signedIn, viewerOf } from '../../plugins/auth';
import { createApiKey, findApiKeys, revokeApiKey, saleApiKeys, verifySaleApiCall } from './api-keys.service';
import { chargebackOrder, decideSale, decideSales } from './sale-decisions';
import { findSales, getSaleById } from './sales.service';
import { salesCsv } from './sales-export';
import { importSales } from './sales-import.service';

const tags = ['sales'];
const security = [{ bearer: [] }];
const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

/** Admins see every sale; an affiliate only their own (another's id answers 404). */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/sales',
    {
      schema: {
        tags,
        security,
        summary: 'Sales with filters, sorting, pages and totals (an affiliate: their own)',
        querystring: saleListQuerySchema,
        response: { 200: salePageSchema },
      },
    },
    async (request) => findSales(db, viewerOf(request.user), request.query),
  );
  app.get(
    '/sales/export',
    {
      schema: {
        tags,
        security,
        summary: 'The filtered sales as CSV for a spreadsheet in Brazil, in my language (formula cells neutralised)',
        querystring: saleListQuerySchema,
      },
    },
    async (request, reply) => {
      const user = signedIn(request.user);
      const viewer = viewerOf(user);
      return sendCsvDownload(
        reply,
        'vendas',
        // A long read of many rows: from the replica when there is one.
        salesCsv(app.database.readDb, viewer, request.query, await csvLanguageOfUser(db, user.id)),
      );
    },
  );
  app.get(
    '/sales/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One sale with its timeline and commission breakdown',
        params: idParamsSchema,
        response: { 200: saleDetailSchema },
      },
    },
    async (request) => getSaleById(db, viewerOf(request.user), request.params.id),
  );
};

/** Administrador only. */
export const salesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.post(
    '/sales',
    {
      schema: {
        tags,
        security,
        summary: 'Record a sale (idempotent on campaign and external id)',
        body: saleBodySchema,
        response: { 200: saleSchema, 201: saleSchema },
      },
    },
    async (request, reply) => {
      const { sale, created } = await app.saleWriter.record(request.body, { source: 'admin', actorId: actor(request) });
      return reply.code(created ? 201 : 200).send(sale);
    },
  );
  for (const action of SALE_ACTIONS) {
    app.post(
      `/sales/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary: `${action[0]?.toUpperCase()}${action.slice(1)} a sale`,
          params: idParamsSchema,
          body: saleDecisionBodySchema.nullish(),
          response: { 200: saleSchema },
        },
      },
      async (request) => decideSale(db, actor(request), request.params.id, action, request.body?.note),
    );
  }
  app.post(
    '/sales/actions',
    {
      schema: {
        tags,
        security,
        summary: 'Approve, cancel, refund or charge back many sales; each answers on its own',
        body: saleBulkBodySchema,
        response: { 200: saleBulkResultSchema },
      },
    },
    async (request) => decideSales(db, actor(request), request.body.ids, request.body.action, request.body.note),
  );
  app.post(
    '/sales/import',
    {
      schema: {
        tags,
        security,
        summary: 'Record the rows of a CSV (sent in chunks); a report per row',
        body: saleImportBodySchema,
        response: { 200: saleImportResultSchema },
      },
    },
    async (request) => importSales(db, app.saleWriter, actor(request), request.body.rows),
  );

  app.get(
    '/api-keys',
    { schema: { tags, security, summary: 'Sales API keys', response: { 200: apiKeyListSchema } } },
    async () => findApiKeys(db),
  );
  app.post(
    '/api-keys',
    {
      schema: {
        tags,
        security,
        summary: 'Create a sales API key; the key and its signing secret are shown this once',
        body: apiKeyBodySchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createApiKey(db, app.config.jwtSecret, actor(request), request.body)),
  );
  app.delete(
    '/api-keys/:id',
    { schema: { tags, security, summary: 'Revoke a sales API key', params: idParamsSchema } },
    async (request, reply) => {
      await revokeApiKey(db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

declare module 'fastify' {
  interface FastifyRequest {
    rawBody: string;
  }
}

/** Public, the sales API (POST /postback): merchants' servers, authenticated by their API key (and HMAC signature for signed keys). */
export const saleApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = saleApiKeys(app.database.db);
  // The signature covers the exact bytes sent, so this scope keeps the raw body beside the parsed one.
  app.decorateRequest('rawBody', '');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 });
      done(error, undefined);
    }
  });
  app.post(
    '/postback',
    {
      schema: {
        tags,
        summary:
          'The sales API: a sale from a merchant’s server (201 new, 200 the same order again, 409 the same order with other content; status "chargeback" charges back the order recorded before)',
        security: [{ apiKey: [] }],
        headers: saleApiHeadersSchema,
        body: saleApiBodySchema,
        response: { 200: saleSchema, 201: saleSchema },
      },
      // The key is checked before the body is validated: a stranger learns nothing about the contract.
      preValidation: async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        await verifySaleApiCall(
          keys,
          app.config.jwtSecret,
          { key: header('x-api-key'), signature: header('x-signature') },
          request.rawBody,
        );
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.status === 'chargeback') {
        return chargebackOrder(app.database.db, null, { campaignId: body.campaign_id, externalId: body.external_id });
      }
      // The body's refinement required these for a sale; the check narrows the type.
      const { amount_cents: amountCents, payment_method: paymentMethod, status } = body;
      if (amountCents === undefined || paymentMethod === undefined) throw new Error('postback body without its sale');
      const { sale, created } = await app.saleWriter.record(
        { ...body, amount_cents: amountCents, payment_method: paymentMethod, status },
        { source: 'postback', actorId: null },
      );
      return reply.code(created ? 201 : 200).send(sale);
    },
  );
};
