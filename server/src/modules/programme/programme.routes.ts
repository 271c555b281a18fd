import { programmeSettingsBodySchema, programmeSettingsSchema, publicProgrammeSchema } from '@contract/programme';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProgrammeSettings, getPublicProgramme, updateProgrammeSettings } from './programme.service';

const tags = ['programme'];
const security = [{ bearer: [] }];
/** Page views one address may make per minute: a person reads it a few times, a scraper many. */
export const PROGRAMME_PAGE_PER_MINUTE = 60;

/** Anyone: the public programme page (/programa). Its application posts to /auth/register. */
export const programmePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/programme',
    {
      schema: {
        tags,
        summary: "The programme's public page: name, pitch, FAQ, the application's questions and what campaigns pay",
        response: { 200: publicProgrammeSchema },
      },
      preHandler: app.rateLimit({
        max: PROGRAMME_PAGE_PER_MINUTE,
        timeWindow: 60_000,
        keyGenerator: (request) => `programme:ip:${request.ip}`,
      }),
    },
    async () => getPublicProgramme(app.database.db),
  );
};

/** Administrador only: the page's settings screen. */
export const programmeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/programme/settings',
    {
      schema: {
        tags,
        security,
        summary: 'The programme page as the admin edits it',
        response: { 200: programmeSettingsSchema },
      },
    },
    async () => getProgrammeSettings(app.database.db),
  );
  app.put(
    '/programme/settings',
    {
      schema: {
        tags,
        security,
        summary: "Replace the programme page: name, pitch, FAQ and the application's questions",
        body: programmeSettingsBodySchema,
        response: { 200: programmeSettingsSchema },
      },
    },
    async (request) => updateProgrammeSettings(app.database.db, request.user?.id ?? 0, request.body),
  );
};
