import type { Sale, SaleAction, SaleBulkResult, SaleStatus } from '@contract/sales';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sales } from '../../db/schema';
import { AppError } from '../../errors';
import { refused } from '../attribution/attribution';
import { forgetChargebackRates } from '../fraud/fraud-checks';
import { SALE_STEPS, writeSaleStep } from './sale-step';
import { getSaleRow } from './sales.repository';

/** Why a sale the step left alone was not changed: gone, or in a status the step does not start from. */
function refusalOf(action: SaleAction, id: number, status: SaleStatus | undefined) {
  if (status === undefined) return new AppError('NOT_FOUND', `Sale ${id} not found.`);
  return new AppError('CONFLICT', `A ${status} sale cannot be ${SALE_STEPS[action].verb}.`, {
    reason: 'INVALID_TRANSITION',
    extensions: { status },
  });
}

/**
 * One decision on several sales (admin; actor null for the approval job and a merchant's
 * chargeback), as one sale step: each sale changes or not on its own, and each answer says which.
 */
export async function applySaleAction(
  db: Db,
  actorId: number | null,
  ids: number[],
  action: SaleAction,
  note?: string,
): Promise<{ id: number; outcome: { ok: true; status: SaleStatus } | { ok: false; error: AppError } }[]> {
  const unique = [...new Set(ids)];
  const changed = await writeSaleStep(db, { kind: action, ids: unique, actorId, note: note ?? null, at: new Date() });
  const done = new Map(changed.map((row) => [row.id, row]));
  if (action === 'chargeback' && changed.length > 0) {
    forgetChargebackRates(
      db,
      changed.map((row) => row.affiliateId),
    );
  }
  const left = unique.filter((id) => !done.has(id));
  const now =
    left.length === 0
      ? []
      : await db.select({ id: sales.id, status: sales.status }).from(sales).where(inArray(sales.id, left));
  const statusOf = new Map(now.map((row) => [row.id, row.status]));
  return unique.map((id) => {
    const row = done.get(id);
    return {
      id,
      outcome: row ? { ok: true, status: row.status } : { ok: false, error: refusalOf(action, id, statusOf.get(id)) },
    };
  });
}

/** approve, cancel, refund or charge back one sale; a sale that cannot take the step is a 404 or 409. */
export async function decideSale(
  db: Db,
  actorId: number | null,
  id: number,
  action: SaleAction,
  note?: string,
): Promise<Sale> {
  const [result] = await applySaleAction(db, actorId, [id], action, note);
  if (result && !result.outcome.ok) throw result.outcome.error;
  return getSaleRow(db, { isAdmin: true }, id);
}

/** The same decision on many sales; each succeeds or fails on its own. */
export async function decideSales(
  db: Db,
  actorId: number,
  ids: number[],
  action: SaleAction,
  note?: string,
): Promise<SaleBulkResult> {
  const results = await applySaleAction(db, actorId, ids, action, note);
  return {
    results: results.map(({ id, outcome }) =>
      outcome.ok
        ? { id, ok: true, status: outcome.status, error: null }
        : {
            id,
            ok: false,
            status: (outcome.error.extensions?.status as Sale['status'] | undefined) ?? null,
            error: outcome.error.message,
          },
    ),
  };
}

/**
 * A merchant's chargeback of an order recorded before (a postback or a CSV row with status
 * `chargeback`): the same step as an admin's. Reported again, it answers the sale as it is.
 */
export async function chargebackOrder(
  db: Db,
  actorId: number | null,
  order: { campaignId: number; externalId: string },
): Promise<Sale> {
  const [row] = await db
    .select({ id: sales.id, status: sales.status })
    .from(sales)
    .where(and(eq(sales.campaignId, order.campaignId), eq(sales.externalId, order.externalId)));
  if (!row) throw refused('external_id', 'is not an order recorded on this campaign', 'UNKNOWN_ORDER');
  if (row.status === 'chargeback') return getSaleRow(db, { isAdmin: true }, row.id);
  return decideSale(db, actorId, row.id, 'chargeback');
}
