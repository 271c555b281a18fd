import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { payoutBatches, payoutItems, redemptions } from '../../db/schema';
import { type OutboxQueue, runOutbox, type Sender, type SendResult, scheduleOutbox } from '../../outbound/outbox';
import {
  ASAAS_FINAL_STATUSES,
  type AsaasAnswer,
  type AsaasClient,
  type AsaasTransfer,
  createTransfer,
  findTransferByReference,
} from './asaas';
import { markItemFailed, markItemPaid } from './payout-outcomes';

/**
 * Waits after the 1st, 2nd... attempt that got no answer we can trust (30 s, 2 min, 10 min, 30 min,
 * 1 h, 3 h): about five hours. Past the last, the item is held for an admin, never failed on its
 * own: a transfer that timed out may have been made (docs/decisions/037).
 */
export const PAYOUT_BACKOFF_SECONDS = [30, 120, 600, 1_800, 3_600, 10_800] as const;

/** The payout transfers' queue on the outbox (docs/decisions/033): one row per batch item. */
export const PAYOUT_QUEUE: OutboxQueue = {
  channel: 'payout',
  table: 'payout_items',
  backoff: PAYOUT_BACKOFF_SECONDS,
  deliveredState: 'sent',
  batch: 20,
};

/** Our id of an item's transfer at Asaas (its `externalReference`): the same on every attempt. */
export const externalReferenceOf = (itemId: number) => `afiliados-payout-${itemId}`;
export const itemIdOfReference = (reference: string | null | undefined): number | null => {
  const match = /^afiliados-payout-(\d+)$/.exec(reference ?? '');
  return match ? Number(match[1]) : null;
};

type LoadedItem = {
  id: number;
  redemptionId: number;
  amountCents: number;
  /** What the PIX sends: the gross less a person's withholdings (docs/decisions/038). */
  netCents: number | null;
  createdAt: Date;
  destination: typeof redemptions.$inferSelect.destination;
};

async function loadItems(db: Db, ids: number[]): Promise<LoadedItem[]> {
  return db
    .select({
      id: payoutItems.id,
      redemptionId: payoutItems.redemptionId,
      amountCents: payoutItems.amountCents,
      netCents: payoutItems.netCents,
      createdAt: payoutItems.createdAt,
      destination: redemptions.destination,
    })
    .from(payoutItems)
    .innerJoin(redemptions, eq(redemptions.id, payoutItems.redemptionId))
    .where(inArray(payoutItems.id, ids));
}

/** What a transfer Asaas reported leaves on the item; the settlement moves the money from it. */
const transferColumns = (transfer: AsaasTransfer) => ({
  provider_transfer_id: transfer.id,
  provider_status: transfer.status,
  end_to_end_id: transfer.endToEndIdentifier ?? null,
  holder_name: transfer.bankAccount?.ownerName ?? null,
  holder_document: transfer.bankAccount?.cpfCnpj ?? null,
  reason: transfer.failReason ?? null,
  status: 'processing',
});

function outcome(answer: AsaasAnswer<unknown>, columns?: Record<string, unknown>): SendResult {
  if (answer.kind === 'ok')
    return { isDelivered: true, statusCode: answer.statusCode, error: null, durationMs: answer.durationMs, columns };
  if (answer.kind === 'refused') {
    // Asaas refused this transfer (an invalid key, a value it will not send): the item fails with its words.
    return {
      isDelivered: false,
      statusCode: answer.statusCode,
      error: answer.reason,
      durationMs: answer.durationMs,
      finalState: 'refused',
      columns: { provider_status: 'REFUSED', reason: answer.reason },
    };
  }
  return { isDelivered: false, statusCode: answer.statusCode, error: answer.reason, durationMs: answer.durationMs };
}

/**
 * One item's PIX through Asaas. A retry (after a timeout, a 5xx or a server killed between Asaas's
 * answer and our commit) first looks for the transfer made under the item's external reference and
 * takes it instead of making another: the item is paid once.
 */
