import { ADMIN_ROLE } from '@contract/auth';
import type { Page } from '@contract/common';
import {
  FAST_CLICK_SECONDS,
  type Sale,
  type SaleAction,
  type SaleBulkResult,
  type SaleDetail,
  type SaleTotals,
  type saleBodySchema,
} from '@contract/sales';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { affiliates, campaigns, clicks, levels, links, sales, users } from '../../db/schema';
import { AppError } from '../../errors';
import { audit } from '../audit/audit.service';
import { appendLedgerEntry } from '../ledger/ledger.service';
import { moveSaleInStats } from '../metrics/daily-stats';
import { notifyUsers } from '../notifications/notifications.service';
import { computeCommission } from './commission';
import { findSaleRows, getSaleRow, getSaleStory, type SaleListQuery, type Viewer } from './sales.repository';

/** A sale as any source hands it in, after validation (admin form, CSV row or postback). */
export type SaleInput = z.output<typeof saleBodySchema>;
export type SaleSource = 'admin' | 'import' | 'postback';

export type RecordDeps = {
  /** Writes the clicks still in memory, so a postback right after its click still finds it. */
  flushClicks: () => Promise<void>;
};

const ADMIN_VIEW: Viewer = { isAdmin: true };
const DAY_MS = 86_400_000;

export async function viewerOf(db: Db, user: { id: number; role: string }): Promise<Viewer> {
  if (user.role === ADMIN_ROLE) return ADMIN_VIEW;
  const [affiliate] = await db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.userId, user.id));
  if (!affiliate) throw new AppError('FORBIDDEN', 'Only affiliates have sales.', { reason: 'NOT_AN_AFFILIATE' });
  return { isAdmin: false, affiliateId: affiliate.id };
}

export async function findSales(
  db: Db,
  viewer: Viewer,
  query: SaleListQuery,
): Promise<Page<Sale> & { totals: SaleTotals }> {
  const { items, total, totals } = await findSaleRows(db, viewer, query);
  return { items, total, totals, page: query.page, page_size: query.page_size };
}

export async function getSaleById(db: Db, viewer: Viewer, id: number): Promise<SaleDetail> {
  const sale = await getSaleRow(db, viewer, id);
  return { ...sale, ...(await getSaleStory(db, sale)) };
}

const refused = (field: string, message: string, reason: string) =>
  new AppError('UNPROCESSABLE', `${field}: ${message}`, { reason, errors: [{ field, message }] });

type Attribution = {
  affiliate: typeof affiliates.$inferSelect;
  by: 'click' | 'affiliate_code' | 'affiliate_id';
  click: typeof clicks.$inferSelect | null;
};

/**
 * Who gets the sale (DESIGN.md §6): the affiliate of its click when the click is this campaign's
 * and younger than its cookie window, else the affiliate code, else the affiliate an admin chose.
 */
async function attribute(
  db: Db,
  deps: RecordDeps,
  input: SaleInput,
  campaign: typeof campaigns.$inferSelect,
  now: Date,
): Promise<Attribution> {
  let clickProblem: string | null = null;
  if (input.click_id) {
    const findClick = async () =>
      (
        await db
          .select()
          .from(clicks)
          .where(eq(clicks.id, input.click_id as string))
      )[0] ?? null;
    let click = await findClick();
    if (!click) {
      await deps.flushClicks();
      click = await findClick();
    }
    if (!click) clickProblem = 'is not a click of ours';
    else if (click.campaignId !== campaign.id) clickProblem = 'belongs to another campaign';
    else if (now.getTime() - click.at.getTime() > campaign.cookieDays * DAY_MS) {
      clickProblem = "is older than the campaign's cookie window";
    } else {
      const [affiliate] = await db.select().from(affiliates).where(eq(affiliates.id, click.affiliateId));
      if (affiliate) return { affiliate, by: 'click', click };
    }
  }
  if (input.affiliate_code) {
    const [affiliate] = await db.select().from(affiliates).where(eq(affiliates.code, input.affiliate_code));
    if (!affiliate) throw refused('affiliate_code', 'is not an affiliate code', 'UNKNOWN_AFFILIATE');
    return { affiliate, by: 'affiliate_code', click: null };
  }
  if (input.affiliate_id) {
    const [affiliate] = await db.select().from(affiliates).where(eq(affiliates.id, input.affiliate_id));
    if (!affiliate) throw refused('affiliate_id', 'is not an affiliate', 'UNKNOWN_AFFILIATE');
    return { affiliate, by: 'affiliate_id', click: null };
  }
  throw refused('click_id', clickProblem ?? 'is required', 'NOT_ATTRIBUTED');
}

