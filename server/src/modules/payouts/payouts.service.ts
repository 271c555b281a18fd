import { dayAfter } from '@contract/calendar';
import type {
  PayoutBatch,
  PayoutBatchSummary,
  PayoutItem,
  payoutBatchBodySchema,
  payoutBatchListQuerySchema,
  payPayoutBatchBodySchema,
} from '@contract/payouts';
import { and, asc, desc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { affiliates, payoutBatches, payoutItems, redemptions, users } from '../../db/schema';
import { AppError, fieldError } from '../../errors';
import { audit } from '../audit/audit.service';
import { getWithholdingSettings } from '../tax/withholding-settings';
import { owesInvoice } from './invoices.service';
import { markItemFailed, markItemPaid } from './payout-outcomes';
import { withholdForBatch } from './payout-withholdings';

const creator = alias(users, 'creator');

const batchTotals = {
  total_cents: sql<string>`(select coalesce(sum(i.amount_cents), 0) from ${payoutItems} i where i.batch_id = ${payoutBatches.id})`,
  item_count: sql<number>`(select count(*)::int from ${payoutItems} i where i.batch_id = ${payoutBatches.id})`,
  paid_count: sql<number>`(select count(*)::int from ${payoutItems} i where i.batch_id = ${payoutBatches.id} and i.status = 'paid')`,
  failed_count: sql<number>`(select count(*)::int from ${payoutItems} i where i.batch_id = ${payoutBatches.id} and i.status = 'failed')`,
};

function selectBatches(db: Db) {
  return db
    .select({
      batch: payoutBatches,
      ...batchTotals,
      creatorName: sql<string>`${creator.firstName} || ' ' || ${creator.lastName}`,
    })
    .from(payoutBatches)
    .innerJoin(creator, eq(creator.id, payoutBatches.createdBy));
}
type BatchRow = Awaited<ReturnType<ReturnType<typeof selectBatches>['where']>>[number];

function toSummary(row: BatchRow): PayoutBatchSummary {
  const { batch } = row;
  return {
    id: batch.id,
    status: batch.status,
    provider: batch.provider,
    total_cents: Number(row.total_cents),
    item_count: Number(row.item_count),
    paid_count: Number(row.paid_count),
    failed_count: Number(row.failed_count),
    created_at: batch.createdAt.toISOString(),
    created_by_name: row.creatorName,
    paid_at: batch.paidAt?.toISOString() ?? null,
  };
}

async function itemsOf(db: Db, batchId: number): Promise<PayoutItem[]> {
  const rows = await db
    .select({
      item: payoutItems,
      method: redemptions.method,
      destination: redemptions.destination,
      firstName: users.firstName,
      lastName: users.lastName,
      code: affiliates.code,
    })
    .from(payoutItems)
    .innerJoin(redemptions, eq(redemptions.id, payoutItems.redemptionId))
    .innerJoin(affiliates, eq(affiliates.id, payoutItems.affiliateId))
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(payoutItems.batchId, batchId))
    .orderBy(asc(payoutItems.id));
  return rows.map(({ item, method, destination, firstName, lastName, code }) => ({
    id: item.id,
    redemption_id: item.redemptionId,
    affiliate_id: item.affiliateId,
    affiliate_name: `${firstName} ${lastName}`,
    affiliate_code: code,
    amount_cents: item.amountCents,
    inss_cents: item.inssCents,
    irrf_cents: item.irrfCents,
    iss_cents: item.issCents,
    net_cents: item.netCents ?? item.amountCents,
    method,
    pix_key_type: destination.type === 'pix' ? destination.pix_key_type : null,
    pix_key: destination.type === 'pix' ? destination.pix_key : null,
    status: item.status,
    reason: item.reason,
    end_to_end_id: item.endToEndId,
    holder_name: item.holderName,
    holder_document: item.holderDocument,
    paid_at: item.paidAt?.toISOString() ?? null,
  }));
}

export async function getPayoutBatch(db: Db, id: number): Promise<PayoutBatch> {
  const [row] = await selectBatches(db).where(eq(payoutBatches.id, id));
  if (!row) throw new AppError('NOT_FOUND', `Payout batch ${id} not found.`);
  return { ...toSummary(row), items: await itemsOf(db, id) };
}

export async function findPayoutBatches(db: Db, query: z.output<typeof payoutBatchListQuerySchema>) {
  const where = query.status ? eq(payoutBatches.status, query.status) : undefined;
  const [rows, [count]] = await Promise.all([
    selectBatches(db)
      .where(where)
      .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(payoutBatches).where(where),
  ]);
  return { items: rows.map(toSummary), total: Number(count?.n ?? 0), page: query.page, page_size: query.page_size };
}

