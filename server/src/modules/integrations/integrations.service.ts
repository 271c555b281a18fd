import { randomBytes } from 'node:crypto';
import type { Page } from '@contract/common';
import type {
  createIntegrationBodySchema,
  Integration,
  IntegrationDelivery,
  integrationDeliveryListQuerySchema,
  integrationProductsBodySchema,
  updateIntegrationBodySchema,
} from '@contract/integrations';
import { and, count, desc, eq, inArray, lt, max, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { campaigns, integrationDeliveries, integrationProducts, integrations } from '../../db/schema';
import { AppError } from '../../errors';
import { every, withLease } from '../../jobs/lease';
import { sealSecret } from '../../sealed-secrets';
import { audit } from '../audit/audit.service';
import { connectionsChanged, SEAL_PURPOSE } from './integration-connections';

type CreateBody = z.output<typeof createIntegrationBodySchema>;
type UpdateBody = z.output<typeof updateIntegrationBodySchema>;
type DeliveryQuery = z.output<typeof integrationDeliveryListQuerySchema>;
type IntegrationRow = typeof integrations.$inferSelect;

/** Where platforms post: the token is the address's secret part. */
export const RECEIVE_PATH = '/api/v1/integrations/receive';
/** The delivery log keeps every call this long (the issue asks at least 30 days). */
export const DELIVERY_KEEP_DAYS = 35;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const forAudit = (row: IntegrationRow) => ({
  platform: row.platform,
  name: row.name,
  campaign_id: row.campaignId,
  active: row.active,
});

function toIntegration(
  row: IntegrationRow,
  base: string,
  stats: { needsAttention: number; lastDeliveryAt: Date | null } = { needsAttention: 0, lastDeliveryAt: null },
): Integration {
  return {
    id: row.id,
    platform: row.platform,
    name: row.name,
    campaign_id: row.campaignId,
    receive_url: `${base}${RECEIVE_PATH}/${row.token}`,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    needs_attention: stats.needsAttention,
    last_delivery_at: iso(stats.lastDeliveryAt),
  };
}

async function checkCampaigns(db: Db, ids: (number | null | undefined)[], field: (index: number) => string) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  const found = new Set(
    (await db.select({ id: campaigns.id }).from(campaigns).where(inArray(campaigns.id, wanted))).map((row) => row.id),
  );
  const missing = ids.findIndex((id) => typeof id === 'number' && !found.has(id));
  if (missing >= 0) {
    const name = field(missing);
    throw new AppError('VALIDATION', `${name}: is not a campaign`, {
      errors: [{ field: name, message: 'is not a campaign' }],
    });
  }
}

/** Deliveries waiting for an admin, and the last call, per connection. */
async function statsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { needsAttention: number; lastDeliveryAt: Date | null }>();
  const rows = await db
    .select({
      id: integrationDeliveries.integrationId,
      needsAttention: sql<number>`count(*) filter (where ${integrationDeliveries.outcome} = 'needs_attention')`.mapWith(
        Number,
      ),
      lastDeliveryAt: max(integrationDeliveries.receivedAt),
    })
    .from(integrationDeliveries)
    .where(inArray(integrationDeliveries.integrationId, ids))
    .groupBy(integrationDeliveries.integrationId);
  return new Map(
    rows.map((row) => [row.id, { needsAttention: row.needsAttention, lastDeliveryAt: row.lastDeliveryAt }]),
  );
}

export async function findIntegrations(db: Db, base: string): Promise<{ items: Integration[] }> {
  const rows = await db.select().from(integrations).orderBy(desc(integrations.id));
  const stats = await statsOf(
    db,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => toIntegration(row, base, stats.get(row.id))) };
}

async function getRow(db: Db, id: number, lock = false): Promise<IntegrationRow> {
  const query = db.select().from(integrations).where(eq(integrations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', `Integration ${id} not found.`);
  return row;
}

export async function getIntegration(db: Db, base: string, id: number): Promise<Integration> {
  const row = await getRow(db, id);
  return toIntegration(row, base, (await statsOf(db, [id])).get(id));
}

/** A new connection: its receive address gets a fresh token; the platform's secret is sealed, never shown again. */
export async function createIntegration(
  db: Db,
  serverSecret: string,
  base: string,
  actorId: number,
  body: CreateBody,
): Promise<Integration> {
  await checkCampaigns(db, [body.campaign_id], () => 'campaign_id');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(integrations)
      .values({
        platform: body.platform,
        name: body.name,
        campaignId: body.campaign_id,
        token: randomBytes(32).toString('base64url'),
        secretSealed: sealSecret(serverSecret, SEAL_PURPOSE, body.secret),
      })
      .returning();
    if (!row) throw new Error('integration insert returned nothing');
    await audit(tx, {
      actorId,
      action: 'integration.create',
      entity: 'integration',
      entityId: row.id,
      after: forAudit(row),
    });
    return toIntegration(row, base);
  });
}

