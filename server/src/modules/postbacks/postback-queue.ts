import type { SaleAction } from '@contract/sales';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliatePostbacks, links, postbackDeliveries, sales } from '../../db/schema';

/**
 * The postback queue (docs/decisions/020): rows of `postback_deliveries`, written with the sale step
 * they tell of and taken by workers on any server. Only affiliates with an active postback for the
 * event get a row: the join on `affiliate_postbacks` is the filter, so a sale step of everybody
 * else writes nothing.
 */

/**
 * For the statement that records a batch of sales (sales.repository INSERT_SALES): a `created`
 * delivery for each new sale whose affiliate asked for one, in the same statement as the sale.
 * It reads the `inserted` CTE of that statement.
 */
export const POSTBACKS_CREATED_CTE = `
  postbacks_queued as (
    insert into postback_deliveries (affiliate_id, sale_id, event, sale_status)
    select inserted.affiliate_id, inserted.id, 'created', 'pending'
    from inserted join affiliate_postbacks p on p.affiliate_id = inserted.affiliate_id
    where p.active and 'created' = any(p.events)
  )`;

const EVENT_OF = { approve: 'approved', cancel: 'reversed', refund: 'reversed', chargeback: 'reversed' } as const;

/**
 * The postbacks a sale step calls for, as a CTE for the step's outbox statement
 * (sales/sale-step-outbox.ts): rows only for affiliates who asked for this event.
 */
export function salePostbacksCte(action: SaleAction, saleIds: number[]): SQL {
  const event = EVENT_OF[action];
  return sql`postbacks_queued as (
    insert into ${postbackDeliveries} (affiliate_id, sale_id, event, sale_status)
    select ${sales.affiliateId}, ${sales.id}, ${event}::text, ${sales.status}
    from ${sales} join ${affiliatePostbacks} on ${affiliatePostbacks.affiliateId} = ${sales.affiliateId}
    where ${inArray(sales.id, saleIds)} and ${affiliatePostbacks.active} and ${event}::text = any(${affiliatePostbacks.events}))`;
}

/**
 * Takes up to `limit` due deliveries for this worker: each attempt is counted and the row held
 * (its next attempt moved to `holdUntil`) in one statement; SKIP LOCKED lets other servers take the
 * others meanwhile. A worker that dies leaves its rows due again once the hold runs out.
 */
export async function claimDueDeliveries(db: Db, now: Date, holdUntil: Date, limit: number) {
  const result = await db.execute(sql`
    update ${postbackDeliveries} d
    set attempts = d.attempts + 1, next_attempt_at = ${holdUntil.toISOString()}::timestamptz,
      last_attempt_at = ${now.toISOString()}::timestamptz
    from (
      select id from ${postbackDeliveries}
      where state = 'queued' and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    ) due
    where d.id = due.id
    returning d.id, d.attempts`);
  const rows = (result as unknown as { rows: { id: number | string; attempts: number | string }[] }).rows;
  return rows.map((row) => ({ id: Number(row.id), attempts: Number(row.attempts) }));
}

/** What a claimed delivery needs: the event, the sale's figures and the affiliate's template now. */
export async function loadClaimed(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: postbackDeliveries.id,
      event: postbackDeliveries.event,
      saleStatus: postbackDeliveries.saleStatus,
      saleId: sales.id,
      campaignId: sales.campaignId,
      clickId: sales.clickId,
      amountCents: sales.amountCents,
      // Deliveries go to the sale's owner: of a split sale, their part (docs/decisions/021).
      commissionCents: sql<number>`${sales.commissionCents} - ${sales.sharedCommissionCents}`.mapWith(Number),
      subId: links.subId,
      template: affiliatePostbacks.url,
      events: affiliatePostbacks.events,
      active: affiliatePostbacks.active,
    })
    .from(postbackDeliveries)
    .innerJoin(sales, eq(sales.id, postbackDeliveries.saleId))
    .leftJoin(links, eq(links.id, sales.linkId))
    .leftJoin(affiliatePostbacks, eq(affiliatePostbacks.affiliateId, postbackDeliveries.affiliateId))
    .where(inArray(postbackDeliveries.id, ids));
}

export type DeliveryOutcome = Partial<
  Pick<
    typeof postbackDeliveries.$inferInsert,
    'state' | 'url' | 'statusCode' | 'error' | 'nextAttemptAt' | 'deliveredAt'
  >
>;

/**
 * Writes an attempt's outcome, only if the row is still this worker's attempt: a worker whose hold
 * ran out (and whose row another took) changes nothing.
 */
export async function finishDelivery(db: Db, claim: { id: number; attempts: number }, outcome: DeliveryOutcome) {
  await db
    .update(postbackDeliveries)
    .set(outcome)
    .where(
      and(
        eq(postbackDeliveries.id, claim.id),
        eq(postbackDeliveries.attempts, claim.attempts),
        eq(postbackDeliveries.state, 'queued'),
      ),
    );
}