/** An item of a batch that is not `failed` keeps its redemption out of any other batch. */
const inAnotherBatch = (db: Db) =>
  db
    .select({ one: sql`1` })
    .from(payoutItems)
    .where(and(eq(payoutItems.redemptionId, redemptions.id), sql`${payoutItems.status} <> 'failed'`));

const inOtherBatch = (ids: number[]) =>
  new AppError('CONFLICT', 'A redemption picked is already in another payout batch.', {
    reason: 'IN_PAYOUT_BATCH',
    errors: [{ field: 'redemption_ids', message: `are already in another batch: ${ids.join(', ')}` }],
  });

/**
 * A batch of approved redemptions: the ones picked (each must be approved and in no other batch),
 * or every approved one requested up to a day that is in no batch. Two admins batching the same
 * redemption at once: the unique index on busy items lets one in, the other gets 409.
 */
export async function createPayoutBatch(
  db: Db,
  actorId: number,
  body: z.output<typeof payoutBatchBodySchema>,
): Promise<PayoutBatch> {
  try {
    const requireNfse = (await getWithholdingSettings(db)).require_nfse;
    const id = await db.transaction(async (tx) => {
      const picked = await tx
        .select({ id: redemptions.id, affiliateId: redemptions.affiliateId, amountCents: redemptions.amountCents })
        .from(redemptions)
        .where(
          body.redemption_ids
            ? inArray(redemptions.id, body.redemption_ids)
            : and(
                eq(redemptions.status, 'approved'),
                lt(redemptions.requestedAt, dayAfter(body.approved_until ?? '')),
                notExists(inAnotherBatch(tx)),
                requireNfse ? sql`not (${owesInvoice})` : undefined,
              ),
        )
        .orderBy(asc(redemptions.id));
      if (body.redemption_ids) {
        await checkPicked(tx, body.redemption_ids, picked);
        if (requireNfse) await checkInvoices(tx, body.redemption_ids);
      }
      if (picked.length === 0) {
        throw fieldError('approved_until', 'no approved redemption outside a batch was requested up to that day');
      }
      const [batch] = await tx.insert(payoutBatches).values({ createdBy: actorId }).returning({ id: payoutBatches.id });
      const batchId = batch?.id ?? 0;
      await tx
        .insert(payoutItems)
        .values(
          picked.map((r) => ({ batchId, redemptionId: r.id, affiliateId: r.affiliateId, amountCents: r.amountCents })),
        );
      await audit(tx, {
        actorId,
        action: 'payout_batch.create',
        entity: 'payout_batch',
        entityId: batchId,
        after: { redemption_ids: picked.map((r) => r.id) },
      });
      return batchId;
    });
    return getPayoutBatch(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw inOtherBatch(body.redemption_ids ?? []);
    throw error;
  }
}

async function checkPicked(tx: Db, wanted: number[], picked: { id: number }[]) {
  const found = new Set(picked.map((r) => r.id));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError('NOT_FOUND', `Redemptions not found: ${missing.join(', ')}.`, {
      errors: [{ field: 'redemption_ids', message: `not found: ${missing.join(', ')}` }],
    });
  }
  const statuses = await tx
    .select({ id: redemptions.id, status: redemptions.status })
    .from(redemptions)
    .where(and(inArray(redemptions.id, wanted), sql`${redemptions.status} <> 'approved'`));
  if (statuses.length > 0) {
    throw new AppError('CONFLICT', 'Only approved redemptions are paid in a batch.', {
      reason: 'NOT_APPROVED',
      errors: [
        {
          field: 'redemption_ids',
          message: `are not approved: ${statuses.map((r) => `${r.id} (${r.status})`).join(', ')}`,
        },
      ],
    });
  }
  const busy = await tx
    .select({ id: payoutItems.redemptionId })
    .from(payoutItems)
    .where(and(inArray(payoutItems.redemptionId, wanted), sql`${payoutItems.status} <> 'failed'`));
  if (busy.length > 0) throw inOtherBatch(busy.map((b) => b.id));
}

/** While the admin requires invoices, a company's redemption waits for its accepted NFS-e. */
async function checkInvoices(tx: Db, ids: number[]) {
  const owing = await tx
    .select({ id: redemptions.id })
    .from(redemptions)
    .where(and(inArray(redemptions.id, ids), owesInvoice));
  if (owing.length > 0) {
    const list = owing.map((r) => r.id).join(', ');
    throw new AppError('CONFLICT', 'A company’s redemption is paid once its NFS-e is accepted.', {
      reason: 'NFSE_MISSING',
      errors: [{ field: 'redemption_ids', message: `wait for the company’s accepted NFS-e: ${list}` }],
    });
  }
}