export async function updateIntegration(
  db: Db,
  serverSecret: string,
  base: string,
  actorId: number,
  id: number,
  body: UpdateBody,
): Promise<Integration> {
  await checkCampaigns(db, [body.campaign_id], () => 'campaign_id');
  const updated = await db.transaction(async (tx) => {
    const before = await getRow(tx, id, true);
    const [row] = await tx
      .update(integrations)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.campaign_id !== undefined ? { campaignId: body.campaign_id } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        ...(body.secret !== undefined ? { secretSealed: sealSecret(serverSecret, SEAL_PURPOSE, body.secret) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(integrations.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', `Integration ${id} not found.`);
    await audit(tx, {
      actorId,
      action: 'integration.update',
      entity: 'integration',
      entityId: id,
      // The secret never enters the audit: only that it changed.
      before: forAudit(before),
      after: { ...forAudit(row), ...(body.secret !== undefined ? { secret_replaced: true } : {}) },
    });
    return row;
  });
  await connectionsChanged(db, id);
  return getIntegration(db, base, updated.id);
}

/** Deletes a connection with its product map and log; the sales it recorded stay. */
export async function deleteIntegration(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await getRow(tx, id, true);
    // The log has no key to cascade along (a lookup per row at launch speed): its rows go here.
    await tx.delete(integrationDeliveries).where(eq(integrationDeliveries.integrationId, id));
    await tx.delete(integrations).where(eq(integrations.id, id));
    await audit(tx, {
      actorId,
      action: 'integration.delete',
      entity: 'integration',
      entityId: id,
      before: forAudit(row),
    });
  });
  await connectionsChanged(db, id);
}

export async function findIntegrationProducts(db: Db, id: number) {
  await getRow(db, id);
  const rows = await db
    .select({
      external_product_id: integrationProducts.externalProductId,
      campaign_id: integrationProducts.campaignId,
      campaign_name: campaigns.name,
    })
    .from(integrationProducts)
    .innerJoin(campaigns, eq(campaigns.id, integrationProducts.campaignId))
    .where(eq(integrationProducts.integrationId, id))
    .orderBy(integrationProducts.externalProductId);
  return { items: rows };
}

/** Replaces the product map at once. */
export async function replaceIntegrationProducts(
  db: Db,
  actorId: number,
  id: number,
  body: z.output<typeof integrationProductsBodySchema>,
) {
  await checkCampaigns(
    db,
    body.items.map((item) => item.campaign_id),
    (index) => `items.${index}.campaign_id`,
  );
  await db.transaction(async (tx) => {
    await getRow(tx, id, true);
    await tx.delete(integrationProducts).where(eq(integrationProducts.integrationId, id));
    if (body.items.length > 0) {
      await tx.insert(integrationProducts).values(
        body.items.map((item) => ({
          integrationId: id,
          externalProductId: item.external_product_id,
          campaignId: item.campaign_id,
        })),
      );
    }
    await audit(tx, {
      actorId,
      action: 'integration.products',
      entity: 'integration',
      entityId: id,
      after: { items: body.items },
    });
  });
  await connectionsChanged(db, id);
  return findIntegrationProducts(db, id);
}

export function toDelivery(row: typeof integrationDeliveries.$inferSelect): IntegrationDelivery {
  return {
    id: row.id,
    received_at: row.receivedAt.toISOString(),
    event_type: row.eventType,
    external_id: row.externalId,
    external_product_id: row.externalProductId,
    outcome: row.outcome,
    reason: row.reason,
    detail: row.detail,
    sale_id: row.saleId,
    replayed_at: iso(row.replayedAt),
    headers: row.headers,
    body: row.body,
  };
}

export async function findIntegrationDeliveries(
  db: Db,
  id: number,
  query: DeliveryQuery,
): Promise<Page<IntegrationDelivery>> {
  await getRow(db, id);
  const where = and(
    eq(integrationDeliveries.integrationId, id),
    query.outcome ? eq(integrationDeliveries.outcome, query.outcome) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(integrationDeliveries)
      .where(where)
      .orderBy(desc(integrationDeliveries.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(integrationDeliveries).where(where),
  ]);
  return { items: rows.map(toDelivery), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

export async function getIntegrationDelivery(db: Db, id: number, deliveryId: number) {
  const [row] = await db
    .select()
    .from(integrationDeliveries)
    .where(and(eq(integrationDeliveries.integrationId, id), eq(integrationDeliveries.id, deliveryId)));
  if (!row) throw new AppError('NOT_FOUND', `Delivery ${deliveryId} not found.`);
  return row;
}

/** Forgets deliveries older than the log keeps (the daily job). */
export async function pruneIntegrationDeliveries(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_KEEP_DAYS * 86_400_000);
  const gone = await db
    .delete(integrationDeliveries)
    .where(lt(integrationDeliveries.receivedAt, before))
    .returning({ id: integrationDeliveries.id });
  return gone.length;
}

export const DELIVERY_PRUNE_JOB = 'integrations.prune-deliveries';

/** Once an hour on every server (the lease makes one do it): a day's deliveries go in small deletes. */
export function scheduleDeliveryPruning(db: Db, log: FastifyBaseLogger, everyMs = 3_600_000) {
  return every(everyMs, () =>
    withLease(db, DELIVERY_PRUNE_JOB, () => pruneIntegrationDeliveries(db))
      .then((n) => {
        if (n) log.info({ deleted: n }, 'integration deliveries past their keeping deleted');
      })
      .catch((error: Error) => log.error({ err: error.message }, 'pruning integration deliveries failed')),
  );
}
