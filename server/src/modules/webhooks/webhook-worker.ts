import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { webhookAttempts } from '../../db/schema';
import { every } from '../../jobs/lease';
import { type Attempt, type DestinationPolicy, sendRequest } from '../../outbound/destination';
import { unsealSecret } from '../../sealed-secrets';
import { noteEndpointOutcome } from './webhook-endpoint-health';
import { claimDueMessages, finishMessage, loadMessages, type MessageOutcome } from './webhook-queue';
import { webhookHeaders } from './webhook-signature';

/**
 * Waits after the 1st, 2nd... failed attempt (the Standard Webhooks / Svix schedule: 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h, about a day in all); past the last, the message has failed.
 */
export const BACKOFF_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const;
export const MAX_ATTEMPTS = BACKOFF_SECONDS.length + 1;
const BATCH = 50;
/** How long one run keeps taking rounds: a backlog is worked through by turns, not by one run forever. */
const RUN_BUDGET_MS = 4_000;
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

/**
 * Keeps an attempt: its line in the log, the message's outcome (only if still at this attempt) and
 * the endpoint's health, in one transaction. `retry` says what a failure leaves: the next attempt's
 * time, or null for a failed message (the worker's last attempt), or 'unchanged' (a manual send,
 * which leaves the schedule as it was).
 */
export async function keepAttempt(
  db: Db,
  claim: { id: number; attempts: number; endpointId: number; isManual: boolean },
  result: Attempt,
  now: Date,
  failure: { state: 'queued' | 'failed'; nextAttemptAt: Date | null } | 'unchanged',
) {
  await db.transaction(async (tx) => {
    const outcome: MessageOutcome = {
      statusCode: result.statusCode,
      error: result.error,
      responseExcerpt: result.responseExcerpt,
    };
    if (result.isDelivered) {
      Object.assign(outcome, { state: 'delivered', deliveredAt: now, nextAttemptAt: null });
    } else if (failure !== 'unchanged') {
      Object.assign(outcome, failure);
    }
    if (!(await finishMessage(tx, claim, outcome))) return;
    await tx.insert(webhookAttempts).values({
      deliveryId: claim.id,
      attempt: claim.attempts,
      isManual: claim.isManual,
      statusCode: result.statusCode,
      error: result.error,
      responseExcerpt: result.responseExcerpt,
      durationMs: result.durationMs,
      at: now,
    });
    await noteEndpointOutcome(tx, claim.endpointId, result.isDelivered, now);
  });
}

/**
 * Delivers what is due, on any number of servers at once: each message is taken by one worker
 * (claimDueMessages), signed, sent, and its outcome kept. Returns how many attempts it made.
 */
export async function runWebhookDeliveries(db: Db, options: WebhookWorkerOptions): Promise<number> {
  const clock = options.clock ?? (() => new Date());
  // A hold well past the attempt's own deadline: no other worker takes a row while it is being sent.
  const holdMs = options.timeoutMs * 2 + 30_000;
  let made = 0;
  const runStarted = Date.now();
  while (Date.now() - runStarted < RUN_BUDGET_MS) {
    const started = clock();
    const claims = await claimDueMessages(db, started, new Date(started.getTime() + holdMs), BATCH);
    if (claims.length === 0) break;
    const rows = new Map(
      (
        await loadMessages(
          db,
          claims.map((c) => c.id),
        )
      ).map((row) => [row.id, row]),
    );
    await Promise.all(
      claims.map(async (claim) => {
        const row = rows.get(claim.id);
        if (!row) return;
        const result = await sendMessage(row, options);
        const now = clock();
        const wait = BACKOFF_SECONDS[claim.attempts - 1];
        await keepAttempt(
          db,
          { ...claim, endpointId: row.endpointId, isManual: false },
          result,
          now,
          wait === undefined
            ? { state: 'failed', nextAttemptAt: null }
            : { state: 'queued', nextAttemptAt: new Date(now.getTime() + wait * 1000) },
        );
      }),
    );
    made += claims.length;
    // A round takes one message per endpoint and subject: the next takes the ones just unblocked.
  }
  return made;
}

/** Every few seconds on every server; the queue's row locks share the work out. */
export function scheduleWebhookDeliveries(
  db: Db,
  log: FastifyBaseLogger,
  options: WebhookWorkerOptions,
  everyMs = 5_000,
) {
  let running = false;
  return every(
    everyMs,
    async () => {
      if (running) return;
      running = true;
      try {
        await runWebhookDeliveries(db, { ...options, log });
      } catch (error) {
        log.error({ err: (error as Error).message }, 'webhook deliveries failed');
      } finally {
        running = false;
      }
    },
    everyMs,
  );
}
