import { type CsvColumn, type CsvLanguage, csvDateTime, csvLines, csvMoney, wordFor } from '@contract/csv';
import type { LedgerEntry, Payment, paymentListQuerySchema } from '@contract/ledger';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Viewer } from '../../plugins/auth';
import { iterateLedger } from './ledger.service';
import { iteratePayments } from './payments.service';

const KIND = {
  en: {
    commission: 'Commission',
    reversal: 'Commission reversed (refund)',
    redemption: 'Redemption requested',
    redemption_release: 'Redemption returned',
    adjustment: 'Adjustment',
  },
  pt: {
    commission: 'Comissão',
    reversal: 'Comissão estornada',
    redemption: 'Resgate solicitado',
    redemption_release: 'Resgate devolvido',
    adjustment: 'Ajuste',
  },
};
const METHOD = {
  en: { pix: 'PIX', bank: 'Bank transfer' },
  pt: { pix: 'PIX', bank: 'Transferência bancária' },
};

const statementColumns: CsvColumn<LedgerEntry>[] = [
  { header: { en: 'Date', pt: 'Data' }, cell: (e, lang) => csvDateTime(e.created_at, lang) },
  { header: { en: 'Movement', pt: 'Movimento' }, cell: (e, lang) => wordFor(KIND, lang, e.kind) },
  { header: { en: 'Amount (R$)', pt: 'Valor (R$)' }, cell: (e) => csvMoney(e.amount_cents) },
  { header: { en: 'Balance (R$)', pt: 'Saldo (R$)' }, cell: (e) => csvMoney(e.balance_cents) },
  {
    header: { en: 'Withheld (R$)', pt: 'Retido (R$)' },
    cell: (e) => (e.withheld_cents === null ? null : csvMoney(e.withheld_cents)),
  },
  {
    header: { en: 'Net paid (R$)', pt: 'Líquido pago (R$)' },
    cell: (e) => (e.net_paid_cents === null ? null : csvMoney(e.net_paid_cents)),
  },
  { header: { en: 'Sale', pt: 'Venda' }, cell: (e) => e.sale_id },
  { header: { en: 'Redemption', pt: 'Resgate' }, cell: (e) => e.redemption_id },
  { header: { en: 'Note', pt: 'Observação' }, cell: (e) => e.note },
  { header: { en: 'Entry', pt: 'Lançamento' }, cell: (e) => e.id },
];

/** The affiliate's statement in date order, oldest first, with the running balance over the whole history. */
export function ledgerCsv(db: Db, affiliateId: number, language: CsvLanguage) {
  return csvLines(statementColumns, iterateLedger(db, affiliateId), language);
}

const paymentColumns: CsvColumn<Payment>[] = [
  { header: { en: 'Payment', pt: 'Pagamento' }, cell: (p) => p.id },
  { header: { en: 'Paid on', pt: 'Pago em' }, cell: (p, lang) => csvDateTime(p.paid_at, lang) },
  { header: { en: 'Affiliate', pt: 'Afiliado' }, cell: (p) => p.affiliate_name },
  { header: { en: 'Affiliate code', pt: 'Código de afiliado' }, cell: (p) => p.affiliate_code },
  { header: { en: 'Amount (R$)', pt: 'Valor (R$)' }, cell: (p) => csvMoney(p.amount_cents) },
  { header: { en: 'Method', pt: 'Forma' }, cell: (p, lang) => wordFor(METHOD, lang, p.method) },
  { header: { en: 'Reference', pt: 'Referência' }, cell: (p) => p.reference },
  { header: { en: 'Paid by', pt: 'Pago por' }, cell: (p) => p.paid_by_name },
  { header: { en: 'Redemption', pt: 'Resgate' }, cell: (p) => p.redemption_id },
];

export function paymentsCsv(
  db: Db,
  viewer: Viewer,
  query: z.output<typeof paymentListQuerySchema>,
  language: CsvLanguage,
) {
  return csvLines(paymentColumns, iteratePayments(db, viewer, query), language);
}
