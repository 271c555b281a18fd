import { idParamsSchema } from '@contract/common';
import {
  balanceSchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  paymentListQuerySchema,
  paymentPageSchema,
  payRedemptionBodySchema,
  redemptionBodySchema,
  redemptionListQuerySchema,
  redemptionPageSchema,
  redemptionSchema,
  redemptionSettingsSchema,
  rejectRedemptionBodySchema,
} from '@contract/ledger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvLanguageOfUser, sendCsvDownload } from '../../csv-download';
import { signedIn, signedInAffiliate, viewerOf } from '../../plugins/auth';
import { findLedger, getBalance } from './ledger.service';
import { ledgerCsv, paymentsCsv } from './ledger-export';
import { findPayments } from './payments.service';
import { decideRedemption } from './redemption-decisions';
import { getRedemptionSettings, setRedemptionSettings } from './redemption-settings';
import { findRedemptions, getRedemptionById, requestRedemption } from './redemptions.service';

const tags = ['ledger'];
const security = [{ bearer: [] }];
/** The signed-in person's money: an affiliate's own; admins see every redemption and payment. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    '/balance',
    { schema: { tags, security, summary: 'Available, pending and paid, in cents', response: { 200: balanceSchema } } },
    async (request) => getBalance(db, signedInAffiliate(request.user).id, app.config.minRedemptionCents),
  );
  app.get(
    '/ledger',
    {
      schema: {
        tags,
        security,
        summary: 'My statement, newest first by date, with the balance after each entry (over the whole history)',
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema },
      },
    },
    async (request) => findLedger(db, signedInAffiliate(request.user).id, request.query.page, request.query.page_size),
  );
  app.get(
    '/ledger/export',
    {
      schema: {
        tags,
        security,
        summary: 'My statement as CSV for a spreadsheet in Brazil, in date order with the running balance',
      },
    },
    async (request, reply) => {
      const user = signedIn(request.user);
      const affiliateId = signedInAffiliate(user).id;
      const language = await csvLanguageOfUser(db, user.id);
      // Long reads of many rows: from the replica when there is one.
      return sendCsvDownload(reply, 'extrato', ledgerCsv(app.database.readDb, affiliateId, language));
    },
  );
  app.post(
    '/redemptions',
    {
      schema: {
        tags,
        security,
        summary: 'Ask to redeem part of my balance (reserved at once); send an Idempotency-Key to retry safely',
        headers: z.object({ 'idempotency-key': z.string().trim().min(8).max(100).optional() }),
        body: redemptionBodySchema,
        response: { 200: redemptionSchema, 201: redemptionSchema },
      },
    },
    async (request, reply) => {
      const affiliateId = signedInAffiliate(request.user).id;
      const { redemption } = await requestRedemption(
        app.contextOf(request),
        affiliateId,
        request.body,
        request.headers['idempotency-key'],
      );
      // A retry with the same Idempotency-Key answers exactly what the first request got.
      return reply.code(201).send(redemption);
    },
  );
  app.get(
    '/redemptions',
    {
      schema: {
        tags,
        security,
        summary: 'Redemptions with filters (an affiliate: their own)',
        querystring: redemptionListQuerySchema,
        response: { 200: redemptionPageSchema },
      },
    },
    async (request) => findRedemptions(db, viewerOf(request.user), request.query),
  );
  app.get(
    '/redemptions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One redemption and its timeline',
        params: idParamsSchema,
        response: { 200: redemptionSchema },
      },
    },
    async (request) => getRedemptionById(db, viewerOf(request.user), request.params.id),
  );
  app.get(
    '/payments',
    {
      schema: {
        tags,
        security,
        summary: 'Payments made (an affiliate: their own)',
        querystring: paymentListQuerySchema,
        response: { 200: paymentPageSchema },
      },
    },
    async (request) => findPayments(db, viewerOf(request.user), request.query),
  );
  app.get(
    '/payments/export',
    {
      schema: {
        tags,
        security,
        summary: 'Payments as CSV for a spreadsheet in Brazil, in my language',
        querystring: paymentListQuerySchema,
      },
    },
    async (request, reply) => {
      const user = signedIn(request.user);
      const viewer = viewerOf(user);
      const language = await csvLanguageOfUser(db, user.id);
      return sendCsvDownload(reply, 'pagamentos', paymentsCsv(app.database.readDb, viewer, request.query, language));
    },
  );
};

/** Administrador only. */
export const ledgerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: { user: { id: number } | null }) => request.user?.id ?? 0;
  const decided = { params: idParamsSchema, response: { 200: redemptionSchema }, tags, security };
  app.post(
    '/redemptions/:id/approve',
    { schema: { ...decided, summary: 'Approve a requested redemption' } },
    async (request) =>
      decideRedemption(app.contextOf(request), actor(request), request.params.id, { action: 'approve' }),
  );
  app.post(
    '/redemptions/:id/reject',
    {
      schema: {
        ...decided,
        summary: 'Reject a redemption with a reason; the amount returns to the balance',
        body: rejectRedemptionBodySchema,
      },
    },
    async (request) =>
      decideRedemption(app.contextOf(request), actor(request), request.params.id, {
        action: 'reject',
        reason: request.body.reason,
      }),
  );
  app.post(
    '/redemptions/:id/pay',
    { schema: { ...decided, summary: 'Record the payment of an approved redemption', body: payRedemptionBodySchema } },
    async (request) =>
      decideRedemption(app.contextOf(request), actor(request), request.params.id, {
        action: 'pay',
        reference: request.body.reference,
        paidAt: request.body.paid_at ? new Date(request.body.paid_at) : new Date(),
      }),
  );
  app.get(
    '/settings/redemptions',
    { schema: { tags, security, summary: 'Redemption rules', response: { 200: redemptionSettingsSchema } } },
    async () => getRedemptionSettings(app.database.db),
  );
  app.put(
    '/settings/redemptions',
    {
      schema: {
        tags,
        security,
        summary: 'Change the redemption rules',
        body: redemptionSettingsSchema,
        response: { 200: redemptionSettingsSchema },
      },
    },
    async (request) => setRedemptionSettings(app.database.db, actor(request), request.body),
  );
};
