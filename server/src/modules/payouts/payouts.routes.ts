import { idParamsSchema, idSchema } from '@contract/common';
import {
  payoutBatchBodySchema,
  payoutBatchListQuerySchema,
  payoutBatchPageSchema,
  payoutBatchSchema,
  payoutSettingsSchema,
  payPayoutBatchBodySchema,
} from '@contract/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvLanguageOfUser, sendCsvDownload } from '../../csv-download';
import { signedIn } from '../../plugins/auth';
import {
  createPayoutBatch,
  decideHeldItem,
  findPayoutBatches,
  getPayoutBatch,
  payPayoutBatch,
} from './payouts.service';
import { payoutBatchCsv } from './payouts-export';

const tags = ['payouts'];
const security = [{ bearer: [] }];

/** Administrador only: approved redemptions paid in batches, by hand or through the PIX provider. */
export const payoutsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;
  app.post(
    '/payout-batches',
    {
      schema: {
        tags,
        security,
        summary: 'Put approved redemptions in a batch: those picked, or every approved one up to a day',
        body: payoutBatchBodySchema,
        response: { 201: payoutBatchSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createPayoutBatch(db, actor(request), request.body)),
  );
  app.get(
    '/settings/payouts',
    {
      schema: { tags, security, summary: 'How payout batches are paid here', response: { 200: payoutSettingsSchema } },
    },
    async () => ({ provider: app.config.payoutProvider }),
  );
  app.get(
    '/payout-batches',
    {
      schema: {
        tags,
        security,
        summary: 'Payout batches, newest first',
        querystring: payoutBatchListQuerySchema,
        response: { 200: payoutBatchPageSchema },
      },
    },
    async (request) => findPayoutBatches(db, request.query),
  );
  app.get(
    '/payout-batches/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One batch and its items',
        params: idParamsSchema,
        response: { 200: payoutBatchSchema },
      },
    },
    async (request) => getPayoutBatch(db, request.params.id),
  );
  app.get(
    '/payout-batches/:id/export',
    {
      schema: {
        tags,
        security,
        summary: 'The batch as CSV for a bank portal (a spreadsheet in Brazil)',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const batch = await getPayoutBatch(db, request.params.id);
      const language = await csvLanguageOfUser(db, signedIn(request.user).id);
      return sendCsvDownload(reply, `lote-${batch.id}`, payoutBatchCsv(db, batch, language));
    },
  );
  app.post(
    '/payout-batches/:id/pay',
    {
      schema: {
        tags,
        security,
        summary: 'Pay an open batch through the configured provider (manual: with the bank’s reference)',
        params: idParamsSchema,
        body: payPayoutBatchBodySchema,
        response: { 200: payoutBatchSchema },
      },
    },
    async (request) => payPayoutBatch(app.contextOf(request), actor(request), request.params.id, request.body),
  );
  const itemParams = z.object({ id: idSchema, itemId: idSchema });
  for (const decision of ['release', 'fail'] as const) {
    app.post(
      `/payout-batches/:id/items/:itemId/${decision}`,
      {
        schema: {
          tags,
          security,
          summary:
            decision === 'release'
              ? 'Send a held item again, its key’s holder approved by this admin'
              : 'Fail a held item: its redemption goes back to the queue',
          params: itemParams,
          response: { 200: payoutBatchSchema },
        },
      },
      async (request) =>
        decideHeldItem(app.contextOf(request), actor(request), request.params.id, request.params.itemId, decision),
    );
  }
};
