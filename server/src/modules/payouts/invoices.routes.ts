import { idParamsSchema } from '@contract/common';
import {
  invoiceListQuerySchema,
  invoiceListSchema,
  payoutInvoiceSchema,
  reviewInvoiceBodySchema,
} from '@contract/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withRawUploads } from '../../images';
import { signedInAffiliate, viewerOf } from '../../plugins/auth';
import { findInvoices, getInvoice, reviewInvoice, uploadInvoice } from './invoices.service';

const tags = ['payouts'];
const security = [{ bearer: [] }];

/** A company affiliate's NFS-e for its redemption (docs/decisions/038). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await withRawUploads(app, (uploads) => {
    uploads.put(
      '/redemptions/:id/invoice',
      {
        schema: {
          tags,
          security,
          summary: 'Send the NFS-e of my redemption: the raw PDF or XML bytes',
          params: idParamsSchema,
          response: { 200: payoutInvoiceSchema },
        },
      },
      async (request) => {
        // A text/plain body reaches here parsed by Fastify's own parser, a JSON one as a value: neither is a file.
        const body = request.body;
        const file = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : '');
        return uploadInvoice(db, signedInAffiliate(request.user).id, request.params.id, file);
      },
    );
  });
  app.get(
    '/redemptions/:id/invoice',
    {
      schema: {
        tags,
        security,
        summary: 'The NFS-e of a redemption: its status (an affiliate: their own)',
        params: idParamsSchema,
        response: { 200: payoutInvoiceSchema },
      },
    },
    async (request) => (await getInvoice(db, viewerOf(request.user), request.params.id)).invoice,
  );
  app.get(
    '/redemptions/:id/invoice/file',
    { schema: { tags, security, summary: 'The NFS-e file as it was sent', params: idParamsSchema } },
    async (request, reply) => {
      const { invoice, content } = await getInvoice(db, viewerOf(request.user), request.params.id);
      return reply
        .type(invoice.format === 'pdf' ? 'application/pdf' : 'application/xml')
        .header('content-disposition', `attachment; filename="nfse-resgate-${invoice.redemption_id}.${invoice.format}"`)
        .send(content);
    },
  );
};

/** Administrador only: the check of a PDF invoice. */
export const invoicesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoices',
    {
      schema: {
        tags,
        security,
        summary: 'The NFS-e sent by companies, newest first; status=review: those waiting for a check',
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema },
      },
    },
    async (request) => ({ items: await findInvoices(app.database.db, request.query.status) }),
  );
  app.post(
    '/redemptions/:id/invoice/review',
    {
      schema: {
        tags,
        security,
        summary: 'Accept a PDF invoice after checking its value, or refuse it saying why',
        params: idParamsSchema,
        body: reviewInvoiceBodySchema,
        response: { 200: payoutInvoiceSchema },
      },
    },
    async (request) => reviewInvoice(app.database.db, request.user?.id ?? 0, request.params.id, request.body),
  );
};
