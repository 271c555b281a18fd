import { and, eq, notExists, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { affiliates, payoutBatches, payoutItems, users } from '../../db/schema';
import { mails } from '../../mail/templates';
import { applyRedemptionDecision } from '../ledger/redemption-decisions';
import { brl } from '../ledger/redemptions.service';
import { notifyAdmins, notifyUsers } from '../notifications/notifications.service';
import { queueWebhookEvent } from '../webhooks/webhook-queue';
import { writeReceipt } from './payout-withholdings';

// How a payout item ends, whoever ends it: a manual batch, the provider's worker or its webhook,
// an admin deciding a held item (docs/decisions/037).

type ItemRow = typeof payoutItems.$inferSelect;

/**
 * An item paid: its redemption is recorded paid (the payment row, the affiliate's notification and
 * mail, `redemption.paid`), and `payout.paid` goes to the webhooks; inside the caller's transaction.
 */
export async function markItemPaid(
  ctx: AppContext,
  tx: Db,
  actorId: number,
  item: ItemRow,
  endToEndId: string,
  paidAt: Date,
) {
  await applyRedemptionDecision(ctx, tx, actorId, item.redemptionId, { action: 'pay', reference: endToEndId, paidAt });
  await tx
    .update(payoutItems)
    .set({ status: 'paid', endToEndId, paidAt, reason: null })
    .where(eq(payoutItems.id, item.id));
  await writeReceipt(tx, item, endToEndId, paidAt);
  await queueWebhookEvent(tx, 'payout.paid', payoutEvent(item, { status: 'paid', end_to_end_id: endToEndId }));
  await finishBatchIfDone(tx, item.batchId);
}

/**
 * An item failed: its redemption stays approved, back in the queue for another batch. The affiliate
 * hears why (live and by mail), the admins that a payout failed; `payout.failed` to the webhooks.
 */
export async function markItemFailed(ctx: AppContext, tx: Db, item: ItemRow, reason: string) {
  await tx.update(payoutItems).set({ status: 'failed', reason }).where(eq(payoutItems.id, item.id));
  await queueWebhookEvent(tx, 'payout.failed', payoutEvent(item, { status: 'failed', reason }));
  await finishBatchIfDone(tx, item.batchId);
  const [person] = await tx
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      code: affiliates.code,
    })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliates.id, item.affiliateId));
  if (!person) return;
  const words = (language: 'en' | 'pt') => failureWords(reason, language);
  await notifyUsers(tx, [person.userId], {
    kind: 'payout.failed',
    title: 'Payment not completed',
    text: `The PIX of your redemption #${item.redemptionId} of ${brl('en', item.amountCents)} did not go through: ${words('en')}. It is still approved and goes into the next batch.`,
    pt: {
      title: 'Pagamento não concluído',
      text: `O PIX do seu resgate nº ${item.redemptionId} de ${brl('pt', item.amountCents)} não foi concluído: ${words('pt')}. Ele continua aprovado e entra no próximo lote.`,
    },
    data: { redemption_id: item.redemptionId, batch_id: item.batchId },
  });
  await notifyAdmins(tx, {
    kind: 'payout.failed',
    title: 'A payout failed',
    text: `Batch #${item.batchId}: the PIX to ${person.code} (${brl('en', item.amountCents)}) failed: ${words('en')}.`,
    pt: {
      title: 'Um repasse falhou',
      text: `Lote nº ${item.batchId}: o PIX para ${person.code} (${brl('pt', item.amountCents)}) falhou: ${words('pt')}.`,
    },
    data: { batch_id: item.batchId, redemption_id: item.redemptionId },
  });
  await ctx.mailer.queue(tx, {
    to: person.email,
    ...mails.payoutFailed(person.language, {
      firstName: person.firstName,
      id: item.redemptionId,
      amount: brl(person.language, item.amountCents),
      reason: words(person.language === 'pt' ? 'pt' : 'en'),
      url: `${ctx.publicUrl}/resgates`,
    }),
  });
}

/** The portal's own reasons in words; a provider's reason (its own sentence) as it gave it. */
const REASON_WORDS: Record<string, Record<'en' | 'pt', string>> = {
  holder_mismatch: {
    en: 'the PIX key is not in your name (CPF/CNPJ)',
    pt: 'a chave PIX não está no seu nome (CPF/CNPJ)',
  },
  holder_unknown: {
    en: 'we have no CPF/CNPJ of yours to check the key’s holder',
    pt: 'não temos o seu CPF/CNPJ para conferir o titular da chave',
  },
  provider_unanswered: { en: 'the bank did not confirm the transfer', pt: 'o banco não confirmou a transferência' },
};
export const failureWords = (reason: string, language: 'en' | 'pt') => REASON_WORDS[reason]?.[language] ?? reason;

function payoutEvent(item: ItemRow, outcome: Record<string, string>) {
  return {
    id: item.id,
    batch_id: item.batchId,
    redemption_id: item.redemptionId,
    affiliate_id: item.affiliateId,
    amount_cents: item.amountCents,
    ...outcome,
  };
}

/** A paying batch is done when no item is still on its way or held. */
async function finishBatchIfDone(tx: Db, batchId: number) {
  const still: SQL = sql`${payoutItems.status} in ('pending', 'sending', 'processing', 'held')`;
  await tx
    .update(payoutBatches)
    .set({ status: 'done' })
    .where(
      and(
        eq(payoutBatches.id, batchId),
        eq(payoutBatches.status, 'paying'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(payoutItems)
            .where(and(eq(payoutItems.batchId, batchId), still)),
        ),
      ),
    );
}
