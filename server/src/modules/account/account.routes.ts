import { accountSchema, accountUpdatedSchema, updateAccountBodySchema } from '@contract/account';
import { idParamsSchema } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStoredImage, withRawUploads } from '../../images';
import { exportMyData, getAccount, getAvatar, setAvatar, updateAccount } from './account.service';

const tags = ['account'];
const security = [{ bearer: [] }];

/** The signed-in person's own account. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const userId = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

  app.get(
    '/me/account',
    {
      schema: {
        tags,
        security,
        summary: 'My account: names, avatar, language, PIX key, level',
        response: { 200: accountSchema },
      },
    },
    async (request) => getAccount(app.database.db, userId(request)),
  );

  app.patch(
    '/me',
    {
      schema: {
        tags,
        security,
        summary: 'Change my names, language or PIX key',
        body: updateAccountBodySchema,
        response: { 200: accountUpdatedSchema },
      },
    },
    async (request) => updateAccount(app.database.db, userId(request), request.body),
  );

  await withRawUploads(app, (uploads) => {
    uploads.put(
      '/me/avatar',
      {
        schema: {
          tags,
          security,
          summary: 'Upload my avatar: the raw PNG, JPEG or WebP bytes, at most 2 MB',
          response: { 200: accountUpdatedSchema },
        },
      },
      async (request) => setAvatar(app.database.db, userId(request), request.body as Buffer),
    );
  });

  app.get(
    '/me/export',
    { schema: { tags, security, summary: 'Download everything the portal keeps about me (LGPD)' } },
    async (request, reply) => {
      const data = await exportMyData(app.database.db, userId(request));
      return reply
        .header(
          'content-disposition',
          `attachment; filename="afiliados-meus-dados-${data.exported_at.slice(0, 10)}.json"`,
        )
        .type('application/json')
        .send(JSON.stringify(data, null, 2));
    },
  );
};

/** Public: avatars are shown in <img> tags, which send no token. */
export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/avatars/:id',
    { schema: { tags, summary: 'A person’s avatar (WebP)', params: idParamsSchema } },
    async (request, reply) => {
      return sendStoredImage(reply, await getAvatar(app.database.db, request.params.id));
    },
  );
};
