import type {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookWithSecret,
} from '@contract/webhooks';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { outboundAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { AppError } from '../../errors';
import { checkDestination, type DestinationPolicy, DestinationRefused } from '../../outbound/destination';
import { keepAttempt } from '../../outbound/outbox';
import { sealSecret } from '../../sealed-secrets';
import { audit } from '../audit/audit.service';
import { loadMessages } from './webhook-queue';
import { newWebhookSecret } from './webhook-signature';
import { WEBHOOK_QUEUE, type WebhookWorkerOptions, webhookSender } from './webhook-worker';

type CreateWebhookBody = z.output<typeof createWebhookBodySchema>;
type UpdateWebhookBody = z.output<typeof updateWebhookBodySchema>;
type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** After a rotation, deliveries carry the old secret's signature too for this long. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failure_count: row.failureCount,
    failing_since: iso(row.failingSince),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Audit lines name the host, never the whole URL (its query may carry the receiver's token). */
const forAudit = (row: EndpointRow) => ({ host: hostOf(row.url), events: row.events, enabled: row.enabled });

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** Refuses, naming `url`, an address the portal may not send to (outbound/destination.ts). */
async function checkUrl(url: string, policy: DestinationPolicy) {
  try {
    await checkDestination(new URL(url), policy);
  } catch (error) {
    if (!(error instanceof DestinationRefused)) throw error;
    throw new AppError('UNPROCESSABLE', `url: ${error.message}`, {
      reason: 'WEBHOOK_DESTINATION_REFUSED',
      errors: [{ field: 'url', message: error.message }],
    });
  }
}

export async function findWebhookEndpoints(db: Db): Promise<{ items: WebhookEndpoint[] }> {
  const rows = await db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.id));
  return { items: rows.map(toEndpoint) };
}

async function getEndpointRow(db: Db, id: number, lock = false): Promise<EndpointRow> {
  const query = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', `Webhook endpoint ${id} not found.`);
  return row;
}

/** A new endpoint and its secret, shown this once: only its sealed form is kept. */
export async function createWebhookEndpoint(
  db: Db,
  serverSecret: string,
  policy: DestinationPolicy,
  actorId: number,
  body: CreateWebhookBody,
): Promise<WebhookWithSecret> {
  await checkUrl(body.url, policy);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url: body.url,
        description: body.description,
        events: body.events,
        secretSealed: sealSecret(serverSecret, 'webhook-secrets', secret),
      })
      .returning();
    if (!row) throw new Error('webhook endpoint insert returned nothing');
    await audit(tx, { actorId, action: 'webhook.create', entity: 'webhook', entityId: row.id, after: forAudit(row) });
    return { ...toEndpoint(row), secret };
  });
}

/** Address, events, description, or on/off; turning it on again starts its failure count afresh. */
export async function updateWebhookEndpoint(
  db: Db,
  policy: DestinationPolicy,
  actorId: number,
  id: number,
  body: UpdateWebhookBody,
): Promise<WebhookEndpoint> {
  if (body.url !== undefined) await checkUrl(body.url, policy);
  return db.transaction(async (tx) => {
    const before = await getEndpointRow(tx, id, true);
    const enabling = body.enabled === true && !before.enabled;
    const disabling = body.enabled === false && before.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.events !== undefined ? { events: body.events } : {}),
        ...(enabling ? { enabled: true, disabledReason: null, failureCount: 0, failingSince: null } : {}),
        ...(disabling ? { enabled: false, disabledReason: 'admin' } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', `Webhook endpoint ${id} not found.`);
    await audit(tx, {
      actorId,
      action: 'webhook.update',
      entity: 'webhook',
      entityId: id,
      before: forAudit(before),
      after: forAudit(row),
    });
    return toEndpoint(row);
  });
}

/**
 * A new secret, shown this once. For PREVIOUS_SECRET_GRACE_MS deliveries are signed with both, so a
 * receiver can switch to the new one without losing any.
 */
