import { idParamsSchema } from '@contract/common';
import {
  createIntegrationBodySchema,
  integrationDeliveryListQuerySchema,
  integrationDeliveryListSchema,
  integrationDeliveryParamsSchema,
  integrationDeliverySchema,
  integrationListSchema,
  integrationProductListSchema,
  integrationProductsBodySchema,
  integrationReceiptSchema,
  integrationReceiveParamsSchema,
  integrationReplayBodySchema,
  integrationSchema,
  integrationTestEventBodySchema,
  updateIntegrationBodySchema,
} from '@contract/integrations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicAddressOf } from '../../public-address';
import { createDeliveryLog } from './delivery-log';
import { connectionCache } from './integration-connections';
import { receiveCall } from './integration-receiver';
import { replayDelivery, sendTestEvent } from './integration-tools';
import {
  createIntegration,
  deleteIntegration,
  findIntegrationDeliveries,
  findIntegrationProducts,
  findIntegrations,
  getIntegration,
  replaceIntegrationProducts,
  updateIntegration,
} from './integrations.service';

const tags = ['integrations'];
const security = [{ bearer: [] }];
const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;
/** Test events one admin may send in a minute: each records a sale. */
const TEST_EVENTS_PER_MINUTE = 10;

/** Connections to checkouts (admins only; docs/decisions/035). */
export const integrationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const secret = app.config.jwtSecret;
  const base = (request: Parameters<typeof publicAddressOf>[1]) => publicAddressOf(app.config, request);

  app.get(
    '/integrations',
    { schema: { tags, security, summary: 'Checkout connections', response: { 200: integrationListSchema } } },
    async (request) => findIntegrations(db, base(request)),
  );
  app.post(
    '/integrations',
    {
      schema: {
        tags,
        security,
        summary:
          'Connect a checkout (Hotmart, Kiwify, Stripe, Shopify): its receive address is in the answer; the secret is never shown again',
        body: createIntegrationBodySchema,
        response: { 201: integrationSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createIntegration(db, secret, base(request), actor(request), request.body)),
  );
  app.get(
    '/integrations/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A checkout connection',
        params: idParamsSchema,
        response: { 200: integrationSchema },
      },
    },
    async (request) => getIntegration(db, base(request), request.params.id),
  );
  app.patch(
    '/integrations/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename, pause, change the default campaign or replace the secret',
        params: idParamsSchema,
        body: updateIntegrationBodySchema,
        response: { 200: integrationSchema },
      },
    },
    async (request) => updateIntegration(db, secret, base(request), actor(request), request.params.id, request.body),
  );
  app.delete(
    '/integrations/:id',
    { schema: { tags, security, summary: 'Delete a connection and its log (its sales stay)', params: idParamsSchema } },
    async (request, reply) => {
      await deleteIntegration(db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
  app.get(
    '/integrations/:id/products',
    {
      schema: {
        tags,
        security,
        summary: "The platform's products mapped to campaigns",
        params: idParamsSchema,
        response: { 200: integrationProductListSchema },
      },
    },
    async (request) => findIntegrationProducts(db, request.params.id),
  );
  app.put(
    '/integrations/:id/products',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the product map (a product not in it goes to the connection’s campaign)',
        params: idParamsSchema,
        body: integrationProductsBodySchema,
        response: { 200: integrationProductListSchema },
      },
    },
    async (request) => replaceIntegrationProducts(db, actor(request), request.params.id, request.body),
  );
  app.get(
    '/integrations/:id/deliveries',
    {
      schema: {
        tags,
        security,
        summary: 'Every call the platform made, newest first, with its outcome (kept 35 days)',
        params: idParamsSchema,
        querystring: integrationDeliveryListQuerySchema,
        response: { 200: integrationDeliveryListSchema },
      },
    },
    async (request) => findIntegrationDeliveries(db, request.params.id, request.query),
  );
  app.post(
    '/integrations/:id/deliveries/:deliveryId/replay',
    {
      schema: {
        tags,
        security,
        summary: 'Apply a waiting delivery again (after mapping its product, or naming its affiliate)',
        params: integrationDeliveryParamsSchema,
        body: integrationReplayBodySchema,
        response: { 200: integrationDeliverySchema },
      },
    },
    async (request) =>
      replayDelivery(
        { db, saleWriter: app.saleWriter, serverSecret: secret },
        actor(request),
        request.params.id,
        request.params.deliveryId,
        { ...(request.body.affiliate_code ? { affiliateCode: request.body.affiliate_code } : {}) },
      ),
  );
  app.post(
    '/integrations/:id/test-event',
    {
      schema: {
        tags,
        security,
        summary: "Send the platform's sample event, credited to an affiliate, through the real receiving path",
        params: idParamsSchema,
        body: integrationTestEventBodySchema,
        response: { 200: integrationDeliverySchema },
      },
      preHandler: app.rateLimit({
        max: TEST_EVENTS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => `integration-test:${request.user?.id ?? request.ip}`,
      }),
    },
    async (request) => sendTestEvent(app, actor(request), request.params.id, request.body),
  );
};

declare module 'fastify' {
  interface FastifyRequest {
    receivedBody: string;
  }
}

/**
 * Public: where platforms post their webhooks. The body is kept as the exact text received (every
 * platform signs the bytes), whatever content type it claims.
 */
export const integrationReceiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const connections = connectionCache(db, app.config.jwtSecret);
  const log = createDeliveryLog(db);
  app.addHook('onClose', async () => connections.close());
  app.decorateRequest('receivedBody', '');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    request.receivedBody = body as string;
    done(null, body);
  });
  app.post(
    '/integrations/receive/:token',
    {
      schema: {
        tags,
        summary:
          'A platform’s webhook (Hotmart, Kiwify, Stripe, Shopify), checked its own way: 200 with what came of it, 401 when the signature or token is wrong, 400 when the body is not the platform’s',
        params: integrationReceiveParamsSchema,
        response: { 200: integrationReceiptSchema },
      },
    },
    async (request) => {
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const query: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
        if (typeof value === 'string') query[name] = value;
      }
      return receiveCall({ db, saleWriter: app.saleWriter, connections, log }, request.params.token, {
        rawBody: request.receivedBody,
        headers,
        query,
      });
    },
  );
};
