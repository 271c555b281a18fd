import type { Page } from '@contract/common';
import type {
  Sale,
  SaleAction,
  SaleBulkResult,
  SaleDetail,
  SaleStatus,
  SaleTotals,
  saleBodySchema,
} from '@contract/sales';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { affiliates, campaigns, sales } from '../../db/schema';
import { AppError } from '../../errors';
import { type Attribution, attribute, attributionNote, mayEarn, refused } from '../attribution/attribution';
import { type AffiliateRow, findCandidates, subscriptionKey } from '../attribution/candidates';
import { audit, auditAll } from '../audit/audit.service';
import { forgetChargebackRates, type SaleForChecks, saleCheckContext, saleFlags } from '../fraud/fraud-checks';
import { currentFraudRules } from '../fraud/fraud-rules.service';
import { appendLedgerEntries } from '../ledger/ledger.service';
import { moveSaleInStats, moveSalesInStats } from '../metrics/daily-stats';
import { sharesOf } from '../metrics/sale-shares';
import { notifyEach, notifyUsers } from '../notifications/notifications.service';
import { type ChargeOf, computeChargeCommission } from './commission';
import { queueSaleStepOutbox } from './sale-step-outbox';
import {
  findSaleRows,
  getSaleRow,
  getSaleRows,
  getSaleStory,
  insertSales,
  type SaleListQuery,
  toSale,
  type Viewer,
} from './sales.repository';

/** A sale as any source hands it in, after validation (admin form, CSV row or postback). */
export type SaleInput = z.output<typeof saleBodySchema>;
export type SaleSource = 'admin' | 'import' | 'postback';

export type RecordDeps = {
  /** Writes the clicks still in memory, so a postback right after its click still finds it. */
  flushClicks: () => Promise<void>;
};

const ADMIN_VIEW: Viewer = { isAdmin: true };
const DAY_MS = 86_400_000;

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
  const { clickAffiliateId, ...story } = await getSaleStory(db, sale);
  // Another affiliate's click (a split's last click, or the click a first-click sale came back
  // with) is theirs: an affiliate does not see its link.
  const isOthersClick = !viewer.isAdmin && clickAffiliateId !== null && clickAffiliateId !== viewer.affiliateId;
  return { ...sale, ...story, ...(isOthersClick ? { click: null } : {}) };
}

/** One sale to record: what was sent, by whom, and when it arrived (its `created_at`). */
export type SaleRequest = { input: SaleInput; meta: { source: SaleSource; actorId: number | null }; at: Date };
export type Recorded = { sale: Sale; created: boolean };
/** Each request of a batch succeeds or fails on its own. */
export type SaleOutcome = { ok: true; value: Recorded } | { ok: false; error: unknown };

