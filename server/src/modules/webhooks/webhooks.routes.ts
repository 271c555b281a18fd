import { idParamsSchema } from '@contract/common';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookWithSecretSchema,
} from '@contract/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookDeliveries,
  findWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './webhooks.service';

const tags = ['webhooks'];
const security = [{ bearer: [] }];
const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;
/** Manual sends one admin may ask for in a minute: each is a request from our server to theirs. */
const RESENDS_PER_MINUTE = 30;

/** Signed webhooks to the programme's own systems (admins only; docs/decisions/023). */
export const webhooksAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const policy = { allowPrivate: app.config.outboundAllowPrivate };
  const senderOptions = {
    policy,
    timeoutMs: app.config.outboundTimeoutMs,
    serverSecret: app.config.jwtSecret,
    log: app.log,
  };

  app.get(
    '/webhooks',
    { schema: { tags, security, summary: 'Webhook endpoints', response: { 200: webhookEndpointListSchema } } },
    async () => findWebhookEndpoints(db),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        security,
        summary: 'Register an endpoint for some events; its signing secret (whsec_…) is shown this once',
        body: createWebhookBodySchema,
        response: { 201: webhookWithSecretSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createWebhookEndpoint(db, app.config.jwtSecret, policy, actor(request), request.body)),
  );

  app.patch(
    '/webhooks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change an endpoint: address, description, events, enabled',
        params: idParamsSchema,
        body: updateWebhookBodySchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => updateWebhookEndpoint(db, policy, actor(request), request.params.id, request.body),
  );

  app.delete(
    '/webhooks/:id',
    { schema: { tags, security, summary: 'Delete an endpoint and its log', params: idParamsSchema } },
    async (request, reply) => {
      await deleteWebhookEndpoint(db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        security,
        summary: 'A new signing secret, shown this once; the old one also signs for a day',
        params: idParamsSchema,
        response: { 200: webhookWithSecretSchema },
      },
    },
    async (request) => rotateWebhookSecret(db, app.config.jwtSecret, actor(request), request.params.id),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        security,
        summary: "An endpoint's messages, newest first, with their last attempt",
        params: idParamsSchema,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => findWebhookDeliveries(db, request.params.id, request.query),
  );

  app.post(
    '/webhooks/deliveries/:id/resend',
    {
      schema: {
        tags,
        security,
        summary: 'Send a message again now, with the same webhook-id',
        params: idParamsSchema,
        response: { 200: webhookDeliverySchema },
      },
      preHandler: app.rateLimit({
        max: RESENDS_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => `webhook-resend:${request.user?.id ?? request.ip}`,
      }),
    },
    async (request) => resendWebhookDelivery(db, senderOptions, actor(request), request.params.id),
  );
};
