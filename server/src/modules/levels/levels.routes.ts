import { idParamsSchema } from '@contract/common';
import {
  levelBodySchema,
  levelListSchema,
  levelPatchSchema,
  levelProgressSchema,
  levelSchema,
  promotionRunSchema,
  promotionSettingsBodySchema,
  promotionSettingsSchema,
} from '@contract/levels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInAffiliate } from '../../plugins/auth';
import { createLevel, deleteLevel, findLevels, getLevelById, updateLevel } from './levels.service';
import { getLevelProgress, getPromotionSettings, runPromotionsNow, setPromotionSettings } from './promotion.service';

const tags = ['levels'];
const security = [{ bearer: [] }];
const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

/** The signed-in affiliate's own level. */
export const levelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/level',
    {
      schema: {
        tags,
        security,
        summary: 'My level, its rate, my approved sales over 90 days and how far the next level is',
        response: { 200: levelProgressSchema },
      },
    },
    async (request) => getLevelProgress(app.database.db, signedInAffiliate(request.user)),
  );
};

/** Administrador only. */
export const levelsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/levels/promotion',
    {
      schema: {
        tags,
        security,
        summary: 'Whether affiliates move up automatically (daily), and the last run',
        response: { 200: promotionSettingsSchema },
      },
    },
    async () => getPromotionSettings(app.database.db),
  );
  app.put(
    '/levels/promotion',
    {
      schema: {
        tags,
        security,
        summary: 'Turn the daily automatic promotion on or off',
        body: promotionSettingsBodySchema,
        response: { 200: promotionSettingsSchema },
      },
    },
    async (request) => setPromotionSettings(app.database.db, actor(request), request.body.enabled),
  );
  app.post(
    '/levels/promotion/run',
    {
      schema: {
        tags,
        security,
        summary: 'Promote now everyone whose approved sales over 90 days reach a higher level',
        response: { 200: promotionRunSchema },
      },
    },
    async (request) => runPromotionsNow(app.database.db, actor(request)),
  );
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