/** The fields that must match when the same (campaign, order id) arrives again. */
function sameContent(sale: typeof sales.$inferSelect, input: SaleInput) {
  return sale.amountCents === input.amount_cents && sale.paymentMethod === input.payment_method;
}

/**
 * Records a sale exactly once per (campaign, external id): a repeat with the same content answers
 * the sale already recorded (`created: false`), with other content a 409. The commission is worked
 * out now and frozen on the sale.
 */
export async function recordSale(
  db: Db,
  deps: RecordDeps,
  input: SaleInput,
  meta: { source: SaleSource; actorId: number | null },
): Promise<{ sale: Sale; created: boolean }> {
  const now = new Date();
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, input.campaign_id));
  if (!campaign) throw refused('campaign_id', 'is not a campaign', 'UNKNOWN_CAMPAIGN');

  const existing = async () => {
    if (!input.external_id) return null;
    const [row] = await db
      .select()
      .from(sales)
      .where(and(eq(sales.campaignId, campaign.id), eq(sales.externalId, input.external_id)));
    return row ?? null;
  };
  const repeat = (row: typeof sales.$inferSelect) => {
    if (!sameContent(row, input)) {
      throw new AppError('CONFLICT', 'This order was already recorded with other content.', {
        reason: 'SALE_CONFLICT',
        errors: [{ field: 'external_id', message: 'was already recorded with another amount or payment method' }],
        extensions: { sale_id: row.id },
      });
    }
    return getSaleRow(db, ADMIN_VIEW, row.id).then((sale) => ({ sale, created: false }));
  };
  const before = await existing();
  if (before) return repeat(before);

  const { affiliate, by, click } = await attribute(db, deps, input, campaign, now);
  if (affiliate.status !== 'approved' && affiliate.status !== 'suspended') {
    throw refused(
      by === 'click' ? 'click_id' : by,
      'belongs to an affiliate who is not approved',
      'AFFILIATE_NOT_APPROVED',
    );
  }
  const [owner] = await db
    .select({ email: users.email, level: levels })
    .from(users)
    .leftJoin(levels, eq(levels.id, affiliate.levelId ?? -1))
    .where(eq(users.id, affiliate.userId));
  const commission = computeCommission(input.amount_cents, {
    campaignType: campaign.commissionType,
    campaignValue: campaign.commissionValue,
    level: owner?.level ? { name: owner.level.name, commissionBps: owner.level.commissionBps } : null,
  });
  const flags: string[] = [];
  if (input.customer_email && owner && input.customer_email.toLowerCase() === owner.email.toLowerCase()) {
    flags.push('self_referral');
  }
  if (click && now.getTime() - click.at.getTime() < FAST_CLICK_SECONDS * 1000) flags.push('fast_click');
  const holdDays = campaign.holdDaysByMethod[input.payment_method] ?? campaign.holdDays;
  const [link] =
    by === 'click' && click
      ? await db.select({ utmSource: links.utmSource }).from(links).where(eq(links.id, click.linkId))
      : [];
  // A flagged sale waits for an admin, whatever status its source asked for.
  const approveNow = input.status === 'approved' && (flags.length === 0 || meta.source === 'admin');

  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sales)
      .values({
        campaignId: campaign.id,
        affiliateId: affiliate.id,
        clickId: by === 'click' ? (click?.id ?? null) : null,
        externalId: input.external_id ?? null,
        amountCents: input.amount_cents,
        paymentMethod: input.payment_method,
        origin: input.origin ?? '',
        utmSource: link?.utmSource ?? '',
        linkId: by === 'click' ? (click?.linkId ?? null) : null,
        source: meta.source,
        status: 'pending',
        commissionCents: commission.commission_cents,
        commission,
        flags,
        customerEmail: input.customer_email ?? null,
        attributedBy: by,
        payableAt: new Date(now.getTime() + holdDays * DAY_MS),
        createdAt: now,
      })
      .onConflictDoNothing({ target: [sales.campaignId, sales.externalId] })
      .returning();
    // Another request recorded the same order a moment ago: answer as a repeat, after this transaction.
    if (!row) return null;
    await moveSaleInStats(tx, row, null, 'pending');
    await audit(tx, {
      actorId: meta.actorId,
      action: 'sale.create',
      entity: 'sale',
      entityId: row.id,
      after: { source: meta.source, amount_cents: row.amountCents, commission_cents: row.commissionCents, flags },
    });
    await notifyUsers(tx, [affiliate.userId], {
      kind: 'sale.created',
      title: 'New sale',
      text: `A sale on “${campaign.name}” earned you a pending commission.`,
      pt: { title: 'Nova venda', text: `Uma venda em “${campaign.name}” gerou uma comissão pendente para você.` },
      data: { sale_id: row.id, commission_cents: row.commissionCents },
    });
    if (approveNow) await transition(tx, row.id, 'approve', meta.actorId);
    return row.id;
  });
  if (outcome === null) {
    const raced = await existing();
    if (!raced) throw new Error('sale conflict without a sale');
    return repeat(raced);
  }
  return { sale: await getSaleRow(db, ADMIN_VIEW, outcome), created: true };
}

