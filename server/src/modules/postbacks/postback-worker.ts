import { centsAsDecimal, fillPostbackUrl, postbackUrlProblem } from '@contract/postbacks';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { affiliates } from '../../db/schema';
import { type DestinationPolicy, sendPostback } from '../../outbound/destination';
import { type DestinationTable, hostOf } from '../../outbound/destination-health';
import { type OutboxQueue, runOutbox, type Sender, type SendResult, scheduleOutbox } from '../../outbound/outbox';
import { notifyUsers } from '../notifications/notifications.service';
import { loadClaimed } from './postback-queue';

/** Waits after the 1st, 2nd... failed attempt; past the last, the delivery has failed for good. */
export const BACKOFF_SECONDS = [60, 300, 1_800, 7_200, 21_600, 43_200] as const;
export const MAX_ATTEMPTS = BACKOFF_SECONDS.length + 1;

/** The affiliates' postbacks on the outbox (docs/decisions/020, 033). */
export const POSTBACK_QUEUE: OutboxQueue = {
  channel: 'postback',
  table: 'postback_deliveries',
  backoff: BACKOFF_SECONDS,
  deliveredState: 'delivered',
  batch: 20,
};

export type WorkerOptions = {
  policy: DestinationPolicy;
  timeoutMs: number;
  /** The worker's clock: tests move it instead of waiting. */
  clock?: () => Date;
  log?: FastifyBaseLogger;
};

type Claimed = Awaited<ReturnType<typeof loadClaimed>>[number];

/** An affiliate's postback that keeps failing is turned off, and its affiliate hears of it. */
const POSTBACK_DESTINATIONS: DestinationTable = {
  table: 'affiliate_postbacks',
  key: 'affiliate_id',
  enabledColumn: 'active',
  async onDisabled(tx, affiliateId, seen) {
    const host = hostOf(seen.url) || 'your tracker';
    const owners = await tx.select({ id: affiliates.userId }).from(affiliates).where(eq(affiliates.id, affiliateId));
    await notifyUsers(
      tx,
      owners.map((owner) => owner.id),
      {
        kind: 'postback.disabled',
        title: 'Postback turned off',
        text: `Your postback to ${host} failed ${seen.failureCount} times in a row for a day and was turned off. Check it, then turn it on again.`,
        pt: {
          title: 'Postback desativado',
          text: `Seu postback para ${host} falhou ${seen.failureCount} vezes seguidas por um dia e foi desativado. Verifique-o e ative-o de novo.`,
        },
        data: {},
      },
    );
  },
};

function postbackSender(options: WorkerOptions): Sender<Claimed> {
  return {
    load: loadClaimed,
    destinations: POSTBACK_DESTINATIONS,
    async send(row): Promise<SendResult> {
      if (!row.template || !row.active || !row.events?.includes(row.event)) {
        return {
          isDelivered: false,
          statusCode: null,
          error: 'postbacks for this event were turned off',
          durationMs: 0,
          finalState: 'skipped',
        };
      }
      // The save's check again: a template saved before a rule was tightened must not send either.
      const problem = postbackUrlProblem(row.template);
      if (problem) {
        return {
          isDelivered: false,
          statusCode: null,
          error: `refused: the address ${problem}`,
          durationMs: 0,
          finalState: 'failed',
        };
      }
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
        return {
          isDelivered: false,
          statusCode: null,
          error: 'not a valid address once filled in',
          durationMs: 0,
          finalState: 'failed',
          columns: { url },
        };
      }
      const result = await sendPostback(parsed, options.policy, options.timeoutMs);
      // The URL may carry the tracker's own token: the log names the delivery and the host, never the URL.
      options.log?.info(
        { delivery: row.id, host: parsed.host, status: result.statusCode, ms: result.durationMs },
        result.isDelivered ? 'postback delivered' : 'postback not delivered',
      );
      return {
        ...result,
        // The attempt log keeps no response: a tracker's answer is its own business.
        responseExcerpt: null,
        columns: { url, status_code: result.statusCode },
        destinationId: row.affiliateId,
      };
    },
  };
}

/**
 * Delivers what is due, on any number of servers at once (the outbox's claim). Returns how many
 * attempts it made.
 */
export function runPostbackDeliveries(db: Db, options: WorkerOptions): Promise<number> {
  return runOutbox(db, POSTBACK_QUEUE, postbackSender(options), options);
}

/** Every few seconds on every server; the queue's row locks share the work out. */
export function schedulePostbackDeliveries(db: Db, log: FastifyBaseLogger, options: WorkerOptions, everyMs = 5_000) {
  return scheduleOutbox('postback', () => runPostbackDeliveries(db, { ...options, log }), log, everyMs);
}
