import { idParamsSchema } from '@contract/common';
import { type CsvColumn, csvDateTime, csvLines, csvMoney } from '@contract/csv';
import {
  type PayoutReceipt,
  receiptListQuerySchema,
  receiptListSchema,
  yearlyStatementQuerySchema,
} from '@contract/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvLanguageOfUser, sendCsvDownload } from '../../csv-download';
import { signedIn, viewerOf } from '../../plugins/auth';
import { getWithholdingSettings } from '../tax/withholding-settings';
import { receiptPdf, yearlyStatementPdf } from './receipt-pdf';
import { findReceipts, getReceipt } from './receipts.service';

const tags = ['payouts'];
const security = [{ bearer: [] }];

const yearlyColumns: CsvColumn<PayoutReceipt>[] = [
  { header: { en: 'Paid on', pt: 'Pago em' }, cell: (r, lang) => csvDateTime(r.paid_at, lang) },
  { header: { en: 'Receipt', pt: 'Recibo' }, cell: (r) => r.id },
  { header: { en: 'Month', pt: 'Competência' }, cell: (r) => r.month },
  { header: { en: 'Gross (R$)', pt: 'Bruto (R$)' }, cell: (r) => csvMoney(r.gross_cents) },
  { header: { en: 'INSS (R$)', pt: 'INSS (R$)' }, cell: (r) => csvMoney(r.inss_cents) },
  { header: { en: 'IRRF (R$)', pt: 'IRRF (R$)' }, cell: (r) => csvMoney(r.irrf_cents) },
  { header: { en: 'ISS (R$)', pt: 'ISS (R$)' }, cell: (r) => csvMoney(r.iss_cents) },
  { header: { en: 'Net (R$)', pt: 'Líquido (R$)' }, cell: (r) => csvMoney(r.net_cents) },
  { header: { en: 'PIX end-to-end id', pt: 'Identificador PIX' }, cell: (r) => r.end_to_end_id },
];

/** Receipts of payments to people (RPA) and the yearly statement: an affiliate's own, any for admins. */
export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const payerOf = async () => {
    const rates = await getWithholdingSettings(db);
    return { name: rates.payer_name, document: rates.payer_document };
  };
  app.get(
    '/receipts',
    {
      schema: {
        tags,
        security,
        summary: 'Receipts (RPA) of payments, oldest first (an affiliate: their own)',
        querystring: receiptListQuerySchema,
        response: { 200: receiptListSchema },
      },
    },
    async (request) => ({ items: await findReceipts(db, viewerOf(request.user), request.query) }),
  );
  app.get(
    '/receipts/yearly',
    {
      schema: {
        tags,
        security,
        summary: 'A year’s statement of what was paid and withheld, as PDF or CSV',
        querystring: yearlyStatementQuerySchema,
      },
    },
    async (request, reply) => {
      const user = signedIn(request.user);
      const receipts = await findReceipts(db, viewerOf(user), request.query);
      if (request.query.format === 'csv') {
        const language = await csvLanguageOfUser(db, user.id);
        return sendCsvDownload(reply, `informe-${request.query.year}`, csvLines(yearlyColumns, receipts, language));
      }
      const pdf = await yearlyStatementPdf(request.query.year, receipts, await payerOf());
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="informe-${request.query.year}.pdf"`)
        .send(pdf);
    },
  );
  app.get(
    '/receipts/:id/pdf',
    { schema: { tags, security, summary: 'One receipt (RPA) as PDF', params: idParamsSchema } },
    async (request, reply) => {
      const { receipt, payee } = await getReceipt(db, viewerOf(request.user), request.params.id);
      const pdf = await receiptPdf(receipt, payee, await payerOf());
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="rpa-${receipt.id}.pdf"`)
        .send(pdf);
    },
  );
};
