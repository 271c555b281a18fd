import { randomUUID } from 'node:crypto';
import type { IntegrationDelivery } from '@contract/integrations';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { integrationDeliveries, integrations } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../audit/audit.service';
import { loadConnection } from './integration-connections';
import { applyEvent, type EventDeps } from './integration-events';
import { getIntegrationDelivery, RECEIVE_PATH, toDelivery } from './integrations.service';
import { PLATFORMS } from './platforms';

/** Deliveries an admin can settle and replay: waiting for a mapping or an affiliate, or sold by none. */
const REPLAYABLE = (row: { outcome: string; reason: string | null }) =>
  row.outcome === 'needs_attention' || (row.outcome === 'ignored' && row.reason === 'no_affiliate');

/**
 * Applies a kept delivery again, after an admin mapped its product or named its affiliate: its body
 * as received (its signature was checked then), through the same sale step, so the order is
 * recorded once however often it is replayed. The delivery keeps its place in the log with the new
 * outcome.
 */
export async function replayDelivery(
  deps: EventDeps & { serverSecret: string },
  actorId: number,
  integrationId: number,
  deliveryId: number,
  options: { affiliateCode?: string },
): Promise<IntegrationDelivery> {
  const row = await getIntegrationDelivery(deps.db, integrationId, deliveryId);
  if (!REPLAYABLE(row)) {
    throw new AppError('CONFLICT', 'Only a delivery waiting for an admin can be replayed.', {
      reason: 'DELIVERY_NOT_REPLAYABLE',
      extensions: { outcome: row.outcome },
    });
  }
  const connection = await loadConnection(deps.db, deps.serverSecret, eq(integrations.id, integrationId));
  if (!connection) throw new AppError('NOT_FOUND', `Integration ${integrationId} not found.`);
  const platform = PLATFORMS[connection.platform];
  const call = { rawBody: row.body, headers: row.headers, query: {} };
  const event = platform.read(call, (platform.parse ?? JSON.parse)(row.body) as unknown);
  const { deliveryId: _none, ...result } = await applyEvent(deps, connection, event, options);
  const [updated] = await deps.db
    .update(integrationDeliveries)
    .set({ ...result, replayedAt: new Date() })
    .where(
      and(
        eq(integrationDeliveries.id, deliveryId),
        inArray(integrationDeliveries.outcome, ['needs_attention', 'ignored']),
      ),
    )
    .returning();
  await audit(deps.db, {
    actorId,
    action: 'integration.replay',
    entity: 'integration',
    entityId: integrationId,
    after: { delivery_id: deliveryId, outcome: result.outcome, sale_id: result.saleId },
  });
  return toDelivery(updated ?? (await getIntegrationDelivery(deps.db, integrationId, deliveryId)));
}

/**
 * "Send a test event": a sample of the connection's platform, credited to the affiliate the admin
 * chose, signed with the connection's own secret and posted to its receive address through the
 * server itself, so it takes every step a real call takes (signature, reading, sale step, log).
 */
export async function sendTestEvent(
  app: FastifyInstance,
  actorId: number,
  integrationId: number,
  input: { affiliate_code: string; amount_cents: number },
): Promise<IntegrationDelivery> {
  const db = app.database.db;
  const connection = await loadConnection(db, app.config.jwtSecret, eq(integrations.id, integrationId));
  if (!connection) throw new AppError('NOT_FOUND', `Integration ${integrationId} not found.`);
  if (!connection.active)
    throw new AppError('CONFLICT', 'Turn the connection on to send it a test event.', { reason: 'INTEGRATION_PAUSED' });
  const platform = PLATFORMS[connection.platform];
  const productId = [...connection.products.keys()][0] ?? '1000001';
  const sample = platform.sample({
    orderId: `teste-${randomUUID().slice(0, 8)}`,
    productId,
    amountCents: input.amount_cents,
    affiliateCode: input.affiliate_code,
    at: new Date(),
  });
  const { headers, query } = sample.sign(connection.secret);
  const answer = await app.inject({
    method: 'POST',
    url: `${RECEIVE_PATH}/${connection.token}${query ? `?${query}` : ''}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: sample.body,
  });
  const receipt = answer.json() as { delivery_id?: number; detail?: string };
  if (answer.statusCode !== 200 || !receipt.delivery_id) {
    throw new AppError('UNPROCESSABLE', `The test event was answered ${answer.statusCode}: ${receipt.detail ?? ''}`, {
      reason: 'TEST_EVENT_FAILED',
    });
  }
  await audit(db, {
    actorId,
    action: 'integration.test_event',
    entity: 'integration',
    entityId: integrationId,
    after: { delivery_id: receipt.delivery_id },
  });
  return toDelivery(await getIntegrationDelivery(db, integrationId, receipt.delivery_id));
}
