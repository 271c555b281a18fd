import type { Redemption } from '@contract/ledger';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { affiliates, payments, payoutItems, redemptions, users } from '../../db/schema';
import { AppError } from '../../errors';
import { mails } from '../../mail/templates';
import { audit } from '../audit/audit.service';
import { notifyUsers } from '../notifications/notifications.service';
import { queueWebhookEvent } from '../webhooks/webhook-queue';
import { appendLedgerEntry } from './ledger.service';
import { brl, getRedemptionById, redemptionEvent } from './redemptions.service';

// An admin's decisions on a redemption: approve, reject (its amount back once), pay.

const REDEMPTION_STATUS_PT = {
  requested: 'solicitado',
  approved: 'aprovado',
  paid: 'pago',
  rejected: 'recusado',
} as const;

export type RedemptionDecision =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'pay'; reference: string; paidAt: Date };

const FROM: Record<RedemptionDecision['action'], Redemption['status'][]> = {
  approve: ['requested'],
  reject: ['requested', 'approved'],
  pay: ['approved'],
};

/**
 * An admin's step on a request. The update only matches a request in a status the step may start
 * from, so paid and rejected are final and two admins paying at once make one payment. A rejection
 * gives the reserved amount back once.
 */
export async function decideRedemption(
  ctx: AppContext,
  actorId: number,
  id: number,
  decision: RedemptionDecision,
): Promise<Redemption> {
  await ctx.db.transaction(async (tx) => {
    if (decision.action !== 'approve') await refuseIfInPayoutBatch(tx, id);
    await applyRedemptionDecision(ctx, tx, actorId, id, decision);
  });
  return getRedemptionById(ctx.db, { isAdmin: true }, id);
}

/**
 * A redemption in a payout batch is paid (or not) by the batch: paying it by hand too could pay it
 * twice, rejecting it would release money a transfer may be sending. Its batch item must fail first.
 */
async function refuseIfInPayoutBatch(tx: Db, id: number) {
  const [item] = await tx
    .select({ batchId: payoutItems.batchId })
    .from(payoutItems)
    .where(and(eq(payoutItems.redemptionId, id), ne(payoutItems.status, 'failed')));
  if (item) {
    throw new AppError('CONFLICT', `Redemption ${id} is in payout batch ${item.batchId}: it is paid by the batch.`, {
      reason: 'IN_PAYOUT_BATCH',
      extensions: { batch_id: item.batchId },
    });
  }
}

/** The decision inside the caller's transaction (a payout batch pays its items this way). */
export async function applyRedemptionDecision(
  ctx: AppContext,
  tx: Db,
  actorId: number,
  id: number,
  decision: RedemptionDecision,
): Promise<void> {
  const now = new Date();
  {
    const changes =
      decision.action === 'approve'
        ? { status: 'approved' as const, approvedAt: now, approvedBy: actorId }
        : decision.action === 'reject'
          ? { status: 'rejected' as const, decidedAt: now, decidedBy: actorId, note: decision.reason }
          : { status: 'paid' as const, decidedAt: now, decidedBy: actorId };
    const [row] = await tx
      .update(redemptions)
      .set(changes)
      .where(and(eq(redemptions.id, id), inArray(redemptions.status, FROM[decision.action])))
      .returning();
    if (!row) {
      const [current] = await tx.select({ status: redemptions.status }).from(redemptions).where(eq(redemptions.id, id));
      if (!current) throw new AppError('NOT_FOUND', `Redemption ${id} not found.`);
      throw new AppError(
        'CONFLICT',
        `A ${current.status} redemption cannot be ${decision.action === 'pay' ? 'paid' : `${decision.action}d`}.`,
        {
          reason: 'INVALID_TRANSITION',
          extensions: { status: current.status },
        },
      );
    }
    if (decision.action === 'reject') {
      await appendLedgerEntry(tx, {
        affiliateId: row.affiliateId,
        kind: 'redemption_release',
        amountCents: row.amountCents,
        redemptionId: row.id,
        note: decision.reason,
      });
    }
    if (decision.action === 'pay') {
      await tx.insert(payments).values({
        redemptionId: row.id,
        affiliateId: row.affiliateId,
        amountCents: row.amountCents,
        method: row.method,
        reference: decision.reference,
        paidAt: decision.paidAt,
        paidBy: actorId,
      });
    }
    if (row.status === 'paid' || row.status === 'rejected') {
      await queueWebhookEvent(tx, `redemption.${row.status}`, redemptionEvent(row));
    }
    await audit(tx, {
      actorId,
      action: `redemption.${decision.action}`,
      entity: 'redemption',
      entityId: id,
      before: { status: FROM[decision.action] },
      after: {
        status: row.status,
        ...(decision.action === 'reject' ? { reason: decision.reason } : {}),
        ...(decision.action === 'pay' ? { reference: decision.reference } : {}),
      },
    });
    const [person] = await tx
      .select({ userId: users.id, email: users.email, firstName: users.firstName, language: users.language })
      .from(affiliates)
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(eq(affiliates.id, row.affiliateId));
    if (person) {
      await notifyUsers(tx, [person.userId], {
        kind: `redemption.${row.status}`,
        title: `Redemption ${row.status}`,
        text: `Your redemption #${row.id} of ${brl('en', row.amountCents)} was ${row.status}.`,
        pt: {
          title: `Resgate ${REDEMPTION_STATUS_PT[row.status]}`,
          text: `Seu resgate nº ${row.id} de ${brl('pt', row.amountCents)} foi ${REDEMPTION_STATUS_PT[row.status]}.`,
        },
        data: { redemption_id: row.id },
      });
    }
    if (person && (row.status === 'approved' || row.status === 'rejected' || row.status === 'paid')) {
      await ctx.mailer.queue(tx, {
        to: person.email,
        ...mails.redemptionDecided(person.language, {
          firstName: person.firstName,
          id,
          amount: brl(person.language, row.amountCents),
          status: row.status,
          detail: decision.action === 'reject' ? decision.reason : decision.action === 'pay' ? decision.reference : '',
          url: `${ctx.publicUrl}/resgates`,
        }),
      });
    }
  }
}
