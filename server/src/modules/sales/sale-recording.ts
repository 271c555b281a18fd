import type { SALE_SOURCES, Sale, saleBodySchema } from '@contract/sales';
import { and, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { campaigns, sales } from '../../db/schema';
import { AppError } from '../../errors';
import { type Attribution, attribute, attributionNote, mayEarn, refused } from '../attribution/attribution';
import { type AffiliateRow, findCandidates, subscriptionKey } from '../attribution/candidates';
import { type SaleForChecks, saleCheckContext, saleFlags } from '../fraud/fraud-checks';
import { currentFraudRules } from '../fraud/fraud-rules.service';
import { type ChargeOf, computeChargeCommission } from './commission';
import { type NewSale, writeSaleStep } from './sale-step';
import { getSaleRows, recordedRow, toSale, type Viewer } from './sales.repository';

/** A sale as any source hands it in, after validation (admin form, CSV row or postback). */
export type SaleInput = z.output<typeof saleBodySchema>;
export type SaleSource = (typeof SALE_SOURCES)[number];

export type RecordDeps = {
  /** Writes the clicks still in memory, so a postback right after its click still finds it. */
  flushClicks: () => Promise<void>;
};

const ADMIN_VIEW: Viewer = { isAdmin: true };
const DAY_MS = 86_400_000;

/** One sale to record: what was sent, by whom, and when it arrived (its `created_at`). */
export type SaleRequest = { input: SaleInput; meta: SaleMeta; at: Date };
export type SaleMeta = {
  source: SaleSource;
  actorId: number | null;
  /**
   * The platform says the money is in (a checkout's paid event): the sale is approved at once when
   * the campaign holds nothing for its payment method, else it waits for its hold like any other.
   */
  paid?: boolean;
  /** A row its source keeps with the sale, written in the sale's statement when the sale is new. */
  companion?: NewSale['companion'];
};
/** `companionId`: the companion row written with a new sale (null when none was, as for a repeat). */
export type Recorded = { sale: Sale; created: boolean; companionId: number | null };
/** Each request of a batch succeeds or fails on its own. */
export type SaleOutcome = { ok: true; value: Recorded } | { ok: false; error: unknown };

/** The fields that must match when the same (campaign, order id) arrives again. */
function sameContent(sale: typeof sales.$inferSelect, input: SaleInput) {
  return sale.amountCents === input.amount_cents && sale.paymentMethod === input.payment_method;
}

const unique = <T>(values: T[]) => [...new Set(values)];

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
      const { owner, by, click, linkClick, sharedWith, sharedClick } = attribution;
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
        asksApproved: input.status === 'approved' || (meta.paid === true && holdDays === 0),
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
          sharedLinkId: shared ? (sharedClick?.click.linkId ?? null) : null,
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
  const created = new Map<number, { sale: Sale; companionId: number | null }>();
  const at = new Date();
  // One sale step for the whole batch: a statement, atomic by itself (sales/sale-step.ts).
  const changed = await writeSaleStep(db, {
    kind: 'record',
    at,
    sales: fresh.map((entry) => ({
      ...entry.values,
      status: entry.approveNow ? 'approved' : 'pending',
      actorId: requests[entry.index]?.meta.actorId ?? null,
      companion: requests[entry.index]?.meta.companion,
    })),
  });
  const written = new Map(changed.map((row) => [row.n, row]));
  fresh.forEach((entry, n) => {
    const row = written.get(n);
    // Another server or batch recorded the same order a moment ago: a repeat, after this write.
    if (row === undefined) {
      repeats.push({ index: entry.index, key: orderKey(entry.values.campaignId, entry.values.externalId ?? '') });
      return;
    }
    const actorId = requests[entry.index]?.meta.actorId ?? null;
    // The answer is made from what is at hand: reading the batch back would cost a round trip.
    const sale = toSale(
      {
        sale: recordedRow(entry.values, row, row.status === 'approved' ? { at, actorId } : null),
        campaignName: entry.campaignName,
        affiliateCode: entry.owner.affiliate.code,
        networkId: entry.owner.affiliate.networkId,
        firstName: entry.owner.firstName ?? '',
        lastName: entry.owner.lastName ?? '',
        sharedAffiliateName:
          entry.values.sharedAffiliateId && entry.sharedWith
            ? `${entry.sharedWith.firstName ?? ''} ${entry.sharedWith.lastName ?? ''}`
            : null,
      },
      ADMIN_VIEW,
    );
    created.set(entry.index, { sale, companionId: row.companionId });
  });
  for (const [index, { sale, companionId }] of created) {
    outcomes[index] = { ok: true, value: { sale, created: true, companionId } };
  }

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
      ? { ok: true, value: { sale, created: false, companionId: null } }
      : { ok: false, error: new Error(`sale ${id} vanished`) };
  }
  return outcomes.map((outcome) => outcome ?? { ok: false, error: new Error('sale left without an answer') });
}