/** The fields that must match when the same (campaign, order id) arrives again. */
function sameContent(sale: typeof sales.$inferSelect, input: SaleInput) {
  return sale.amountCents === input.amount_cents && sale.paymentMethod === input.payment_method;
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** The row a new sale became, from what was written (the database adds only its id and defaults). */
function recordedRow(
  values: typeof sales.$inferInsert,
  id: number,
  networkId: number | null,
): typeof sales.$inferSelect {
  return {
    id,
    campaignId: values.campaignId,
    affiliateId: values.affiliateId,
    clickId: values.clickId ?? null,
    externalId: values.externalId ?? null,
    amountCents: values.amountCents,
    currency: 'BRL',
    paymentMethod: values.paymentMethod,
    origin: values.origin ?? '',
    utmSource: values.utmSource ?? '',
    linkId: values.linkId ?? null,
    clickTraitsId: values.clickTraitsId ?? null,
    source: values.source,
    status: 'pending',
    commissionCents: values.commissionCents,
    commission: values.commission,
    flags: values.flags ?? [],
    customerEmail: values.customerEmail ?? null,
    attributedBy: values.attributedBy,
    sharedAffiliateId: values.sharedAffiliateId ?? null,
    sharedCommissionCents: values.sharedCommissionCents ?? 0,
    sharedAmountCents: values.sharedAmountCents ?? 0,
    couponId: values.couponId ?? null,
    subscriptionId: values.subscriptionId ?? null,
    chargeNumber: values.chargeNumber ?? null,
    networkId,
    payableAt: values.payableAt,
    createdAt: values.createdAt ?? new Date(),
    decidedAt: null,
    decidedBy: null,
    refundedAt: null,
    chargedBackAt: null,
    note: null,
  };
}

/** The field a refusal names for what decided the affiliate. */
const FIELD_OF_ATTRIBUTION = {
  coupon: 'coupon',
  click: 'click_id',
  affiliate_code: 'affiliate_code',
  affiliate_id: 'affiliate_id',
  subscription: 'subscription_id',
} as const;

/** The sale's place in its subscription (none outside one); a renewal names its first sale when known. */
function chargeOf(input: SaleInput, attribution: Attribution): ChargeOf | null {
  if (!input.subscription_id) return null;
  return {
    subscriptionId: input.subscription_id,
    chargeNumber: input.charge_number ?? 1,
    firstSaleId: attribution.decidedBy.first_sale_id ?? null,
  };
}

const orderKey = (campaignId: number, externalId: string) => `${campaignId}|${externalId}`;

/** The sales already recorded under some (campaign, order id) pairs, by `orderKey`. */
async function findOrders(db: Db, pairs: { campaignId: number; externalId: string }[]) {
  if (pairs.length === 0) return new Map<string, typeof sales.$inferSelect>();
  const rows = await db
    .select()
    .from(sales)
    .where(
      and(
        inArray(sales.campaignId, unique(pairs.map((p) => p.campaignId))),
        inArray(sales.externalId, unique(pairs.map((p) => p.externalId))),
      ),
    );
  return new Map(rows.map((row) => [orderKey(row.campaignId, row.externalId ?? ''), row]));
}

/**
 * Records sales exactly once per (campaign, external id): a repeat with the same content answers
 * the sale already recorded (`created: false`), with other content a 409; a new sale gets its
 * commission worked out now and frozen on it. A batch at a time (docs/decisions/016): the lookups of the whole batch in four queries,
 * then one transaction that inserts every new sale, moves the rollups once per key and writes the
 * audit and the notifications in one statement each. Each request keeps the answer it would get
 * alone: a refusal, a repeat (200, or 409 with other content) or a new sale. If the transaction
 * fails, each request is tried alone, so one bad sale cannot fail the others.
 */
export async function recordSales(db: Db, deps: RecordDeps, requests: SaleRequest[]): Promise<SaleOutcome[]> {
  return prepareSales(db, deps, requests).write();
}

/** A batch whose reads are under way or done; `write()` records it (and never rejects). */
export type PreparedSales = {
  /** Settles when the batch's reads are done, whatever came of them. */
  read: Promise<void>;
  write(): Promise<SaleOutcome[]>;
};

/**
 * `recordSales` in two steps, so the sale writer can read the next batch while one is written
 * (docs/decisions/016). What is read before the write may miss an order the batch being written
 * holds: the insert skips it on the order's key, and it is answered as a repeat.
 */
export function prepareSales(db: Db, deps: RecordDeps, requests: SaleRequest[]): PreparedSales {
  const prepared = prepareBatch(db, deps, requests);
  // A failure is handled in write(); `read` (which swallows it) keeps it from counting as unhandled.
  const read = prepared.then(
    () => {},
    () => {},
  );
  return {
    read,
    async write() {
      try {
        return await writeBatch(db, requests, await prepared);
      } catch (error) {
        if (requests.length === 1) return [{ ok: false, error }];
        const outcomes: SaleOutcome[] = [];
        for (const request of requests) outcomes.push(...(await recordSales(db, deps, [request])));
        return outcomes;
      }
    },
  };
}

type PreparedBatch = Awaited<ReturnType<typeof prepareBatch>>;

/** The batch's reads, attribution, commissions and fraud flags: everything but the write. */
async function prepareBatch(db: Db, deps: RecordDeps, requests: SaleRequest[]) {
  const outcomes: (SaleOutcome | undefined)[] = new Array(requests.length);
  const ordered = requests.flatMap(({ input }) =>
    input.external_id ? [{ campaignId: input.campaign_id, externalId: input.external_id }] : [],
  );
  // Every lookup at once (the candidates: clicks with their first clicks, coupons, affiliates).
  const [campaignRows, before, found] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(inArray(campaigns.id, unique(requests.map((r) => r.input.campaign_id)))),
    findOrders(db, ordered),
    findCandidates(
      db,
      deps.flushClicks,
      requests.map((r) => r.input),
    ),
  ]);
  const campaignOf = new Map(campaignRows.map((c) => [c.id, c]));

  /** Requests answered as repeats once the batch is written: an order recorded before, or earlier in this batch. */
  const repeats: { index: number; key: string }[] = [];
  const firstOfOrder = new Set<string>();
  const fresh: {
    index: number;
    values: typeof sales.$inferInsert;
    owner: AffiliateRow;
    sharedWith: AffiliateRow | null;
    campaignName: string;
    approveNow: boolean;
    /** What the fraud rules look at, once the batch's context is read. */
    checks: SaleForChecks;
    /** The source asked for it approved (an admin's, or a merchant's of an approved sale). */
    asksApproved: boolean;
    source: SaleSource;
  }[] = [];
  requests.forEach((request, index) => {
    const { input, meta, at } = request;
    try {
      const campaign = campaignOf.get(input.campaign_id);
      if (!campaign) throw refused('campaign_id', 'is not a campaign', 'UNKNOWN_CAMPAIGN');
      if (input.external_id) {
        const key = orderKey(campaign.id, input.external_id);
        if (before.has(key) || firstOfOrder.has(key)) {
          repeats.push({ index, key });
          return;
        }
      }
      const attribution = attribute(input, at, campaign, found);
      const { owner, by, click, linkClick, sharedWith } = attribution;
      const { affiliate } = owner;
      if (!mayEarn(owner)) {
        throw refused(
          FIELD_OF_ATTRIBUTION[by],
          'belongs to an affiliate who is not approved',
          'AFFILIATE_NOT_APPROVED',
        );
      }
      const charge = chargeOf(input, attribution);
      // A first charge written in this batch is its renewals' first sale too.
      if (charge?.chargeNumber === 1) {
        const key = subscriptionKey(campaign.id, charge.subscriptionId);
        if (!found.subscriptions.has(key)) found.subscriptions.set(key, { saleId: null, affiliateId: affiliate.id });
      }
      // A split's one commission is worked out as the owner's (their level when the campaign has no rule).
      const computed = computeChargeCommission(
        input.amount_cents,
        {
          campaignType: campaign.commissionType,
          campaignValue: campaign.commissionValue,
          level: owner.level ? { name: owner.level.name, commissionBps: owner.level.commissionBps } : null,
        },
        {
          rule: campaign.recurringRule,
          charges: campaign.recurringCharges,
          renewalValue: campaign.renewalCommissionValue,
        },
        charge,
      );
      const commission = {
        ...computed,
        ...attributionNote(attribution, computed.commission_cents, input.amount_cents),
      };
      const shared = commission.shares?.find((share) => share.role === 'first');
      const holdDays = campaign.holdDaysByMethod[input.payment_method] ?? campaign.holdDays;
      fresh.push({
        index,
        owner,
        sharedWith,
        campaignName: campaign.name,
        approveNow: false,
        checks: {
          customerEmail: input.customer_email ?? null,
          affiliateEmails: [owner.email, sharedWith?.email ?? null],
          affiliateUserId: affiliate.userId,
          affiliateId: affiliate.id,
          at,
          click: click ? { at: click.click.at, ipHash: click.click.ipHash, userAgent: click.click.userAgent } : null,
        },
        asksApproved: input.status === 'approved',
        source: meta.source,
        values: {
          campaignId: campaign.id,
          affiliateId: affiliate.id,
          // The network it is recorded in (decision 030), from the affiliate the batch has loaded.
          networkId: affiliate.networkId,
          clickId: click?.click.id ?? null,
          externalId: input.external_id ?? null,
          amountCents: input.amount_cents,
          paymentMethod: input.payment_method,
          origin: input.origin ?? '',
          utmSource: linkClick?.utmSource ?? '',
          linkId: linkClick?.click.linkId ?? null,
          clickTraitsId: click?.click.traitsId ?? null,
          source: meta.source,
          status: 'pending',
          commissionCents: commission.commission_cents,
          commission,
          flags: [],
          customerEmail: input.customer_email ?? null,
          attributedBy: by,
          sharedAffiliateId: shared?.affiliate_id ?? null,
          sharedCommissionCents: shared?.commission_cents ?? 0,
          sharedAmountCents: shared?.amount_cents ?? 0,
          couponId: attribution.coupon?.id ?? null,
          subscriptionId: charge?.subscriptionId ?? null,
          chargeNumber: charge?.chargeNumber ?? null,
          payableAt: new Date(at.getTime() + holdDays * DAY_MS),
          createdAt: at,
        },
      });
      // Only a sale that will be written makes later copies of its order in this batch repeats.
      if (input.external_id) firstOfOrder.add(orderKey(campaign.id, input.external_id));
    } catch (error) {
      outcomes[index] = { ok: false, error };
    }
  });

  // The fraud rules, with what they need of the whole batch read at once (decision 024).
  if (fresh.length > 0) {
    const rules = await currentFraudRules(db);
    const context = await saleCheckContext(
      db,
      rules,
      fresh.map((entry) => entry.checks),
    );
    for (const entry of fresh) {
      const flags = saleFlags(rules, entry.checks, context);
      entry.values.flags = flags;
      // A flagged sale waits for an admin, whatever status its source asked for.
      entry.approveNow = entry.asksApproved && (flags.length === 0 || entry.source === 'admin');
    }
  }

  return { outcomes, fresh, repeats };
}

