import { idParamsSchema } from '@contract/common';
import {
  affiliateDetailsSchema,
  createUserBodySchema,
  managedUserSchema,
  updateAffiliateBodySchema,
  updateUserBodySchema,
  userListQuerySchema,
  userPageSchema,
} from '@contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAffiliateDetails, updateAffiliate } from '../affiliates/affiliates.service';
import { createUser, deactivateUser, findUsers, getManagedUser, updateUser } from './users.service';

const tags = ['users'];
const security = [{ bearer: [] }];
const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

/** Administrador only: people and their affiliate settings. */
export const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        tags,
        security,
        summary: 'People: search, filter by role and status, sort, pages',
        querystring: userListQuerySchema,
        response: { 200: userPageSchema },
      },
    },
    async (request) => findUsers(app.database.db, request.query),
  );
  app.get(
    '/users/:id',
    { schema: { tags, security, summary: 'One person', params: idParamsSchema, response: { 200: managedUserSchema } } },
    async (request) => getManagedUser(app.database.db, request.params.id),
  );
  app.post(
    '/users',
    {
      schema: {
        tags,
        security,
        summary: 'Register an administrator or an affiliate (they get an email to choose a password)',
        body: createUserBodySchema,
        response: { 201: managedUserSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createUser(app.contextOf(request), actor(request), request.body)),
  );
  app.patch(
    '/users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change names, email or role (never the last administrator away)',
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: managedUserSchema },
      },
    },
    async (request) => updateUser(app.database.db, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Deactivate: no more sign-in; records stay',
        params: idParamsSchema,
        response: { 200: managedUserSchema },
      },
    },
    async (request) => deactivateUser(app.database.db, actor(request), request.params.id),
  );
  app.get(
    '/affiliates/:id',
    {
      schema: {
        tags: ['affiliates'],
        security,
        summary: 'One affiliate with level, network, status, code and PIX key',
        params: idParamsSchema,
        response: { 200: affiliateDetailsSchema },
      },
    },
    async (request) => getAffiliateDetails(app.database.db, request.params.id),
  );
  app.patch(
    '/affiliates/:id',
    {
      schema: {
        tags: ['affiliates'],
        security,
        summary: 'Change level, network, status (approved/suspended), code or PIX key',
        params: idParamsSchema,
        body: updateAffiliateBodySchema,
        response: { 200: affiliateDetailsSchema },
      },
    },
    async (request) => updateAffiliate(app.database.db, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/affiliates/:id',
    {
      schema: {
        tags: ['affiliates'],
        security,
        summary: 'Deactivate the affiliate: no more sign-in; sales, ledger and payments stay',
        params: idParamsSchema,
        response: { 200: managedUserSchema },
      },
    },
    async (request) => {
      const affiliate = await getAffiliateDetails(app.database.db, request.params.id);
      return deactivateUser(app.database.db, actor(request), affiliate.user_id);
    },
  );
};
