import type { IntegrationDeliveryOutcome, IntegrationDeliveryReason } from '@contract/integrations';
import { type SaleStatus, saleBodySchema } from '@contract/sales';
import { and, desc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integrationDeliveries, sales } from '../../db/schema';
import { AppError } from '../../errors';
import { applySaleAction } from '../sales/sale-decisions';
import type { SaleWriter } from '../sales/sale-writer';
import { deliveryWithSale, type ReceivedCall } from './delivery-log';
import type { Connection } from './integration-connections';
import { MalformedEvent, type PlatformEvent } from './platforms/platform';

/** What came of an event: the delivery's outcome, why, and the sale it recorded or changed. */
export type EventOutcome = {
  outcome: IntegrationDeliveryOutcome;
  reason: IntegrationDeliveryReason | null;
  detail: string | null;
  saleId: number | null;
};

export type EventDeps = { db: Db; saleWriter: SaleWriter };

const CLICK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Refusals of the attribution that an admin can settle (an affiliate to name), by their reason. */
const WAITS_FOR_AFFILIATE: Record<string, IntegrationDeliveryReason> = {
  NOT_ATTRIBUTED: 'affiliate_not_found',
  UNKNOWN_AFFILIATE: 'affiliate_not_found',
  UNKNOWN_COUPON: 'affiliate_not_found',
  INACTIVE_COUPON: 'affiliate_not_found',
  UNKNOWN_SUBSCRIPTION: 'affiliate_not_found',
  AFFILIATE_NOT_APPROVED: 'affiliate_not_approved',
  UNKNOWN_CAMPAIGN: 'product_not_mapped',
};

const outcome = (
  kind: IntegrationDeliveryOutcome,
  saleId: number | null,
  reason: IntegrationDeliveryReason | null = null,
  detail: string | null = null,
): EventOutcome => ({ outcome: kind, reason, detail, saleId });

/** The campaign a product sells: its mapping, else the connection's; null when it must wait for one. */
export function campaignOf(connection: Connection, productId: string | null): number | null {
  return (productId === null ? undefined : connection.products.get(productId)) ?? connection.campaignId;
}

/**
 * The sale an event of a recorded order is about: the one this connection recorded for the order
 * (under any of its ids), else the campaign's sale of that order id (recorded by a CSV or the sales
 * API before).
 */
async function saleOfOrder(db: Db, connection: Connection, externalIds: string[], campaignId: number | null) {
  const columns = { id: sales.id, status: sales.status, amountCents: sales.amountCents };
  const [logged] = await db
    .select(columns)
    .from(integrationDeliveries)
    .innerJoin(sales, eq(sales.id, integrationDeliveries.saleId))
    .where(
      and(
        eq(integrationDeliveries.integrationId, connection.id),
        inArray(integrationDeliveries.externalId, externalIds),
        isNotNull(integrationDeliveries.saleId),
      ),
    )
    .orderBy(desc(integrationDeliveries.id))
    .limit(1);
  if (logged || campaignId === null) return logged ?? null;
  const [recorded] = await db
    .select(columns)
    .from(sales)
    .where(and(eq(sales.campaignId, campaignId), inArray(sales.externalId, externalIds)));
  return recorded ?? null;
}

/** The charge after the last one recorded of a subscription (a platform that does not count them). */
async function nextChargeOf(db: Db, campaignId: number, subscriptionId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(sales.chargeNumber) })
    .from(sales)
    .where(and(eq(sales.campaignId, campaignId), eq(sales.subscriptionId, subscriptionId)));
  return Math.max(2, (row?.last ?? 0) + 1);
}

/**
 * The sale as every source hands it in, through the contract's schema: an address the schema
 * refuses is left out (the sale stands without it); anything else refused is the platform's
 * malformed event.
 */
function saleInputOf(draft: Record<string, unknown>) {
  let parsed = saleBodySchema.safeParse(draft);
  // An address, or a shop's discount code, the schema refuses is left out; the sale stands without it.
  for (const optional of ['customer_email', 'coupon']) {
    if (parsed.success || !parsed.error.issues.some((issue) => issue.path[0] === optional)) continue;
    const { [optional]: _dropped, ...rest } = draft;
    draft = rest;
    parsed = saleBodySchema.safeParse(draft);
  }
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new MalformedEvent(String(issue?.path.join('.') ?? 'body'), issue?.message ?? 'is not a sale');
}

/** The step a platform's refund, chargeback or cancellation takes from the sale's status, if any. */
function stepFor(kind: 'refund' | 'chargeback' | 'cancel', status: SaleStatus) {
  if (kind === 'chargeback') return status === 'pending' || status === 'approved' ? 'chargeback' : null;
  // Money back before the hold ended: the sale never earned, so it is cancelled, not reversed.
  if (status === 'pending') return 'cancel';
  if (kind === 'refund' && status === 'approved') return 'refund';
  return null;
}

/**
 * One event of a connection, as a sale step: a paid order is recorded (once per order, through the
 * sale writer like every sale), a refund, chargeback or cancellation decides the recorded sale.
 * `affiliateCode` is an admin's answer to "affiliate not found" when replaying. `received` is the
 * call as it came, logged by the sale's own statement when it records a new sale (`deliveryId`);
 * whatever else comes of it is the caller's to log.
 */