/** Writes a prepared batch in one statement (a transaction when some are approved at once), and answers each request. */
async function writeBatch(
  db: Db,
  requests: SaleRequest[],
  { outcomes, fresh, repeats }: PreparedBatch,
): Promise<SaleOutcome[]> {
  const created = new Map<number, Sale>();
  if (fresh.length > 0) {
    const write = async (tx: Db) => {
      const inserted = await insertSales(
        tx,
        fresh.map((entry) => ({
          ...entry.values,
          actorId: requests[entry.index]?.meta.actorId ?? null,
          userId: entry.owner.affiliate.userId,
          sharedUserId: entry.sharedWith?.affiliate.userId ?? null,
          textEn: `A sale on “${entry.campaignName}” earned you a pending commission.`,
          textPt: `Uma venda em “${entry.campaignName}” gerou uma comissão pendente para você.`,
        })),
      );
      const written: { entry: (typeof fresh)[number]; row: typeof sales.$inferSelect }[] = [];
      fresh.forEach((entry, n) => {
        const row = inserted.get(n);
        // Another server or batch recorded the same order a moment ago: a repeat, after this write.
        if (row === undefined) {
          repeats.push({ index: entry.index, key: orderKey(entry.values.campaignId, entry.values.externalId ?? '') });
          return;
        }
        written.push({ entry, row: recordedRow(entry.values, row.id, row.networkId) });
      });
      const approved = await approveRecorded(
        tx,
        written
          .filter(({ entry }) => entry.approveNow)
          .map(({ entry, row }) => ({
            row,
            actorId: requests[entry.index]?.meta.actorId ?? null,
            userId: entry.owner.affiliate.userId,
            sharedUserId: entry.sharedWith?.affiliate.userId ?? null,
            campaignName: entry.campaignName,
          })),
      );
      for (const { entry, row } of written) {
        // The answer is made from what is at hand: reading the batch back would cost a round trip.
        created.set(
          entry.index,
          toSale(
            {
              sale: approved.get(row.id) ?? row,
              campaignName: entry.campaignName,
              affiliateCode: entry.owner.affiliate.code,
              networkId: entry.owner.affiliate.networkId,
              firstName: entry.owner.firstName ?? '',
              lastName: entry.owner.lastName ?? '',
            },
            ADMIN_VIEW,
          ),
        );
      }
    };
    // Pending sales are one statement, atomic by itself; an approval joins it in a transaction.
    if (fresh.some((entry) => entry.approveNow)) await db.transaction(write);
    else await write(db);
  }
  for (const [index, sale] of created) outcomes[index] = { ok: true, value: { sale, created: true } };

  const after = await findOrders(
    db,
    repeats.map(({ index }) => ({
      campaignId: requests[index]?.input.campaign_id ?? 0,
      externalId: requests[index]?.input.external_id ?? '',
    })),
  );
  const repeatIds = new Map<number, number>();
  for (const { index, key } of repeats) {
    const row = after.get(key);
    const input = requests[index]?.input;
    if (!row || !input) {
      outcomes[index] = { ok: false, error: new Error('sale conflict without a sale') };
    } else if (!sameContent(row, input)) {
      outcomes[index] = {
        ok: false,
        error: new AppError('CONFLICT', 'This order was already recorded with other content.', {
          reason: 'SALE_CONFLICT',
          errors: [{ field: 'external_id', message: 'was already recorded with another amount or payment method' }],
          extensions: { sale_id: row.id },
        }),
      };
    } else {
      repeatIds.set(index, row.id);
    }
  }
  const views = await getSaleRows(db, unique([...repeatIds.values()]));
  for (const [index, id] of repeatIds) {
    const sale = views.get(id);
    outcomes[index] = sale
      ? { ok: true, value: { sale, created: false } }
      : { ok: false, error: new Error(`sale ${id} vanished`) };
  }
  return outcomes.map((outcome) => outcome ?? { ok: false, error: new Error('sale left without an answer') });
}

