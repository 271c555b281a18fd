import { csvLine } from '@contract/csv';
import type { paymentListQuerySchema } from '@contract/ledger';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { reais } from '../sales/sales-export';
import { findLedger } from './ledger.service';
import { iteratePayments } from './payments.service';
import type { Viewer } from './redemptions.service';

/** The affiliate's statement, oldest first, with the running balance. */
export async function* ledgerCsv(db: Db, affiliateId: number) {
  yield `\uFEFF${csvLine(['id', 'created_at', 'kind', 'amount', 'balance', 'sale_id', 'redemption_id', 'note'])}`;
  const lines: string[] = [];
  for (let page = 1; ; page++) {
    const { items } = await findLedger(db, affiliateId, page, 1000);
    for (const e of items) {
      lines.push(
        csvLine([
          e.id,
          e.created_at,
          e.kind,
          reais(e.amount_cents),
          reais(e.balance_cents),
          e.sale_id,
          e.redemption_id,
          e.note,
        ]),
      );
    }
    if (items.length < 1000) break;
  }
  yield* lines.reverse();
}

export async function* paymentsCsv(db: Db, viewer: Viewer, query: z.output<typeof paymentListQuerySchema>) {
  yield `\uFEFF${csvLine(['id', 'paid_at', 'affiliate', 'affiliate_code', 'amount', 'method', 'reference', 'paid_by', 'redemption_id'])}`;
  for await (const p of iteratePayments(db, viewer, query)) {
    yield csvLine([
      p.id,
      p.paid_at,
      p.affiliate_name,
      p.affiliate_code,
      reais(p.amount_cents),
      p.method,
      p.reference,
      p.paid_by_name,
      p.redemption_id,
    ]);
  }
}
