import {
  campaignBodySchema,
  campaignListQuerySchema,
  campaignPageSchema,
  campaignSchema,
  campaignStatsSchema,
} from '@contract/campaigns';
import { idParamsSchema } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStoredImage, withRawUploads } from '../../images';
import { getCampaignStats } from './campaign-stats.service';
import {
  createCampaign,
  findCampaigns,
  getCampaignById,
  getCampaignImage,
  setCampaignImage,
  updateCampaign,
} from './campaigns.service';

const tags = ['campaigns'];
const security = [{ bearer: [] }];
const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

/** Every signed-in person browses the campaigns. */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/campaigns',
    {
      schema: {
        tags,
        security,
        summary: 'Campaigns, newest first; search and filter by status',
        querystring: campaignListQuerySchema,
        response: { 200: campaignPageSchema },
      },
    },
    async (request) => {
      if (!request.user) throw new Error('signed-in route without a user');
      return findCampaigns(app.database.db, request.user, request.query);
    },
  );
  app.get(
    '/campaigns/:id',
    { schema: { tags, security, summary: 'One campaign', params: idParamsSchema, response: { 200: campaignSchema } } },
    async (request) => getCampaignById(app.database.db, request.params.id),
  );
  app.get(
    '/campaigns/:id/stats',
    {
      schema: {
        tags,
        security,
        summary: "Clicks, sales and commissions on a campaign: mine, or (admin) everyone's",
        params: idParamsSchema,
        response: { 200: campaignStatsSchema },
      },
    },
    async (request) => {
      if (!request.user) throw new Error('signed-in route without a user');
      return getCampaignStats(app.database.db, request.user, request.params.id);
    },
  );
};

/** Administrador only. */
export const campaignsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/campaigns',
    {
      schema: {
        tags,
        security,
        summary: 'Create a campaign (affiliates are told when it is active)',
        body: campaignBodySchema,
        response: { 201: campaignSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createCampaign(app.database.db, actor(request), request.body)),
  );
  app.patch(
    '/campaigns/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a campaign (the whole campaign is sent)',
        params: idParamsSchema,
        body: campaignBodySchema,
        response: { 200: campaignSchema },
      },
    },
    async (request) => updateCampaign(app.database.db, actor(request), request.params.id, request.body),
  );
  await withRawUploads(app, (uploads) => {
    uploads.put(
      '/campaigns/:id/image',
      {
        schema: {
          tags,
          security,
          summary: 'Upload the campaign image: raw PNG, JPEG or WebP, at most 2 MB',
          params: idParamsSchema,
          response: { 200: campaignSchema },
        },
      },
      async (request) => setCampaignImage(app.database.db, actor(request), request.params.id, request.body as Buffer),
    );
  });
};

/** Public: images are shown in <img> tags, which send no token. */
export const campaignImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/campaigns/:id/image',
    { schema: { tags, summary: 'A campaign image (WebP)', params: idParamsSchema } },
    async (request, reply) => {
      return sendStoredImage(reply, await getCampaignImage(app.database.db, request.params.id));
    },
  );
};