const SALE_STATUS_PT = {
  approved: 'aprovada',
  cancelled: 'cancelada',
  refunded: 'estornada',
  chargeback: 'contestada (chargeback)',
} as const;

/** Each step, the statuses it starts from, and whether it takes the commission back. */
const TRANSITIONS = {
  approve: { from: ['pending'], to: 'approved', verb: 'approved' },
  cancel: { from: ['pending'], to: 'cancelled', verb: 'cancelled' },
  refund: { from: ['approved'], to: 'refunded', verb: 'refunded' },
  // The card issuer takes the money back, before or after approval (and after payout: the balance
  // may go negative, like a refund's).
  chargeback: { from: ['pending', 'approved'], to: 'chargeback', verb: 'charged back' },
} as const satisfies Record<SaleAction, { from: readonly SaleStatus[]; to: SaleStatus; verb: string }>;

/** What a step writes on the sale besides its status: when, by whom, and the admin's note. */
function stepColumns(action: SaleAction, now: Date, actorId: number | null, note: string | undefined) {
  if (action === 'refund') return { refundedAt: now, note: note ?? null };
  if (action === 'chargeback') return { chargedBackAt: now, note: note ?? null };
  return { decidedAt: now, decidedBy: actorId, note: note ?? null };
}

/**
 * One step of the life cycle, inside the caller's transaction. The sale is locked and the update
 * only matches it in the status it was found in, so two admins (or an admin and the job) cannot
 * both make it, and the ledger line is appended once.
 */
