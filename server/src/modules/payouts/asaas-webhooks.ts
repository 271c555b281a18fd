import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { payoutItems, redemptions } from '../../db/schema';
import { AppError } from '../../errors';
import { asaasTransferSchema, holderMatches } from './asaas';
import { itemOfTransfer, settlePayoutItems } from './payout-worker';

/**
 * Asaas's webhooks for transfers (https://docs.asaas.com/docs/webhook-para-transferencias): the
 * event's `id`, `event` (TRANSFER_CREATED, _PENDING, _IN_BANK_PROCESSING, _BLOCKED, _DONE, _FAILED,
 * _CANCELLED, in no fixed order) and the `transfer`. Authenticated by the token set on the webhook,
 * sent in `asaas-access-token` (https://docs.asaas.com/docs/criar-novo-webhook-pela-aplicacao-web).
 */
export const asaasTransferEventSchema = z.looseObject({
  id: z.string().optional(),
  event: z.string().regex(/^TRANSFER_[A-Z_]+$/, 'must be a TRANSFER_ event'),
  transfer: asaasTransferSchema,
});

/** The transfer-validation webhook's request (https://docs.asaas.com/docs/mecanismo-para-validacao-de-transferencias). */
export const asaasTransferValidationSchema = z.looseObject({
  type: z.literal('TRANSFER'),
  transfer: asaasTransferSchema,
});

/** The header's token against ours, in constant time; a missing or wrong one is 401 and nothing is read. */
export function checkAsaasToken(ctx: AppContext, header: string | string[] | undefined) {
  const expected = ctx.config.asaas.webhookToken;
  const given = Array.isArray(header) ? header[0] : header;
  const ok =
    expected !== undefined &&
    given !== undefined &&
    Buffer.byteLength(given) === Buffer.byteLength(expected) &&
    timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!ok) throw new AppError('UNAUTHORIZED', 'The asaas-access-token header is missing or wrong.');
}

/** Statuses a TRANSFER_ event may bring, for an item still on its way. */
const STATUS_OF_EVENT: Record<string, string> = {
  TRANSFER_DONE: 'DONE',
  TRANSFER_FAILED: 'FAILED',
  TRANSFER_CANCELLED: 'CANCELLED',
};

/**
 * An event for one of our transfers: its latest word is kept on the item and the item settled (paid,
 * failed back to the queue). At least once and in any order: an item already paid or failed stays
 * so, and a held one stays held (the cancellation the holder check asked for).
 */
export async function receiveAsaasTransferEvent(ctx: AppContext, body: z.output<typeof asaasTransferEventSchema>) {
  const item = await itemOfTransfer(ctx.db, body.transfer);
  if (!item || !['sending', 'processing'].includes(item.status)) return { handled: false };
  const status = STATUS_OF_EVENT[body.event] ?? body.transfer.status;
  await ctx.db
    .update(payoutItems)
    .set({
      status: 'processing',
      providerTransferId: body.transfer.id,
      providerStatus: status,
      endToEndId: body.transfer.endToEndIdentifier ?? item.endToEndId,
      reason: body.transfer.failReason ?? item.reason,
      holderName: body.transfer.bankAccount?.ownerName ?? item.holderName,
      holderDocument: body.transfer.bankAccount?.cpfCnpj ?? item.holderDocument,
    })
    .where(eq(payoutItems.id, item.id));
  await settlePayoutItems(ctx, [item.id]);
  return { handled: true };
}

/**
 * Asaas asks, before it executes a transfer, whether we recognise it. Ours, for the item's exact
 * amount, to a holder whose CPF/CNPJ is the affiliate's (or one an admin let through): APPROVED.
 * Anything else is REFUSED; a holder mismatch holds the item for an admin with both names.
 */
export async function validateAsaasTransfer(
  ctx: AppContext,
  body: z.output<typeof asaasTransferValidationSchema>,
): Promise<{ status: 'APPROVED' } | { status: 'REFUSED'; refuseReason: string }> {
  const { transfer } = body;
  const item = await itemOfTransfer(ctx.db, transfer);
  if (!item || !['sending', 'processing'].includes(item.status)) {
    return { status: 'REFUSED', refuseReason: 'Transferência não solicitada pelo Afiliados.' };
  }
  if (transfer.value === undefined || Math.round(transfer.value * 100) !== (item.netCents ?? item.amountCents)) {
    return { status: 'REFUSED', refuseReason: 'Valor diferente do resgate.' };
  }
  const [redemption] = await ctx.db
    .select({ destination: redemptions.destination })
    .from(redemptions)
    .where(eq(redemptions.id, item.redemptionId));
  const destination = redemption?.destination;
  // The affiliate's CPF/CNPJ: the key itself when it is one (the tax profile will give it for the others).
  const document =
    destination?.type === 'pix' && (destination.pix_key_type === 'cpf' || destination.pix_key_type === 'cnpj')
      ? destination.pix_key
      : null;
  const reported = transfer.bankAccount?.cpfCnpj ?? null;
  if (item.holderApprovedBy !== null || holderMatches(reported, document)) return { status: 'APPROVED' };
  await ctx.db
    .update(payoutItems)
    .set({
      status: 'held',
      reason: document ? 'holder_mismatch' : 'holder_unknown',
      providerTransferId: transfer.id,
      holderName: transfer.bankAccount?.ownerName ?? null,
      holderDocument: reported,
    })
    .where(eq(payoutItems.id, item.id));
  return { status: 'REFUSED', refuseReason: 'Titular da chave Pix não é o afiliado.' };
}
