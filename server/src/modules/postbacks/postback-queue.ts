import type { SaleAction } from '@contract/sales';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliatePostbacks, links, postbackDeliveries, sales } from '../../db/schema';

/**
 * The postback queue (docs/decisions/020, 033): rows of `postback_deliveries`, written with the sale
 * step they tell of and taken by the outbox's workers on any server. Only affiliates with an active postback for the
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
