import {
  type CsvColumn,
  type CsvLanguage,
  type CsvWords,
  csvDateTime,
  csvLines,
  csvMoney,
  wordFor,
} from '@contract/csv';
import type { Sale } from '@contract/sales';
import type { Db } from '../../db/client';
import { iterateSales, type SaleListQuery, type Viewer } from './sales.repository';

/** The words a person reads on screen for each code a sale carries. */
const STATUS: CsvWords = {
  en: {
    pending: 'Pending',
    approved: 'Approved',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
    chargeback: 'Chargeback',
  },
  pt: {
    pending: 'Pendente',
    approved: 'Aprovada',
    cancelled: 'Cancelada',
    refunded: 'Estornada',
    chargeback: 'Chargeback',
  },
};
export const PAYMENT_METHOD: CsvWords = {
  en: { pix: 'PIX', boleto: 'Boleto', credit_card: 'Credit card', debit_card: 'Debit card', other: 'Other' },
  pt: {
    pix: 'PIX',
    boleto: 'Boleto',
    credit_card: 'Cartão de crédito',
    debit_card: 'Cartão de débito',
    other: 'Outro',
  },
};
const FLAG: CsvWords = {
  en: {
    self_referral: 'Self-referral',
    fast_click: 'Seconds after the click',
    same_address_as_affiliate: "From the affiliate's own device",
    conversion_spike: 'Conversion far above the programme',
    chargeback_rate: 'Chargeback rate over the limit',
  },
  pt: {
    self_referral: 'Autoindicação',
    fast_click: 'Segundos após o clique',
    same_address_as_affiliate: 'Do próprio dispositivo do afiliado',
    conversion_spike: 'Conversão muito acima do programa',
    chargeback_rate: 'Taxa de chargeback acima do limite',
  },
};
const ATTRIBUTED_BY: CsvWords = {
  en: {
    coupon: 'Coupon',
    click: 'Link click',
    affiliate_code: 'Affiliate code',
    affiliate_id: 'Chosen by an admin',
    subscription: 'Subscription’s first sale',
  },
  pt: {
    subscription: 'Primeira venda da assinatura',
    coupon: 'Cupom',
    click: 'Clique no link',
    affiliate_code: 'Código de afiliado',
    affiliate_id: 'Escolhido por um admin',
  },
};
const SHARE_ROLE: CsvWords = {
  en: { first: 'first click', last: 'last click' },
  pt: { first: 'primeiro clique', last: 'último clique' },
};

const column = (en: string, pt: string, cell: CsvColumn<Sale>['cell']): CsvColumn<Sale> => ({
  header: { en, pt },
  cell,
});

function salesColumns(isAdmin: boolean): CsvColumn<Sale>[] {
  return [
    column('Sale', 'Venda', (s) => s.id),
    column('Date', 'Data', (s, lang) => csvDateTime(s.created_at, lang)),
    column('Campaign', 'Campanha', (s) => s.campaign_name),
    ...(isAdmin
      ? [
          column('Affiliate', 'Afiliado', (s) => s.affiliate_name),
          column('Buyer email', 'E-mail do comprador', (s) => s.customer_email),
        ]
      : []),
    column('Affiliate code', 'Código de afiliado', (s) => s.affiliate_code),
    column('Order id', 'Pedido', (s) => s.external_id),
    column('Amount (R$)', 'Valor (R$)', (s) => csvMoney(s.amount_cents)),
    column('Payment method', 'Forma de pagamento', (s, lang) => wordFor(PAYMENT_METHOD, lang, s.payment_method)),
    column('Origin', 'Origem', (s) => s.origin),
    column('Status', 'Situação', (s, lang) => wordFor(STATUS, lang, s.status)),
    column('Attributed by', 'Atribuída por', (s, lang) => wordFor(ATTRIBUTED_BY, lang, s.attributed_by)),
    column('Subscription', 'Assinatura', (s) => s.subscription_id),
    column('Charge', 'Cobrança', (s) => s.charge_number),
    // An affiliate's commission is their share of a split sale; an admin reads the whole and each share.
    column('Commission (R$)', 'Comissão (R$)', (s) => csvMoney(s.commission_cents)),
    ...(isAdmin
      ? [
          column('Commission split', 'Divisão da comissão', (s, lang) =>
            (s.commission.shares ?? [])
              .map(
                (share) =>
                  `${share.affiliate_code} (${wordFor(SHARE_ROLE, lang, share.role)}) ${csvMoney(share.commission_cents)}`,
              )
              .join(' + '),
          ),
        ]
      : [
          column('Shared sale', 'Venda dividida', (s, lang) =>
            s.commission.shares ? (lang === 'pt' ? 'Sim' : 'Yes') : '',
          ),
        ]),
    column('Flags', 'Alertas', (s, lang) => s.flags.map((flag) => wordFor(FLAG, lang, flag)).join(', ')),
  ];
}

/** The filtered sales as CSV lines, page by page, so a large export never sits in memory. */
export function salesCsv(db: Db, viewer: Viewer, query: SaleListQuery, language: CsvLanguage) {
  return csvLines(salesColumns(viewer.isAdmin), iterateSales(db, viewer, query), language);
}
