import { centsAsDecimal, fillPostbackUrl, postbackUrlProblem } from '@contract/postbacks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { every } from '../../jobs/lease';
import { type DestinationPolicy, sendPostback } from '../../outbound/destination';
import { claimDueDeliveries, type DeliveryOutcome, finishDelivery, loadClaimed } from './postback-queue';

/** Waits after the 1st, 2nd... failed attempt; past the last, the delivery has failed for good. */
export const BACKOFF_SECONDS = [60, 300, 1_800, 7_200, 21_600, 43_200] as const;
export const MAX_ATTEMPTS = BACKOFF_SECONDS.length + 1;
const BATCH = 20;
/** Rounds one run may make, so a backlog is worked through by turns, not by one run forever. */
const MAX_ROUNDS = 10;

export type WorkerOptions = {
  policy: DestinationPolicy;
  timeoutMs: number;
  /** The worker's clock: tests move it instead of waiting. */
  clock?: () => Date;
  log?: FastifyBaseLogger;
};

type Claimed = Awaited<ReturnType<typeof loadClaimed>>[number];

async function attempt(row: Claimed, attempts: number, options: WorkerOptions): Promise<DeliveryOutcome> {
  const clock = options.clock ?? (() => new Date());
  if (!row.template || !row.active || !row.events?.includes(row.event)) {
    return { state: 'skipped', error: 'postbacks for this event were turned off', nextAttemptAt: null };
  }
  // The save's check again: a template saved before a rule was tightened must not send either.
  const problem = postbackUrlProblem(row.template);
  if (problem) return { state: 'failed', error: `refused: the address ${problem}`, nextAttemptAt: null };
  const url = fillPostbackUrl(row.template, {
    click_id: row.clickId ?? '',
    sub_id: row.subId ?? '',
    sale_id: String(row.saleId),
    campaign_id: String(row.campaignId),
    amount: centsAsDecimal(row.amountCents),
    commission: centsAsDecimal(row.commissionCents),
    status: row.saleStatus,
  });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { state: 'failed', url, error: 'not a valid address once filled in', nextAttemptAt: null };
  }
  const result = await sendPostback(parsed, options.policy, options.timeoutMs);
  // The URL may carry the tracker's own token: the log names the delivery and the host, never the URL.
  options.log?.info(
    { delivery: row.id, host: parsed.host, status: result.statusCode, ms: result.durationMs },
    result.isDelivered ? 'postback delivered' : 'postback not delivered',
  );
  const now = clock();
  if (result.isDelivered) {
    return {
      state: 'delivered',
      url,
      statusCode: result.statusCode,
      error: null,
      deliveredAt: now,
      nextAttemptAt: null,
    };
  }
  const wait = BACKOFF_SECONDS[attempts - 1];
  return {
    state: wait === undefined ? 'failed' : 'queued',
    url,
    statusCode: result.statusCode,
    error: result.error,
    nextAttemptAt: wait === undefined ? null : new Date(now.getTime() + wait * 1000),
  };
}

/**
 * Delivers what is due, on any number of servers at once: each row is taken by one worker
 * (claimDueDeliveries), sent, and its outcome written. Returns how many attempts it made.
 */
export async function runPostbackDeliveries(db: Db, options: WorkerOptions): Promise<number> {
  const clock = options.clock ?? (() => new Date());
  // A hold well past the attempt's own deadline: no other worker takes a row while it is being sent.
  const holdMs = options.timeoutMs * 2 + 30_000;
  let made = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const now = clock();
    const claims = await claimDueDeliveries(db, now, new Date(now.getTime() + holdMs), BATCH);
    if (claims.length === 0) break;
    const rows = new Map(
      (
        await loadClaimed(
          db,
          claims.map((c) => c.id),
        )
      ).map((row) => [row.id, row]),
    );
    await Promise.all(
      claims.map(async (claim) => {
        const row = rows.get(claim.id);
        if (!row) return;
        await finishDelivery(db, claim, await attempt(row, claim.attempts, options));
      }),
    );
    made += claims.length;
    if (claims.length < BATCH) break;
  }
  return made;
}

/** Every few seconds on every server; the queue's row locks share the work out. */
export function schedulePostbackDeliveries(db: Db, log: FastifyBaseLogger, options: WorkerOptions, everyMs = 5_000) {
  let running = false;
  return every(
    everyMs,
    async () => {
      if (running) return;
      running = true;
      try {
        await runPostbackDeliveries(db, { ...options, log });
      } catch (error) {
        log.error({ err: (error as Error).message }, 'postback deliveries failed');
      } finally {
        running = false;
      }
    },
    everyMs,
  );
}
