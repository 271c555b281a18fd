import type { SaleAction } from '@contract/sales';
import type { WebhookEvent } from '@contract/webhooks';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sales, webhookDeliveries, webhookEndpoints } from '../../db/schema';

/**
 * The webhook queue (docs/decisions/023): rows of `webhook_deliveries`, one per event and endpoint,
 * written by the statement or transaction that makes the event, so a rolled-back step sends
 * nothing. The join on `webhook_endpoints` is the filter: with no enabled endpoint subscribed to the
 * event, the statement writes nothing.
 */

/** The event's moment as the payload's `timestamp` says it (the transaction's time, in UTC). */
const EVENT_TIME = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What a `sale.*` event says of the sale, from a row of `sales` (or of the batch insert's CTE) named `s`. */
const SALE_DATA = `jsonb_build_object('id', s.id, 'campaign_id', s.campaign_id, 'affiliate_id', s.affiliate_id,
  'external_id', s.external_id, 'amount_cents', s.amount_cents, 'commission_cents', s.commission_cents,
  'currency', 'BRL', 'payment_method', s.payment_method, 'status', s.status,
  'subscription_id', s.subscription_id, 'charge_number', s.charge_number)`;

/**
 * For the statement that records a batch of sales (sales.repository INSERT_SALES): a `sale.created`
 * message for each new sale and each endpoint subscribed to it, in the same statement as the sale.
 * It reads the `inserted` CTE of that statement (which returns the columns SALE_DATA names).
 */
export const WEBHOOKS_SALE_CREATED_CTE = `
  webhooks_queued as (
    insert into webhook_deliveries (endpoint_id, event_type, subject, payload)
    select e.id, 'sale.created', 'sale:' || s.id, jsonb_build_object('type', 'sale.created', 'timestamp', ${EVENT_TIME},
      'data', ${SALE_DATA})
    from (select *, 'pending' as status from inserted order by id) s
    cross join webhook_endpoints e
    where e.enabled and 'sale.created' = any(e.events)
  )`;

/**
 * A `sale.*` event for several sales at once, as a CTE of an outbox statement: a row per sale and
 * per enabled endpoint subscribed to the event, in sale order.
 */
export function saleWebhooksCte(type: SaleWebhookEvent, saleIds: number[]): SQL {
  return sql`webhooks_queued as (
    insert into ${webhookDeliveries} (endpoint_id, event_type, subject, payload)
    select e.id, ${type}::text, 'sale:' || s.id, jsonb_build_object('type', ${type}::text,
      'timestamp', ${sql.raw(EVENT_TIME)}, 'data', ${sql.raw(SALE_DATA)})
    from (select * from sales where ${inArray(sales.id, saleIds)} order by id) s
    cross join ${webhookEndpoints} e
    where e.enabled and ${type}::text = any(e.events)
    order by s.id, e.id)`;
}

type SaleWebhookEvent = WebhookEvent & `sale.${string}`;

const EVENT_OF_SALE_ACTION = {
  approve: 'sale.approved',
  refund: 'sale.refunded',
  chargeback: 'sale.chargeback',
  cancel: null,
} as const;

/** The webhook event of a sale step (approve, refund, chargeback), or null (a cancellation has none). */
export function webhookEventOfSaleAction(action: SaleAction): SaleWebhookEvent | null {
  return EVENT_OF_SALE_ACTION[action];
}

/**
 * Queues any event with its data, inside the caller's transaction: one statement, writing a row
 * per enabled endpoint subscribed to it.
 */
export async function queueWebhookEvent(tx: Db, type: WebhookEvent, data: Record<string, unknown> & { id: unknown }) {
  // `redemption.paid` of redemption 7 is about `redemption:7`, as its `requested` was.
  const subject = `${type.split('.')[0]}:${String(data.id)}`;
  await tx.execute(sql`
    insert into ${webhookDeliveries} (endpoint_id, event_type, subject, payload)
    select e.id, ${type}::text, ${subject}::text, jsonb_build_object('type', ${type}::text,
      'timestamp', ${sql.raw(EVENT_TIME)}, 'data', ${JSON.stringify(data)}::jsonb)
    from ${webhookEndpoints} e
    where e.enabled and ${type}::text = any(e.events)
    order by e.id`);
}

/**
 * Takes up to `limit` due messages for this worker, each the oldest waiting one of its endpoint and
 * subject, so an endpoint hears of one sale's (redemption's, affiliate's) events in the order they
 * happened: a message waits while an earlier one of its endpoint and subject is queued (held by a
 * worker or waiting for its retry). Messages of different subjects go side by side. The attempt is
 * counted and the row held (its next attempt moved to `holdUntil`) in the same statement; SKIP
 * LOCKED lets other servers take other messages meanwhile. A dead worker's rows are due again once
 * the hold runs out.
 */
export async function claimDueMessages(db: Db, now: Date, holdUntil: Date, limit: number) {
  const result = await db.execute(sql`
    update ${webhookDeliveries} d
    set attempts = d.attempts + 1, next_attempt_at = ${holdUntil.toISOString()}::timestamptz,
      last_attempt_at = ${now.toISOString()}::timestamptz
    from (
      select q.id from ${webhookDeliveries} q
      join ${webhookEndpoints} e on e.id = q.endpoint_id
      where q.state = 'queued' and e.enabled and q.next_attempt_at <= ${now.toISOString()}::timestamptz
        and not exists (
          select 1 from ${webhookDeliveries} earlier
          where earlier.endpoint_id = q.endpoint_id and earlier.subject = q.subject and earlier.state = 'queued'
            and earlier.id < q.id
        )
      order by q.next_attempt_at, q.id
      limit ${limit}
      for update of q skip locked
    ) due
    where d.id = due.id and d.state = 'queued'
    returning d.id, d.attempts`);
  const rows = (result as unknown as { rows: { id: number | string; attempts: number | string }[] }).rows;
  return rows.map((row) => ({ id: Number(row.id), attempts: Number(row.attempts) }));
}

/** What a claimed message needs: its payload and its endpoint now (address, secrets). */
export async function loadMessages(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: webhookDeliveries.id,
      messageId: webhookDeliveries.messageId,
      eventType: webhookDeliveries.eventType,
      payload: webhookDeliveries.payload,
      state: webhookDeliveries.state,
      endpointId: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secretSealed: webhookEndpoints.secretSealed,
      previousSecretSealed: webhookEndpoints.previousSecretSealed,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids));
}

export type MessageOutcome = Partial<
  Pick<
    typeof webhookDeliveries.$inferInsert,
    'state' | 'statusCode' | 'error' | 'responseExcerpt' | 'nextAttemptAt' | 'deliveredAt'
  >
>;

/**
 * Writes an attempt's outcome, only if the row is still at the attempt this worker counted: a
 * worker whose hold ran out (and whose row another took, or an admin sent again) changes nothing.
 * Answers whether it wrote.
 */
export async function finishMessage(
  db: Db,
  claim: { id: number; attempts: number },
  outcome: MessageOutcome,
): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set(outcome)
    .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.attempts, claim.attempts)))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}
