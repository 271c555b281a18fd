import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliatePostbacks, links, postbackDeliveries, sales } from '../../db/schema';

/**
 * The postback queue (docs/decisions/020): rows of `postback_deliveries`, written with the sale step
 * they tell of and taken by workers on any server. Only affiliates with an active postback for the
 * event get a row: the join on `affiliate_postbacks` is the filter, so a sale step of everybody
 * else writes nothing.
 */

/**
 * The postbacks a sale step calls for, as a CTE of the step's one statement (sales/sale-step.ts),
 * over the CTE `changed` it made (the sales as they are now, with `from_status`): a new sale is
 * `created` (status pending, as it was recorded), an approval `approved`, a cancellation, refund or
 * chargeback `reversed`. Rows only for affiliates with an active postback for the event.
 */
export const SALE_STEP_POSTBACKS_CTE = `
  step_postbacks as (
    insert into postback_deliveries (affiliate_id, sale_id, event, sale_status)
    select s.affiliate_id, s.id, e.event, e.sale_status
    from changed s
    cross join lateral (values (1, 'created', 'pending', s.from_status is null),
      (2, 'approved', s.status::text, s.status = 'approved'),
      (3, 'reversed', s.status::text, s.status in ('cancelled', 'refunded', 'chargeback'))
    ) as e(nth, event, sale_status, applies)
    join affiliate_postbacks p on p.affiliate_id = s.affiliate_id
    where e.applies and p.active and e.event = any(p.events)
    order by s.id, e.nth
  )`;

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