async function transition(tx: Db, id: number, action: SaleAction, actorId: number | null, note?: string) {
  const step = TRANSITIONS[action];
  const now = new Date();
  const [current] = await tx.select({ status: sales.status }).from(sales).where(eq(sales.id, id)).for('update');
  if (!current) throw new AppError('NOT_FOUND', `Sale ${id} not found.`);
  const from = current.status;
  const [row] = (step.from as readonly SaleStatus[]).includes(from)
    ? await tx
        .update(sales)
        .set({ status: step.to, ...stepColumns(action, now, actorId, note) })
        .where(and(eq(sales.id, id), eq(sales.status, from)))
        .returning()
    : [];
  if (!row) {
    throw new AppError('CONFLICT', `A ${from} sale cannot be ${step.verb}.`, {
      reason: 'INVALID_TRANSITION',
      extensions: { status: from },
    });
  }
  await moveSaleInStats(tx, row, from, step.to);
  await queueSaleStepOutbox(tx, action, [row.id]);
  // Each sharing affiliate's own line (a split sale has two: docs/decisions/021). A refund or a
  // chargeback reverses even a commission already redeemed: the balance may go negative (DESIGN.md §6).
  const credits = action === 'approve';
  const reverses = (action === 'refund' || action === 'chargeback') && from === 'approved';
  if (credits || reverses) {
    await appendLedgerEntries(
      tx,
      sharesOf(row)
        .filter((share) => share.commissionCents > 0)
        .map((share) => ({
          affiliateId: share.affiliateId,
          kind: credits ? ('commission' as const) : ('reversal' as const),
          amountCents: credits ? share.commissionCents : -share.commissionCents,
          saleId: row.id,
          at: now,
        })),
    );
  }
  await audit(tx, {
    actorId,
    action: `sale.${action}`,
    entity: 'sale',
    entityId: id,
    before: { status: from },
    after: { status: step.to, note: note ?? null },
  });
  const owners = await tx
    .select({ userId: affiliates.userId, campaignName: campaigns.name })
    .from(affiliates)
    .innerJoin(campaigns, eq(campaigns.id, row.campaignId))
    .where(
      inArray(
        affiliates.id,
        sharesOf(row).map((share) => share.affiliateId),
      ),
    );
  if (owners[0]) {
    await notifyUsers(
      tx,
      owners.map((owner) => owner.userId),
      decisionNotification(action, row, owners[0].campaignName),
    );
  }
  return row;
}

