import type { WebhookEvent } from '@contract/webhooks';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';

/**
 * The webhook queue (docs/decisions/023): rows of `webhook_deliveries`, one per event and endpoint,
 * written by the statement or transaction that makes the event, so a rolled-back step sends
 * nothing. The join on `webhook_endpoints` is the filter: with no enabled endpoint subscribed to the
 * event, the statement writes nothing.
 */

/** The event's moment as the payload's `timestamp` says it (the transaction's time, in UTC). */
const EVENT_TIME = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The webhooks a sale step calls for, as a CTE of the step's one statement (sales/sale-step.ts),
 * over the CTE `changed` it made: `sale.created` for a new sale (status pending, as it was
 * recorded), then `sale.approved`, `sale.refunded` or `sale.chargeback` for the status it entered (a
 * cancellation has no event). A row per event and per enabled endpoint subscribed to it, in sale order.
 */
export const SALE_STEP_WEBHOOKS_CTE = `
  step_webhooks as (
    insert into webhook_deliveries (endpoint_id, event_type, subject, payload)
    select e.id, w.type, 'sale:' || s.id, jsonb_build_object('type', w.type, 'timestamp', ${EVENT_TIME},
      'data', jsonb_build_object('id', s.id, 'campaign_id', s.campaign_id, 'affiliate_id', s.affiliate_id,
        'external_id', s.external_id, 'amount_cents', s.amount_cents, 'commission_cents', s.commission_cents,
        'currency', 'BRL', 'payment_method', s.payment_method, 'status', w.status,
        'subscription_id', s.subscription_id, 'charge_number', s.charge_number))
    from changed s
    cross join lateral (values (1, 'sale.created', 'pending', s.from_status is null),
      (2, 'sale.' || s.status, s.status::text, s.status in ('approved', 'refunded', 'chargeback'))
    ) as w(nth, type, status, applies)
    join webhook_endpoints e on e.enabled and w.type = any(e.events)
    where w.applies
    order by s.id, w.nth, e.id
  )`;

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