export function asaasSender(client: AsaasClient): Sender<LoadedItem> {
  return {
    load: loadItems,
    async send(item, attempt) {
      const reference = externalReferenceOf(item.id);
      if (attempt > 1) {
        const found = await findTransferByReference(client, reference, item.createdAt);
        if (found.kind !== 'ok') return outcome(found);
        const live = found.value && !['CANCELLED', 'FAILED'].includes(found.value.status) ? found.value : null;
        if (live) return outcome(found, transferColumns(live));
      }
      const { destination } = item;
      if (destination.type !== 'pix') {
        const reason = 'a bank transfer is paid by hand: only PIX goes through the provider';
        return {
          isDelivered: false,
          statusCode: null,
          error: reason,
          durationMs: 0,
          finalState: 'refused',
          columns: { provider_status: 'REFUSED', reason },
        };
      }
      const created = await createTransfer(client, {
        valueCents: item.netCents ?? item.amountCents,
        pixKey: destination.pix_key,
        pixKeyType: destination.pix_key_type,
        description: `Afiliados: resgate nº ${item.redemptionId}`,
        externalReference: reference,
      });
      return outcome(created, created.kind === 'ok' ? transferColumns(created.value) : undefined);
    },
  };
}

/**
 * Moves the money for items whose transfer ended: paid (the redemption's payment, with the PIX
 * end-to-end id), failed or refused (back in the queue with the reason), or given up on after the
 * backoff (held for an admin, who checks Asaas before anything else happens). Each item in its own
 * transaction, under its row lock, so a webhook and a worker settling at once settle it once.
 */
export async function settlePayoutItems(ctx: AppContext, onlyIds?: number[]): Promise<number> {
  const due = await ctx.db
    .select({ id: payoutItems.id })
    .from(payoutItems)
    .where(
      and(
        onlyIds ? inArray(payoutItems.id, onlyIds) : undefined,
        or(
          and(
            inArray(payoutItems.status, ['sending', 'processing']),
            inArray(payoutItems.providerStatus, [...ASAAS_FINAL_STATUSES, 'REFUSED']),
          ),
          and(eq(payoutItems.status, 'sending'), eq(payoutItems.state, 'failed')),
        ),
      ),
    );
  let settled = 0;
  for (const { id } of due) {
    await ctx.db.transaction(async (tx) => {
      const [item] = await tx.select().from(payoutItems).where(eq(payoutItems.id, id)).for('update');
      if (!item || !['sending', 'processing'].includes(item.status)) return;
      const [batch] = await tx
        .select({ paidBy: payoutBatches.paidBy })
        .from(payoutBatches)
        .where(eq(payoutBatches.id, item.batchId));
      if (item.providerStatus === 'DONE') {
        await markItemPaid(
          ctx,
          tx,
          batch?.paidBy ?? 0,
          item,
          item.endToEndId ?? item.providerTransferId ?? '',
          new Date(),
        );
      } else if (
        item.providerStatus &&
        item.providerStatus !== 'PENDING' &&
        item.providerStatus !== 'BANK_PROCESSING'
      ) {
        await markItemFailed(ctx, tx, item, item.reason ?? `Asaas: ${item.providerStatus.toLowerCase()}`);
      } else if (item.state === 'failed') {
        await tx
          .update(payoutItems)
          .set({ status: 'held', reason: 'provider_unanswered' })
          .where(eq(payoutItems.id, item.id));
      } else return;
      settled++;
    });
  }
  return settled;
}

export type PayoutWorkerOptions = { client: AsaasClient; clock?: () => Date; log?: FastifyBaseLogger };

/** Sends what is due and settles what ended. Returns how many attempts it made. */
export async function runPayoutTransfers(ctx: AppContext, options: PayoutWorkerOptions): Promise<number> {
  const made = await runOutbox(ctx.db, PAYOUT_QUEUE, asaasSender(options.client), {
    timeoutMs: options.client.timeoutMs,
    clock: options.clock,
  });
  await settlePayoutItems(ctx);
  return made;
}

export function schedulePayoutTransfers(ctx: AppContext, log: FastifyBaseLogger, options: PayoutWorkerOptions) {
  return scheduleOutbox('payout', () => runPayoutTransfers(ctx, { ...options, log }), log, 5_000);
}

/** The items of a transfer Asaas tells of: by its id, else by our external reference. */
export async function itemOfTransfer(db: Db, transfer: AsaasTransfer) {
  const byReference = itemIdOfReference(transfer.externalReference);
  const [item] = await db
    .select()
    .from(payoutItems)
    .where(
      byReference !== null ? eq(payoutItems.id, byReference) : sql`${payoutItems.providerTransferId} = ${transfer.id}`,
    );
  return item ?? null;
}