export async function rotateWebhookSecret(
  db: Db,
  serverSecret: string,
  actorId: number,
  id: number,
): Promise<WebhookWithSecret> {
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const before = await getEndpointRow(tx, id, true);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secretSealed: sealSecret(serverSecret, 'webhook-secrets', secret),
        previousSecretSealed: before.secretSealed,
        previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_GRACE_MS),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', `Webhook endpoint ${id} not found.`);
    await audit(tx, { actorId, action: 'webhook.rotate-secret', entity: 'webhook', entityId: id });
    return { ...toEndpoint(row), secret };
  });
}

/** The endpoint and its log go; messages waiting for it are never sent. */
export async function deleteWebhookEndpoint(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getEndpointRow(tx, id, true);
    // The attempt log is the outbox's, shared by every channel: no foreign key cascades into it.
    await tx.execute(sql`delete from ${outboundAttempts} where channel = 'webhook'
      and delivery_id in (select id from ${webhookDeliveries} where endpoint_id = ${id})`);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await audit(tx, { actorId, action: 'webhook.delete', entity: 'webhook', entityId: id, before: forAudit(before) });
  });
}

type AttemptRow = typeof outboundAttempts.$inferSelect;

function toDelivery(row: typeof webhookDeliveries.$inferSelect, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.messageId,
    event_type: row.eventType,
    state: row.state,
    attempts: row.attempts,
    status_code: row.statusCode,
    error: row.error,
    response_excerpt: row.responseExcerpt,
    last_attempt_at: iso(row.lastAttemptAt),
    // While a worker holds a row, its next attempt is the hold's end: not a retry to show.
    next_attempt_at: row.state === 'queued' && row.attempts > 0 ? iso(row.nextAttemptAt) : null,
    delivered_at: iso(row.deliveredAt),
    created_at: row.createdAt.toISOString(),
    history: attempts
      .filter((a) => a.deliveryId === row.id)
      .map((a) => ({
        attempt: a.attempt,
        is_manual: a.isManual,
        status_code: a.statusCode,
        error: a.error,
        response_excerpt: a.responseExcerpt,
        duration_ms: a.durationMs,
        at: a.at.toISOString(),
      })),
  };
}

/** The attempts of some messages, oldest first. */
function attemptsOf(db: Db, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(outboundAttempts)
    .where(and(eq(outboundAttempts.channel, 'webhook'), inArray(outboundAttempts.deliveryId, deliveryIds)))
    .orderBy(asc(outboundAttempts.id));
}

/** An endpoint's messages, newest first, each with its last attempt. */
export async function findWebhookDeliveries(
  db: Db,
  endpointId: number,
  query: { page: number; page_size: number },
): Promise<{ items: WebhookDelivery[]; total: number; page: number; page_size: number }> {
  await getEndpointRow(db, endpointId);
  const ofEndpoint = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(ofEndpoint)
      .orderBy(desc(webhookDeliveries.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(webhookDeliveries).where(ofEndpoint),
  ]);
  const attempts = await attemptsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toDelivery(row, attempts)),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/**
 * "Send again": one more attempt of the message now, with the same `webhook-id` (a receiver that
 * already has it may skip it). A success marks it delivered; a failure leaves its schedule as it
 * was. Answers the message as the log shows it afterwards.
 */
export async function resendWebhookDelivery(
  db: Db,
  options: WebhookWorkerOptions,
  actorId: number,
  id: number,
): Promise<WebhookDelivery> {
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: new Date() })
    .where(eq(webhookDeliveries.id, id))
    .returning({
      id: webhookDeliveries.id,
      attempts: webhookDeliveries.attempts,
      endpointId: webhookDeliveries.endpointId,
    });
  if (!claimed) throw new AppError('NOT_FOUND', `Webhook delivery ${id} not found.`);
  const [row] = await loadMessages(db, [id]);
  if (!row) throw new AppError('NOT_FOUND', `Webhook delivery ${id} not found.`);
  const sender = webhookSender(options);
  const result = await sender.send(row, claimed.attempts);
  await keepAttempt(db, WEBHOOK_QUEUE, sender, { ...claimed, isManual: true }, result, new Date(), 'unchanged');
  await audit(db, { actorId, action: 'webhook.resend', entity: 'webhook_delivery', entityId: id });
  const [after] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  if (!after) throw new AppError('NOT_FOUND', `Webhook delivery ${id} not found.`);
  return toDelivery(after, await attemptsOf(db, [id]));
}
