import { INTEGRATION_TOKEN, type IntegrationReceipt } from '@contract/integrations';
import { AppError, fieldError } from '../../errors';
import type { DeliveryLog, ReceivedCall } from './delivery-log';
import type { ConnectionCache } from './integration-connections';
import { applyEvent, type EventDeps, type EventOutcome } from './integration-events';
import { PLATFORMS } from './platforms';
import { MalformedEvent, type PlatformCall, type PlatformEvent } from './platforms/platform';

/** Headers never kept in the log, whatever the platform: they carry a session or a credential. */
const NEVER_KEPT = new Set(['authorization', 'cookie', 'proxy-authorization', 'x-api-key']);

export type ReceiverDeps = EventDeps & { connections: ConnectionCache; log: DeliveryLog };

/**
 * A platform's call to a connection's address (docs/decisions/035): checked the platform's way,
 * read into the portal's words, applied as a sale step, and logged whatever came of it (a new sale's
 * delivery by the sale's own statement). The answer waits for the log, so a call answered 2xx is in
 * it; a refused or unreadable call is logged and
 * answered 401 or 400, so the platform shows the failure and retries after it is fixed.
 */
export async function receiveCall(deps: ReceiverDeps, token: string, call: PlatformCall): Promise<IntegrationReceipt> {
  const connection = INTEGRATION_TOKEN.test(token) ? await deps.connections.byToken(token) : null;
  if (!connection) throw new AppError('NOT_FOUND', 'No connection receives at this address.');
  const platform = PLATFORMS[connection.platform];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.headers)) {
    if (value !== undefined && !NEVER_KEPT.has(name) && !platform.secretHeaders.includes(name)) headers[name] = value;
  }
  /** The call as received, read as far as it could be: what its log row keeps whatever came of it. */
  const receivedAs = (event: PlatformEvent | null): ReceivedCall => ({
    integrationId: connection.id,
    eventType: event?.eventType ?? 'unknown',
    externalId: event?.externalId ?? null,
    externalProductId: event?.productId ?? null,
    headers,
    body: call.rawBody,
  });
  const logged = (event: PlatformEvent | null, outcome: EventOutcome) =>
    deps.log.write({ ...receivedAs(event), ...outcome });

  if (!connection.active) {
    await logged(null, { outcome: 'refused', reason: 'refused', detail: 'connection paused', saleId: null });
    throw new AppError('UNAVAILABLE', 'This connection is paused; the platform may send again later.', {
      reason: 'INTEGRATION_PAUSED',
    });
  }
  if (!platform.verify(call, connection.secret)) {
    await logged(null, { outcome: 'refused', reason: 'bad_signature', detail: null, saleId: null });
    throw new AppError('UNAUTHORIZED', 'The signature or token does not match this connection.', {
      reason: 'SIGNATURE_INVALID',
    });
  }
  let event: PlatformEvent | null = null;
  let result: Awaited<ReturnType<typeof applyEvent>>;
  try {
    event = platform.read(call, (platform.parse ?? JSON.parse)(call.rawBody) as unknown);
    result = await applyEvent(deps, connection, event, { received: receivedAs(event) });
  } catch (error) {
    if (!(error instanceof MalformedEvent || error instanceof SyntaxError)) throw error;
    const field = error instanceof MalformedEvent ? error.field : 'body';
    const message = error instanceof MalformedEvent ? error.message : 'is not valid JSON';
    await logged(event, { outcome: 'invalid', reason: 'malformed', detail: `${field} ${message}`, saleId: null });
    throw fieldError(field, message);
  }
  const { deliveryId, ...outcome } = result;
  // A new sale's delivery was logged with it; anything else is logged now.
  const id = deliveryId ?? (await logged(event, outcome));
  return { delivery_id: id, outcome: outcome.outcome, reason: outcome.reason, sale_id: outcome.saleId };
}
