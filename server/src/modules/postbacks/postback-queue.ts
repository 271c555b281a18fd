import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliatePostbacks, links, postbackDeliveries, sales } from '../../db/schema';

/**
 * The postback queue (docs/decisions/020, 033): rows of `postback_deliveries`, written with the sale
 * step they tell of and taken by the outbox's workers on any server. Only affiliates with an active postback for the
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
      affiliateId: postbackDeliveries.affiliateId,
    })
    .from(postbackDeliveries)
    .innerJoin(sales, eq(sales.id, postbackDeliveries.saleId))
    .leftJoin(links, eq(links.id, sales.linkId))
    .leftJoin(affiliatePostbacks, eq(affiliatePostbacks.affiliateId, postbackDeliveries.affiliateId))
    .where(inArray(postbackDeliveries.id, ids));
}
