import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type Attempt, type DestinationPolicy, sendRequest } from '../../outbound/destination';
import { type OutboxQueue, runOutbox, type Sender, scheduleOutbox } from '../../outbound/outbox';
import { unsealSecret } from '../../sealed-secrets';
import { WEBHOOK_DESTINATIONS } from './webhook-endpoint-health';
import { loadMessages, WEBHOOK_CLAIMABLE } from './webhook-queue';
import { webhookHeaders } from './webhook-signature';

/**
 * Waits after the 1st, 2nd... failed attempt (the Standard Webhooks / Svix schedule: 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h, about a day in all); past the last, the message has failed.
 */
export const BACKOFF_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const;
export const MAX_ATTEMPTS = BACKOFF_SECONDS.length + 1;

/** The webhooks' queue on the outbox (docs/decisions/023, 033). */
export const WEBHOOK_QUEUE: OutboxQueue = {
  channel: 'webhook',
  table: 'webhook_deliveries',
  backoff: BACKOFF_SECONDS,
  deliveredState: 'delivered',
  batch: 50,
  claimableWhere: WEBHOOK_CLAIMABLE,
};
const USER_AGENT = 'Afiliados-Webhooks/1.0';

export type WebhookWorkerOptions = {
  policy: DestinationPolicy;
  timeoutMs: number;
  /** The server's JWT secret, which the endpoints' secrets are sealed with. */
  serverSecret: string;
  /** The schedule's clock (due times, backoff, disabling): tests move it instead of waiting. */
  clock?: () => Date;
  log?: FastifyBaseLogger;
};

export type LoadedMessage = Awaited<ReturnType<typeof loadMessages>>[number];

/**
 * One signed POST of a message to its endpoint. `webhook-timestamp` is the wall clock's (a receiver
 * refuses one more than five minutes off its own), whatever the schedule's clock says.
 */
export async function sendMessage(row: LoadedMessage, options: WebhookWorkerOptions): Promise<Attempt> {
  const secrets = [unsealSecret(options.serverSecret, 'webhook-secrets', row.secretSealed)];
  if (row.previousSecretSealed && row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()) {
    secrets.push(unsealSecret(options.serverSecret, 'webhook-secrets', row.previousSecretSealed));
  }
  const body = JSON.stringify(row.payload);
  const headers = webhookHeaders(secrets, row.messageId, Math.floor(Date.now() / 1000), body);
  let url: URL;
  try {
    url = new URL(row.url);
  } catch {
    return {
      statusCode: null,
      error: 'not a valid address',
      isDelivered: false,
      durationMs: 0,
      responseExcerpt: null,
    };
  }
  const result = await sendRequest(
    url,
    { method: 'POST', headers, body, userAgent: USER_AGENT, readExcerpt: true },
    options.policy,
    options.timeoutMs,
  );
  // The URL may carry the receiver's own token: the log names the message and the host only.
  options.log?.info(
    { webhook: row.messageId, host: url.host, status: result.statusCode, ms: result.durationMs },
    result.isDelivered ? 'webhook delivered' : 'webhook not delivered',
  );
  return result;
}

/** The signed webhooks on the outbox: how one message is sent; the queue does the rest. */
export function webhookSender(options: WebhookWorkerOptions): Sender<LoadedMessage> {
  return {
    load: loadMessages,
    destinations: WEBHOOK_DESTINATIONS,
    async send(row) {
      const result = await sendMessage(row, options);
      return {
        ...result,
        columns: { status_code: result.statusCode, response_excerpt: result.responseExcerpt },
        destinationId: row.endpointId,
      };
    },
  };
}

/**
 * Delivers what is due, on any number of servers at once (the outbox's claim, in order per endpoint
 * and subject). Returns how many attempts it made.
 */
export function runWebhookDeliveries(db: Db, options: WebhookWorkerOptions): Promise<number> {
  return runOutbox(db, WEBHOOK_QUEUE, webhookSender(options), options);
}

/** Every few seconds on every server; the queue's row locks share the work out. */
export function scheduleWebhookDeliveries(
  db: Db,
  log: FastifyBaseLogger,
  options: WebhookWorkerOptions,
  everyMs = 5_000,
) {
  return scheduleOutbox('webhook', () => runWebhookDeliveries(db, { ...options, log }), log, everyMs);
}
