import { createHash } from 'node:crypto';
import { dayAfter, dayStart } from '@contract/calendar';
import {
  OPEN_REDEMPTION_STATUSES,
  type Redemption,
  type RedemptionDestination,
  type redemptionBodySchema,
} from '@contract/ledger';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { affiliates, payments, redemptions, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Viewer } from '../../plugins/auth';
import { notifyAdmins } from '../notifications/notifications.service';
import { queueWebhookEvent } from '../webhooks/webhook-queue';
import { appendLedgerEntry, availableBalance } from './ledger.service';
import { REFUSAL_MESSAGES, refusalOf } from './redemption-rules';
import { getRedemptionSettings } from './redemption-settings';

type RedemptionInput = z.output<typeof redemptionBodySchema>;

const approver = alias(users, 'approver');
const decider = alias(users, 'decider');
const payer = alias(users, 'payer');

function selectRedemptions(db: Db) {
  return db
    .select({
      redemption: redemptions,
      payment: payments,
      firstName: users.firstName,
      lastName: users.lastName,
      code: affiliates.code,
      networkId: affiliates.networkId,
      approverName: sql<string | null>`${approver.firstName} || ' ' || ${approver.lastName}`,
      deciderName: sql<string | null>`${decider.firstName} || ' ' || ${decider.lastName}`,
      payerName: sql<string | null>`${payer.firstName} || ' ' || ${payer.lastName}`,
    })
    .from(redemptions)
    .innerJoin(affiliates, eq(affiliates.id, redemptions.affiliateId))
    .innerJoin(users, eq(users.id, affiliates.userId))
    .leftJoin(payments, eq(payments.redemptionId, redemptions.id))
    .leftJoin(approver, eq(approver.id, redemptions.approvedBy))
    .leftJoin(decider, eq(decider.id, redemptions.decidedBy))
    .leftJoin(payer, eq(payer.id, payments.paidBy));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRedemptions>['where']>>[number];

function toRedemption(row: Row): Redemption {
  const { redemption: r, payment } = row;
  const name = `${row.firstName} ${row.lastName}`;
  const timeline: Redemption['timeline'] = [
    { at: r.requestedAt.toISOString(), status: 'requested', actor_name: name, note: null },
  ];
  if (r.approvedAt)
    timeline.push({ at: r.approvedAt.toISOString(), status: 'approved', actor_name: row.approverName, note: null });
  if (r.status === 'rejected' && r.decidedAt) {
    timeline.push({ at: r.decidedAt.toISOString(), status: 'rejected', actor_name: row.deciderName, note: r.note });
  }
  if (payment) {
    timeline.push({
      at: payment.paidAt.toISOString(),
      status: 'paid',
      actor_name: row.payerName,
      note: payment.reference,
    });
  }
  return {
    id: r.id,
    affiliate_id: r.affiliateId,
    affiliate_name: name,
    affiliate_code: row.code,
    network_id: row.networkId,
    amount_cents: r.amountCents,
    method: r.method,
    destination: r.destination,
    status: r.status,
    requested_at: r.requestedAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
    note: r.note,
    payment: payment
      ? {
          id: payment.id,
          reference: payment.reference,
          paid_at: payment.paidAt.toISOString(),
          paid_by_name: row.payerName ?? '',
        }
      : null,
    timeline,
  };
}

export async function getRedemptionById(db: Db, viewer: Viewer, id: number): Promise<Redemption> {
  const [row] = await selectRedemptions(db).where(
    and(eq(redemptions.id, id), viewer.isAdmin ? undefined : eq(redemptions.affiliateId, viewer.affiliateId)),
  );
  if (!row) throw new AppError('NOT_FOUND', `Redemption ${id} not found.`);
  return toRedemption(row);
}

export async function findRedemptions(
  db: Db,
  viewer: Viewer,
  query: z.output<typeof import('@contract/ledger').redemptionListQuerySchema>,
) {
  const filters: (SQL | undefined)[] = [
    viewer.isAdmin ? undefined : eq(redemptions.affiliateId, viewer.affiliateId),
    query.status === 'open'
      ? inArray(redemptions.status, [...OPEN_REDEMPTION_STATUSES])
      : query.status
        ? eq(redemptions.status, query.status)
        : undefined,
    query.affiliate_id && viewer.isAdmin ? eq(redemptions.affiliateId, query.affiliate_id) : undefined,
    query.network_id ? eq(affiliates.networkId, query.network_id) : undefined,
    query.from ? gte(redemptions.requestedAt, dayStart(query.from)) : undefined,
    query.to ? lt(redemptions.requestedAt, dayAfter(query.to)) : undefined,
    query.q
      ? sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${`%${query.q.replace(/[%_\\]/g, '\\$&')}%`} or ${affiliates.code} ilike ${`%${query.q.replace(/[%_\\]/g, '\\$&')}%`})`
      : undefined,
  ];
  const where = and(...filters.filter((f): f is SQL => f !== undefined));
  const [rows, [totals]] = await Promise.all([
    selectRedemptions(db)
      .where(where)
      .orderBy(desc(redemptions.requestedAt), desc(redemptions.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ n: sql<number>`count(*)::int`, cents: sql<string>`coalesce(sum(${redemptions.amountCents}), 0)` })
      .from(redemptions)
      .innerJoin(affiliates, eq(affiliates.id, redemptions.affiliateId))
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(where),
  ]);
  return {
    items: rows.map(toRedemption),
    total: Number(totals?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
    totals: { count: Number(totals?.n ?? 0), amount_cents: Number(totals?.cents ?? 0) },
  };
}

const hashOf = (input: RedemptionInput) =>
  createHash('sha256')
    .update(JSON.stringify([input.amount_cents, input.method, input.destination ?? null]))
    .digest('hex');

/**
 * A redemption request. The affiliate's row is locked for the transaction, so however many requests
 * arrive at once they are checked one after another against the balance the previous ones left.
 * The amount is reserved at once (a ledger entry). With an Idempotency-Key, the same key and body
 * answer the same redemption; the same key with another body is refused.
 */
export async function requestRedemption(
  ctx: AppContext,
  affiliateId: number,
  input: RedemptionInput,
  idempotencyKey: string | undefined,
): Promise<{ redemption: Redemption; created: boolean }> {
  const { db } = ctx;
  const requestHash = hashOf(input);
  const outcome = await db.transaction(async (tx) => {
    const [affiliate] = await tx.select().from(affiliates).where(eq(affiliates.id, affiliateId)).for('update');
    if (!affiliate) throw new AppError('FORBIDDEN', 'Only affiliates redeem.', { reason: 'NOT_AN_AFFILIATE' });
    if (idempotencyKey) {
      const [previous] = await tx
        .select()
        .from(redemptions)
        .where(and(eq(redemptions.affiliateId, affiliateId), eq(redemptions.idempotencyKey, idempotencyKey)));
      if (previous) {
        if (previous.requestHash !== requestHash) {
          throw new AppError('UNPROCESSABLE', 'This Idempotency-Key was used for another request.', {
            reason: 'IDEMPOTENCY_MISMATCH',
            errors: [{ field: 'Idempotency-Key', message: 'was already used with another body' }],
          });
        }
        return { id: previous.id, created: false };
      }
    }
    if (affiliate.status !== 'approved') {
      throw new AppError('FORBIDDEN', 'Only approved affiliates redeem.', { reason: 'AFFILIATE_NOT_APPROVED' });
    }
    let destination: RedemptionDestination;
    if (input.method === 'pix') {
      if (!affiliate.pixKey || !affiliate.pixKeyType) {
        throw new AppError('UNPROCESSABLE', 'Add your PIX key in your account first.', {
          reason: 'NO_PIX_KEY',
          errors: [{ field: 'method', message: 'needs a PIX key in your account' }],
        });
      }
      destination = { type: 'pix', pix_key_type: affiliate.pixKeyType, pix_key: affiliate.pixKey };
    } else {
      destination = input.destination as RedemptionDestination;
    }
    const [available, [open], rules] = await Promise.all([
      availableBalance(tx, affiliateId),
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(redemptions)
        .where(
          and(eq(redemptions.affiliateId, affiliateId), inArray(redemptions.status, [...OPEN_REDEMPTION_STATUSES])),
        ),
      getRedemptionSettings(tx),
    ]);
    const check = {
      amountCents: input.amount_cents,
      availableCents: available,
      minCents: ctx.config.minRedemptionCents,
      openCount: Number(open?.n ?? 0),
      oneOpenAtATime: rules.one_open_at_a_time,
    };
    const refusal = refusalOf(check);
    if (refusal) {
      throw new AppError('UNPROCESSABLE', REFUSAL_MESSAGES[refusal](check), {
        reason: refusal,
        errors: [{ field: 'amount_cents', message: REFUSAL_MESSAGES[refusal](check) }],
        extensions: { available_cents: available, min_cents: check.minCents },
      });
    }
    const [row] = await tx
      .insert(redemptions)
      .values({
        affiliateId,
        amountCents: input.amount_cents,
        method: input.method,
        destination,
        idempotencyKey: idempotencyKey ?? null,
        requestHash,
      })
      .returning();
    if (!row) throw new Error('redemption insert returned nothing');
    await appendLedgerEntry(tx, {
      affiliateId,
      kind: 'redemption',
      amountCents: -row.amountCents,
      redemptionId: row.id,
    });
    await queueWebhookEvent(tx, 'redemption.requested', redemptionEvent(row));
    await notifyAdmins(tx, {
      kind: 'redemption.requested',
      title: 'Redemption requested',
      text: `Affiliate ${affiliate.code} asked to redeem ${brl('en', row.amountCents)}.`,
      pt: {
        title: 'Resgate solicitado',
        text: `O afiliado ${affiliate.code} pediu o resgate de ${brl('pt', row.amountCents)}.`,
      },
      data: { redemption_id: row.id },
    });
    return { id: row.id, created: true };
  });
  return { redemption: await getRedemptionById(db, { isAdmin: true }, outcome.id), created: outcome.created };
}

/** What a `redemption.*` webhook says of the request. */
export const redemptionEvent = (row: typeof redemptions.$inferSelect) => ({
  id: row.id,
  affiliate_id: row.affiliateId,
  amount_cents: row.amountCents,
  method: row.method,
  status: row.status,
  note: row.note,
});

export const brl = (language: string, cents: number) =>
  new Intl.NumberFormat(language === 'pt' ? 'pt-BR' : 'en-US', { style: 'currency', currency: 'BRL' }).format(
    cents / 100,
  );
