import type { PayoutReceipt } from '@contract/payouts';
import { and, asc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutReceipts } from '../../db/schema';
import { AppError } from '../../errors';
import type { Viewer } from '../../plugins/auth';

type Row = typeof payoutReceipts.$inferSelect;

const toReceipt = (row: Row): PayoutReceipt => ({
  id: row.id,
  redemption_id: row.redemptionId,
  affiliate_id: row.affiliateId,
  month: row.month,
  gross_cents: row.grossCents,
  inss_cents: row.inssCents,
  irrf_cents: row.irrfCents,
  iss_cents: row.issCents,
  net_cents: row.netCents,
  legal_name: row.payee.legal_name ?? '',
  document: row.payee.document ?? '',
  end_to_end_id: row.endToEndId,
  paid_at: row.paidAt.toISOString(),
});

/** Receipts in payment order: an affiliate's own; an admin's, everyone's or one affiliate's. */
export async function findReceipts(db: Db, viewer: Viewer, query: { year?: number; affiliate_id?: number }) {
  const affiliateId = viewer.isAdmin ? query.affiliate_id : viewer.affiliateId;
  const rows = await db
    .select()
    .from(payoutReceipts)
    .where(
      and(
        affiliateId === undefined ? undefined : eq(payoutReceipts.affiliateId, affiliateId),
        query.year === undefined ? undefined : like(payoutReceipts.month, `${query.year}-%`),
      ),
    )
    .orderBy(asc(payoutReceipts.paidAt), asc(payoutReceipts.id));
  return rows.map(toReceipt);
}

/** One receipt with its payee's whole address (for the PDF); another affiliate's is a 404. */
export async function getReceipt(db: Db, viewer: Viewer, id: number) {
  const [row] = await db
    .select()
    .from(payoutReceipts)
    .where(
      and(eq(payoutReceipts.id, id), viewer.isAdmin ? undefined : eq(payoutReceipts.affiliateId, viewer.affiliateId)),
    );
  if (!row) throw new AppError('NOT_FOUND', `Receipt ${id} not found.`);
  return { receipt: toReceipt(row), payee: row.payee };
}
