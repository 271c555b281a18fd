import { idParamsSchema } from '@contract/common';
import { levelBodySchema, levelListSchema, levelPatchSchema, levelSchema } from '@contract/levels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLevel, deleteLevel, findLevels, getLevelById, updateLevel } from './levels.service';

const tags = ['levels'];
const security = [{ bearer: [] }];
const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

/** Administrador only. */
export const levelsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/levels',
    {
      schema: {
        tags,
        security,
        summary: 'Every level, by rank, with how many affiliates hold it',
        response: { 200: levelListSchema },
      },
    },
    async () => ({ items: await findLevels(app.database.db) }),
  );
  app.get(
    '/levels/:id',
    { schema: { tags, security, summary: 'One level', params: idParamsSchema, response: { 200: levelSchema } } },
    async (request) => getLevelById(app.database.db, request.params.id),
  );
  app.post(
    '/levels',
    { schema: { tags, security, summary: 'Create a level', body: levelBodySchema, response: { 201: levelSchema } } },
    async (request, reply) => reply.code(201).send(await createLevel(app.database.db, actor(request), request.body)),
  );
  app.patch(
    '/levels/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a level',
        params: idParamsSchema,
        body: levelPatchSchema,
        response: { 200: levelSchema },
      },
    },
    async (request) => updateLevel(app.database.db, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/levels/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a level nobody holds (409 with the count otherwise)',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteLevel(app.database.db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
