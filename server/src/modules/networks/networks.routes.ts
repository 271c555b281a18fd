import { idParamsSchema } from '@contract/common';
import {
  addNetworkMemberBodySchema,
  networkBodySchema,
  networkDetailsSchema,
  networkListSchema,
  networkMemberParamsSchema,
  networkPatchSchema,
} from '@contract/networks';
import { saleListQuerySchema, salePageSchema } from '@contract/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findSales } from '../sales/sales.service';
import {
  addNetworkMember,
  createNetwork,
  findNetworks,
  getNetworkById,
  removeNetworkMember,
  updateNetwork,
} from './networks.service';

const tags = ['networks'];
const security = [{ bearer: [] }];
const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

/** Administrador only. */
export const networksAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/networks',
    {
      schema: {
        tags,
        security,
        summary: 'Affiliate networks with their member count and sales totals',
        response: { 200: networkListSchema },
      },
    },
    async () => ({ items: await findNetworks(app.database.db) }),
  );
  app.get(
    '/networks/:id/sales',
    {
      schema: {
        tags,
        security,
        summary: "The sales of the network's members, with the filters of GET /sales",
        params: idParamsSchema,
        querystring: saleListQuerySchema,
        response: { 200: salePageSchema },
      },
    },
    async (request) => {
      await getNetworkById(app.database.db, request.params.id);
      return findSales(app.database.db, { isAdmin: true }, { ...request.query, network_id: request.params.id });
    },
  );
  app.get(
    '/networks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One network and its members',
        params: idParamsSchema,
        response: { 200: networkDetailsSchema },
      },
    },
    async (request) => getNetworkById(app.database.db, request.params.id),
  );
  app.post(
    '/networks',
    {
      schema: {
        tags,
        security,
        summary: 'Create a network',
        body: networkBodySchema,
        response: { 201: networkDetailsSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createNetwork(app.database.db, actor(request), request.body)),
  );
  app.patch(
    '/networks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename or describe a network',
        params: idParamsSchema,
        body: networkPatchSchema,
        response: { 200: networkDetailsSchema },
      },
    },
    async (request) => updateNetwork(app.database.db, actor(request), request.params.id, request.body),
  );
  app.post(
    '/networks/:id/affiliates',
    {
      schema: {
        tags,
        security,
        summary: 'Add an affiliate (move: true takes them from their current network)',
        params: idParamsSchema,
        body: addNetworkMemberBodySchema,
        response: { 200: networkDetailsSchema },
      },
    },
    async (request) =>
      addNetworkMember(
        app.database.db,
        actor(request),
        request.params.id,
        request.body.affiliate_id,
        request.body.move,
      ),
  );
  app.delete(
    '/networks/:id/affiliates/:affiliateId',
    {
      schema: {
        tags,
        security,
        summary: 'Take an affiliate out of the network',
        params: networkMemberParamsSchema,
        response: { 200: networkDetailsSchema },
      },
    },
    async (request) =>
      removeNetworkMember(app.database.db, actor(request), request.params.id, request.params.affiliateId),
  );
};