export async function applyEvent(
  deps: EventDeps,
  connection: Connection,
  event: PlatformEvent,
  options: { affiliateCode?: string; received?: ReceivedCall } = {},
): Promise<EventOutcome & { deliveryId?: number }> {
  if (event.kind === 'ignored') return outcome('ignored', null, event.reason, event.detail);
  const campaignId = campaignOf(connection, event.productId);
  if (event.kind !== 'sale') {
    const ids = [event.externalId, ...(event.alsoKnownAs ?? [])];
    const sale = await saleOfOrder(deps.db, connection, ids, campaignId);
    if (!sale) return outcome('ignored', null, 'sale_not_found', `order ${event.externalId} was not recorded here`);
    // Part of the order given back: the sale stays (a commission is never cut in part).
    if (event.refundedCents !== undefined && event.refundedCents < sale.amountCents) {
      return outcome(
        'ignored',
        sale.id,
        'partial_refund',
        `${event.refundedCents} of ${sale.amountCents} cents refunded`,
      );
    }
    const step = stepFor(event.kind, sale.status);
    if (!step) return outcome('repeat', sale.id, 'status_not_changed', `the sale is ${sale.status}`);
    await applySaleAction(deps.db, null, [sale.id], step, `${connection.platform}: ${event.eventType}`);
    return outcome('updated', sale.id);
  }
  if (campaignId === null) {
    return outcome('needs_attention', null, 'product_not_mapped', `product ${event.productId ?? '?'} is not mapped`);
  }
  const { tracking, coupon, origin } = event.carriers;
  const clickId = tracking.find((value) => CLICK_ID.test(value))?.toLowerCase();
  const affiliateCode = options.affiliateCode ?? tracking.find((value) => !CLICK_ID.test(value));
  const renewal = event.subscriptionId !== null && event.chargeNumber !== 1;
  // Most of a shop's sales come from no affiliate: nothing to record, nothing for an admin to do.
  if (!clickId && !affiliateCode && !coupon && !renewal) {
    return outcome('ignored', null, 'no_affiliate', 'nothing in the event names an affiliate');
  }
  const chargeNumber =
    event.chargeNumber === 'next' && event.subscriptionId
      ? await nextChargeOf(deps.db, campaignId, event.subscriptionId)
      : event.chargeNumber;
  const draft = {
    campaign_id: campaignId,
    amount_cents: event.amountCents,
    payment_method: event.paymentMethod,
    external_id: event.externalId,
    status: event.final ? ('approved' as const) : ('pending' as const),
    ...(clickId ? { click_id: clickId } : {}),
    ...(affiliateCode ? { affiliate_code: affiliateCode.slice(0, 40) } : {}),
    ...(coupon ? { coupon } : {}),
    ...(origin ? { origin: origin.slice(0, 60) } : {}),
    ...(event.customerEmail ? { customer_email: event.customerEmail } : {}),
    ...(event.subscriptionId && typeof chargeNumber === 'number'
      ? { subscription_id: event.subscriptionId.slice(0, 100), charge_number: chargeNumber }
      : {}),
  };
  const input = saleInputOf(draft);
  const meta = {
    source: 'integration' as const,
    actorId: null,
    paid: event.paid,
    ...(options.received ? { companion: deliveryWithSale(options.received) } : {}),
  };
  try {
    let recorded: Awaited<ReturnType<SaleWriter['record']>>;
    try {
      recorded = await deps.saleWriter.record(input, meta);
    } catch (error) {
      // A discount code of the shop's own (not one of ours) leaves the other carriers to decide.
      if (!(input.coupon && error instanceof AppError && error.reason === 'UNKNOWN_COUPON')) throw error;
      if (!clickId && !affiliateCode && !renewal) {
        return outcome('ignored', null, 'no_affiliate', `discount code ${input.coupon} is not an affiliate's coupon`);
      }
      const { coupon: _shops, ...others } = input;
      recorded = await deps.saleWriter.record(others, meta);
    }
    const { sale, created, companionId } = recorded;
    if (created) return { ...outcome('recorded', sale.id), ...(companionId ? { deliveryId: companionId } : {}) };
    // The warranty ended (Hotmart's COMPLETE) on a sale still held: approved now.
    if (event.final && sale.status === 'pending') {
      const [result] = await applySaleAction(
        deps.db,
        null,
        [sale.id],
        'approve',
        `${connection.platform}: ${event.eventType}`,
      );
      if (result?.outcome.ok) return outcome('updated', sale.id);
    }
    return outcome('repeat', sale.id, null, null);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A renewal of a subscription no affiliate brought: not ours to record.
    if (error.reason === 'UNKNOWN_SUBSCRIPTION' && !clickId && !affiliateCode && !coupon) {
      return outcome('ignored', null, 'no_affiliate', 'the subscription was not recorded from an affiliate');
    }
    const waits = WAITS_FOR_AFFILIATE[error.reason];
    const field = error.errors?.[0];
    const detail = field ? `${field.field} ${field.message}` : error.message;
    if (waits) return outcome('needs_attention', null, waits, detail);
    // The same order recorded with another amount or method: nothing new is written.
    if (error.reason === 'SALE_CONFLICT') {
      return outcome('repeat', Number(error.extensions?.sale_id) || null, 'status_not_changed', detail);
    }
    throw error;
  }
}