/** The batch, locked for the caller's transaction; paying twice at once waits here, then finds it paid. */
async function lockOpenBatch(tx: Db, id: number) {
  const [batch] = await tx.select().from(payoutBatches).where(eq(payoutBatches.id, id)).for('update');
  if (!batch) throw new AppError('NOT_FOUND', `Payout batch ${id} not found.`);
  if (batch.status !== 'open') {
    throw new AppError('CONFLICT', `Payout batch ${id} is ${batch.status}: only an open batch is paid.`, {
      reason: 'BATCH_NOT_OPEN',
      extensions: { status: batch.status },
    });
  }
  return batch;
}

/**
 * Pays a batch through the configured provider. Manual: the admin paid the batch's CSV in the bank;
 * each redemption is recorded paid with the bank's reference, in one transaction. A provider: each
 * item is queued for the outbox (docs/decisions/033), which sends its PIX and keeps the outcome.
 */
export async function payPayoutBatch(
  ctx: AppContext,
  actorId: number,
  id: number,
  body: z.output<typeof payPayoutBatchBodySchema>,
): Promise<PayoutBatch> {
  const provider = body.provider ?? ctx.config.payoutProvider;
  if (provider !== 'manual' && provider !== ctx.config.payoutProvider) {
    throw fieldError('provider', `is not configured here (PAYOUT_PROVIDER is ${ctx.config.payoutProvider})`);
  }
  if (provider === 'manual' && !body.reference) {
    throw fieldError('reference', 'is required: the bank’s receipt or batch number of the transfers');
  }
  await ctx.db.transaction(async (tx) => {
    await lockOpenBatch(tx, id);
    const now = new Date();
    await tx
      .update(payoutBatches)
      .set({ status: provider === 'manual' ? 'done' : 'paying', provider, paidBy: actorId, paidAt: now })
      .where(eq(payoutBatches.id, id));
    const byId = () => tx.select().from(payoutItems).where(eq(payoutItems.batchId, id)).orderBy(asc(payoutItems.id));
    await withholdForBatch(tx, await byId(), await getWithholdingSettings(tx), now);
    if (provider === 'manual') {
      const reference = body.reference ?? '';
      const paidAt = body.paid_at ? new Date(body.paid_at) : now;
      for (const item of await byId()) await markItemPaid(ctx, tx, actorId, item, reference, paidAt);
    } else {
      await tx
        .update(payoutItems)
        .set({ status: 'sending', state: 'queued', nextAttemptAt: now })
        .where(eq(payoutItems.batchId, id));
    }
    await audit(tx, {
      actorId,
      action: 'payout_batch.pay',
      entity: 'payout_batch',
      entityId: id,
      before: { status: 'open' },
      after: { status: provider === 'manual' ? 'done' : 'paying', provider, reference: body.reference ?? null },
    });
  });
  return getPayoutBatch(ctx.db, id);
}

async function lockHeldItem(tx: Db, batchId: number, itemId: number) {
  const [item] = await tx
    .select()
    .from(payoutItems)
    .where(and(eq(payoutItems.id, itemId), eq(payoutItems.batchId, batchId)))
    .for('update');
  if (!item) throw new AppError('NOT_FOUND', `Item ${itemId} of payout batch ${batchId} not found.`);
  if (item.status !== 'held') {
    throw new AppError('CONFLICT', `Item ${itemId} is ${item.status}: only a held item is decided.`, {
      reason: 'ITEM_NOT_HELD',
      extensions: { status: item.status },
    });
  }
  return item;
}

/**
 * An admin decides a held item. `release`: the admin checked the holder (or the provider) and the
 * transfer is made again, its holder approved from now on; `fail`: the redemption goes back to the
 * queue, its money unpaid.
 */
export async function decideHeldItem(
  ctx: AppContext,
  actorId: number,
  batchId: number,
  itemId: number,
  decision: 'release' | 'fail',
): Promise<PayoutBatch> {
  await ctx.db.transaction(async (tx) => {
    const item = await lockHeldItem(tx, batchId, itemId);
    if (decision === 'release') {
      await tx
        .update(payoutItems)
        .set({
          status: 'sending',
          state: 'queued',
          attempts: 0,
          nextAttemptAt: new Date(),
          holderApprovedBy: actorId,
          providerStatus: null,
          reason: null,
        })
        .where(eq(payoutItems.id, item.id));
    } else {
      await markItemFailed(ctx, tx, item, item.reason ?? 'holder_mismatch');
    }
    await audit(tx, {
      actorId,
      action: `payout_item.${decision}`,
      entity: 'payout_batch',
      entityId: batchId,
      before: { item_id: item.id, status: 'held', reason: item.reason, holder_name: item.holderName },
      after: { item_id: item.id, status: decision === 'release' ? 'sending' : 'failed' },
    });
  });
  return getPayoutBatch(ctx.db, batchId);
}
