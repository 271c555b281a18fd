import {
  bonusAwardPageSchema,
  bonusAwardQuerySchema,
  bonusAwardSchema,
  bonusBodySchema,
  bonusListSchema,
  bonusPatchSchema,
  bonusSchema,
  myBonusesSchema,
  oneOffBonusBodySchema,
} from '@contract/bonuses';
import { idParamsSchema } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInAffiliate } from '../../plugins/auth';
import { grantOneOffBonus } from './bonus-awards';
import { createBonus, findAward, findAwards, findBonuses, findMyBonuses, updateBonus } from './bonuses.service';

const tags = ['bonuses'];
const security = [{ bearer: [] }];
const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

/** An affiliate's own bonuses: the running ones with their progress, and those paid. */
export const bonusesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/bonuses',
    {
      schema: {
        tags,
        security,
        summary: 'Your running performance bonuses with your progress, and the bonuses paid to you',
        response: { 200: myBonusesSchema },
      },
    },
    async (request) => findMyBonuses(app.database.db, signedInAffiliate(request.user).id),
  );
};

/** Administrador only: performance bonuses, one-off bonuses and every award. */
export const bonusesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bonuses',
    { schema: { tags, security, summary: 'Every performance bonus', response: { 200: bonusListSchema } } },
    async () => findBonuses(app.database.db),
  );
  app.post(
    '/bonuses',
    {
      schema: {
        tags,
        security,
        summary: 'Create a performance bonus: a period, a measure, a threshold and an amount, paid once at its close',
        body: bonusBodySchema,
        response: { 201: bonusSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createBonus(app.database.db, actor(request), request.body)),
  );
  app.patch(
    '/bonuses/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a performance bonus that has not been awarded yet (or pause it)',
        params: idParamsSchema,
        body: bonusPatchSchema,
        response: { 200: bonusSchema },
      },
    },
    async (request) => updateBonus(app.database.db, actor(request), request.params.id, request.body),
  );
  app.get(
    '/bonus-awards',
    {
      schema: {
        tags,
        security,
        summary: 'Every bonus paid, newest first',
        querystring: bonusAwardQuerySchema,
        response: { 200: bonusAwardPageSchema },
      },
    },
    async (request) => findAwards(app.database.db, request.query),
  );
  app.post(
    '/affiliates/:id/bonuses',
    {
      schema: {
        tags,
        security,
        summary: 'Pay an affiliate a one-off bonus (a ledger adjustment, audited, notified, webhook bonus.awarded)',
        params: idParamsSchema,
        body: oneOffBonusBodySchema,
        response: { 201: bonusAwardSchema },
      },
    },
    async (request, reply) => {
      const id = await grantOneOffBonus(app.database.db, actor(request), request.params.id, request.body);
      return reply.code(201).send(await findAward(app.database.db, id));
    },
  );
};
