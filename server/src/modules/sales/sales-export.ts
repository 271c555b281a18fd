import { csvLine } from '@contract/csv';
import type { Db } from '../../db/client';
import { iterateSales, type SaleListQuery, type Viewer } from './sales.repository';

/** Cents as a plain decimal ("1234.56"), the form spreadsheets in any locale read as a number. */
export const reais = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** The filtered sales as CSV lines, page by page, so a large export never sits in memory. */
export async function* salesCsv(db: Db, viewer: Viewer, query: SaleListQuery) {
  const adminColumns = viewer.isAdmin ? ['affiliate', 'customer_email'] : [];
  yield `\uFEFF${csvLine([
    'id',
    'created_at',
    'campaign',
    ...adminColumns,
    'affiliate_code',
    'external_id',
    'amount',
    'payment_method',
    'origin',
    'status',
    'commission',
    'flags',
  ])}`;
  for await (const sale of iterateSales(db, viewer, query)) {
    const admin = viewer.isAdmin ? [sale.affiliate_name, sale.customer_email] : [];
    yield csvLine([
      sale.id,
      sale.created_at,
      sale.campaign_name,
      ...admin,
      sale.affiliate_code,
      sale.external_id,
      reais(sale.amount_cents),
      sale.payment_method,
      sale.origin,
      sale.status,
      reais(sale.commission_cents),
      sale.flags.join(' '),
    ]);
  }
}
