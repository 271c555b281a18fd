import { idParamsSchema } from '@contract/common';
import {
  CREATIVE_FILE_MAX_BYTES,
  creativeBodySchema,
  creativeListSchema,
  creativePatchSchema,
  creativeSchema,
} from '@contract/creatives';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withRawUploads } from '../../images';
import { signedIn } from '../../plugins/auth';
import { publicAddressOf } from '../../public-address';
import { getCreativeFile, sendCreativeFile, setCreativeFile } from './creative-files';
import { createCreative, deleteCreative, findCreatives, updateCreative } from './creatives.service';

const tags = ['creatives'];
const security = [{ bearer: [] }];
const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;

/** Every signed-in person: an admin sees every creative, an affiliate those meant for them, filled. */
export const creativesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/campaigns/:id/creatives',
    {
      schema: {
        tags,
        security,
        summary: "A campaign's creatives: an affiliate's, with {LINK}, {CUPOM} and {NOME} filled and a WhatsApp link",
        params: idParamsSchema,
        response: { 200: creativeListSchema },
      },
    },
    async (request) =>
      findCreatives(app.database.db, publicAddressOf(app.config, request), signedIn(request.user), request.params.id),
  );
  app.get(
    '/creatives/:id/file',
    { schema: { tags, security, summary: "A creative's image (WebP) or file (PDF)", params: idParamsSchema } },
    async (request, reply) =>
      sendCreativeFile(reply, await getCreativeFile(app.database.db, signedIn(request.user), request.params.id)),
  );
};

/** Administrador only. */
export const creativesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/campaigns/:id/creatives',
    {
      schema: {
        tags,
        security,
        summary:
          'Add a creative to a campaign: a text, or an image or a file whose bytes follow (PUT /creatives/:id/file)',
        params: idParamsSchema,
        body: creativeBodySchema,
        response: { 201: creativeSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCreative(app.database.db, actor(request), request.params.id, request.body)),
  );
  app.patch(
    '/creatives/:id',
    {
      schema: {
        tags,
        security,
        summary: "Change a creative's title, text or visibility",
        params: idParamsSchema,
        body: creativePatchSchema,
        response: { 200: creativeSchema },
      },
    },
    async (request) => updateCreative(app.database.db, actor(request), request.params.id, request.body),
  );
  app.delete(
    '/creatives/:id',
    { schema: { tags, security, summary: 'Delete a creative and its image or file', params: idParamsSchema } },
    async (request, reply) => {
      await deleteCreative(app.database.db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
  await withRawUploads(
    app,
    (uploads) => {
      uploads.put(
        '/creatives/:id/file',
        {
          schema: {
            tags,
            security,
            summary:
              "Upload a creative's bytes: an image (PNG, JPEG or WebP, at most 8 MB, kept as WebP) or a PDF (at most 10 MB)",
            params: idParamsSchema,
            response: { 200: creativeSchema },
          },
        },
        async (request) => setCreativeFile(app.database.db, actor(request), request.params.id, request.body as Buffer),
      );
    },
    CREATIVE_FILE_MAX_BYTES + 1024 * 1024,
  );
};