/** What the affiliate reads when one of their sales is approved, cancelled or refunded. */
function decisionNotification(action: SaleAction, row: typeof sales.$inferSelect, campaignName: string) {
  const step = TRANSITIONS[action];
  return {
    kind: `sale.${step.to}`,
    title: `Sale ${step.verb}`,
    text: `Your sale #${row.id} on “${campaignName}” was ${step.verb}.`,
    pt: {
      title: `Venda ${SALE_STATUS_PT[step.to]}`,
      text: `Sua venda nº ${row.id} em “${campaignName}” foi ${SALE_STATUS_PT[step.to]}.`,
    },
    data: { sale_id: row.id, commission_cents: row.commissionCents },
  };
}

/**
 * The approval of sales recorded as approved, for a whole batch at once inside its transaction: the
 * same steps as `transition` (status, rollups, ledger, audit, notification), one statement each.
 */
async function approveRecorded(
  tx: Db,
  recorded: {
    row: typeof sales.$inferSelect;
    actorId: number | null;
    userId: number;
    /** A split sale's first affiliate, told as well. */
    sharedUserId: number | null;
    campaignName: string;
  }[],
) {
  const now = new Date();
  const approved = new Map<number, typeof sales.$inferSelect>();
  // decided_by is the actor's: one update per actor (a batch usually has one, or only postbacks).
  for (const actorId of unique(recorded.map((r) => r.actorId))) {
    const rows = await tx
      .update(sales)
      .set({ status: 'approved', decidedAt: now, decidedBy: actorId, note: null })
      .where(
        and(
          inArray(
            sales.id,
            recorded.filter((r) => r.actorId === actorId).map((r) => r.row.id),
          ),
          eq(sales.status, 'pending'),
        ),
      )
      .returning();
    for (const row of rows) approved.set(row.id, row);
  }
  const rows = [...approved.values()];
  await moveSalesInStats(tx, rows, 'pending', 'approved');
  await queueSaleStepOutbox(tx, 'approve', [...approved.keys()]);
  await appendLedgerEntries(
    tx,
    rows.flatMap((row) =>
      sharesOf(row)
        .filter((share) => share.commissionCents > 0)
        .map((share) => ({
          affiliateId: share.affiliateId,
          kind: 'commission' as const,
          amountCents: share.commissionCents,
          saleId: row.id,
          at: now,
        })),
    ),
  );
  const done = recorded.flatMap((r) => {
    const row = approved.get(r.row.id);
    return row ? [{ ...r, row }] : [];
  });
  await auditAll(
    tx,
    done.map(({ row, actorId }) => ({
      actorId,
      action: 'sale.approve',
      entity: 'sale',
      entityId: row.id,
      before: { status: 'pending' },
      after: { status: 'approved', note: null },
    })),
  );
  await notifyEach(
    tx,
    done.flatMap(({ row, userId, sharedUserId, campaignName }) =>
      [userId, ...(sharedUserId === null ? [] : [sharedUserId])].map((to) => ({
        userId: to,
        notification: decisionNotification('approve', row, campaignName),
      })),
    ),
  );
  return approved;
}

/** approve, cancel or refund one sale (admin; actor null for the approval job). */
export async function decideSale(
  db: Db,
  actorId: number | null,
  id: number,
  action: SaleAction,
  note?: string,
): Promise<Sale> {
  const row = await db.transaction((tx) => transition(tx, id, action, actorId, note));
  if (action === 'chargeback') forgetChargebackRates(db, [row.affiliateId]);
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
      if (action === 'chargeback') forgetChargebackRates(db, [row.affiliateId]);
      results.push({ id, ok: true, status: row.status, error: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const status = (error.extensions?.status as Sale['status'] | undefined) ?? null;
      results.push({ id, ok: false, status, error: error.message });
    }
  }
  return { results };
}

/**
 * A merchant's chargeback of an order recorded before (a postback or a CSV row with status
 * `chargeback`): the same step as an admin's. Reported again, it answers the sale as it is.
 */
export async function chargebackOrder(
  db: Db,
  actorId: number | null,
  order: { campaignId: number; externalId: string },
): Promise<Sale> {
  const [row] = await db
    .select({ id: sales.id, status: sales.status })
    .from(sales)
    .where(and(eq(sales.campaignId, order.campaignId), eq(sales.externalId, order.externalId)));
  if (!row) throw refused('external_id', 'is not an order recorded on this campaign', 'UNKNOWN_ORDER');
  if (row.status === 'chargeback') return getSaleRow(db, ADMIN_VIEW, row.id);
  return decideSale(db, actorId, row.id, 'chargeback');
}