const SALE_STATUS_PT = { approved: 'aprovada', cancelled: 'cancelada', refunded: 'estornada' } as const;

const TRANSITIONS = {
  approve: { from: 'pending', to: 'approved', verb: 'approved' },
  cancel: { from: 'pending', to: 'cancelled', verb: 'cancelled' },
  refund: { from: 'approved', to: 'refunded', verb: 'refunded' },
} as const;

/**
 * One step of the life cycle, inside the caller's transaction. The update only matches a sale in
 * the step's starting status, so two admins (or an admin and the job) cannot both make it, and the
 * ledger line is appended once.
 */
async function transition(tx: Db, id: number, action: SaleAction, actorId: number | null, note?: string) {
  const step = TRANSITIONS[action];
  const now = new Date();
  const [row] = await tx
    .update(sales)
    .set(
      action === 'refund'
        ? { status: step.to, refundedAt: now, note: note ?? null }
        : { status: step.to, decidedAt: now, decidedBy: actorId, note: note ?? null },
    )
    .where(and(eq(sales.id, id), eq(sales.status, step.from)))
    .returning();
  if (!row) {
    const [current] = await tx.select({ status: sales.status }).from(sales).where(eq(sales.id, id));
    if (!current) throw new AppError('NOT_FOUND', `Sale ${id} not found.`);
    throw new AppError('CONFLICT', `A ${current.status} sale cannot be ${step.verb}.`, {
      reason: 'INVALID_TRANSITION',
      extensions: { status: current.status },
    });
  }
  await moveSaleInStats(tx, row, step.from, step.to);
  if (row.commissionCents > 0 && action === 'approve') {
    await appendLedgerEntry(tx, {
      affiliateId: row.affiliateId,
      kind: 'commission',
      amountCents: row.commissionCents,
      saleId: row.id,
      at: now,
    });
  }
  if (row.commissionCents > 0 && action === 'refund') {
    // Even when the commission was already redeemed: the balance may go negative (DESIGN.md §6).
    await appendLedgerEntry(tx, {
      affiliateId: row.affiliateId,
      kind: 'reversal',
      amountCents: -row.commissionCents,
      saleId: row.id,
      at: now,
    });
  }
  await audit(tx, {
    actorId,
    action: `sale.${action}`,
    entity: 'sale',
    entityId: id,
    before: { status: step.from },
    after: { status: step.to, note: note ?? null },
  });
  const [owner] = await tx
    .select({ userId: affiliates.userId, campaignName: campaigns.name })
    .from(affiliates)
    .innerJoin(campaigns, eq(campaigns.id, row.campaignId))
    .where(eq(affiliates.id, row.affiliateId));
  if (owner) {
    await notifyUsers(tx, [owner.userId], {
      kind: `sale.${step.to}`,
      title: `Sale ${step.verb}`,
      text: `Your sale #${row.id} on “${owner.campaignName}” was ${step.verb}.`,
      pt: {
        title: `Venda ${SALE_STATUS_PT[step.to]}`,
        text: `Sua venda nº ${row.id} em “${owner.campaignName}” foi ${SALE_STATUS_PT[step.to]}.`,
      },
      data: { sale_id: row.id, commission_cents: row.commissionCents },
    });
  }
  return row;
}

/** approve, cancel or refund one sale (admin; actor null for the approval job). */
export async function decideSale(
  db: Db,
  actorId: number | null,
  id: number,
  action: SaleAction,
  note?: string,
): Promise<Sale> {
  await db.transaction((tx) => transition(tx, id, action, actorId, note));
  return getSaleRow(db, ADMIN_VIEW, id);
}

/** The same decision on many sales; each succeeds or fails on its own. */
export async function decideSales(
  db: Db,
  actorId: number,
  ids: number[],
  action: SaleAction,
  note?: string,
): Promise<SaleBulkResult> {
  const results: SaleBulkResult['results'] = [];
  for (const id of new Set(ids)) {
    try {
      const row = await db.transaction((tx) => transition(tx, id, action, actorId, note));
      results.push({ id, ok: true, status: row.status, error: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const status = (error.extensions?.status as Sale['status'] | undefined) ?? null;
      results.push({ id, ok: false, status, error: error.message });
    }
  }
  return { results };
}
