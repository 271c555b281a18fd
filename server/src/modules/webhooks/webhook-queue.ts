import type { SaleAction } from '@contract/sales';
import type { WebhookEvent } from '@contract/webhooks';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
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

/** Queues a `sale.*` event for several sales at once, inside the caller's transaction: one statement. */
export async function queueSaleWebhooks(tx: Db, type: SaleWebhookEvent, saleIds: number[]) {
  if (saleIds.length === 0) return;
  await tx.execute(sql`with ${saleWebhooksCte(type, saleIds)} select 1`);
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
 * Which due messages the outbox may take now (a condition on the queue's row `q`): those of an
 * enabled endpoint, each the oldest waiting one of its endpoint and subject, so an endpoint hears of
 * one sale's (redemption's, affiliate's) events in the order they happened: a message waits while
 * an earlier one of its endpoint and subject is queued (held by a worker or waiting for its retry).
 * Messages of different subjects go side by side.
 */
export const WEBHOOK_CLAIMABLE = sql`exists (select 1 from ${webhookEndpoints} e where e.id = q.endpoint_id and e.enabled)
  and not exists (
    select 1 from ${webhookDeliveries} earlier
    where earlier.endpoint_id = q.endpoint_id and earlier.subject = q.subject and earlier.state = 'queued'
      and earlier.id < q.id
  )`;

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
