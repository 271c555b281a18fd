import { dayAfter, dayStart } from '@contract/calendar';
import type { Sale, SaleEvent, SaleTotals, saleListQuerySchema } from '@contract/sales';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { affiliates, auditLog, campaigns, clicks, ledgerEntries, links, sales, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Viewer } from '../../plugins/auth';
import type { ChangedSale } from './sale-step';

export type SaleListQuery = z.output<typeof saleListQuerySchema>;

export type { Viewer } from '../../plugins/auth';

const saleColumns = {
  sale: sales,
  campaignName: campaigns.name,
  affiliateCode: affiliates.code,
  networkId: affiliates.networkId,
  firstName: users.firstName,
  lastName: users.lastName,
  // A split sale's first-click affiliate, named where the sale is shown (an admin's view).
  sharedAffiliateName: sql<string | null>`(select su.first_name || ' ' || su.last_name
    from ${affiliates} sa join ${users} su on su.id = sa.user_id where sa.id = ${sales.sharedAffiliateId})`,
};
type SaleRow = {
  sale: typeof sales.$inferSelect;
  campaignName: string;
  affiliateCode: string;
  networkId: number | null;
  firstName: string;
  lastName: string;
  sharedAffiliateName: string | null;
};

/** j***@example.com: an affiliate sees that a buyer left an address, not whose it is. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * What a viewer sees of a split sale (docs/decisions/021): an affiliate their own share as the
 * commission, and the other affiliate's share without their code; an admin everything.
 */
function sharedView(sale: SaleRow['sale'], viewer: Viewer) {
  const { commission } = sale;
  if (viewer.isAdmin || !commission.shares) {
    return { commissionCents: sale.commissionCents, commission, asFirst: null };
  }
  const mine = commission.shares.find((share) => share.affiliate_id === viewer.affiliateId);
  return {
    commissionCents: mine?.commission_cents ?? sale.commissionCents,
    commission: {
      ...commission,
      shares: commission.shares.map((share) =>
        share.affiliate_id === viewer.affiliateId ? share : { ...share, affiliate_id: 0, affiliate_code: null },
      ),
    },
    // The first affiliate reads the sale as theirs: their id and code, not the other's.
    asFirst: mine?.role === 'first' ? mine : null,
  };
}

export function toSale(row: SaleRow, viewer: Viewer): Sale {
  const { sale } = row;
  const view = sharedView(sale, viewer);
  return {
    id: sale.id,
    campaign_id: sale.campaignId,
    campaign_name: row.campaignName,
    affiliate_id: view.asFirst ? view.asFirst.affiliate_id : sale.affiliateId,
    affiliate_name: view.asFirst ? '' : `${row.firstName} ${row.lastName}`,
    affiliate_code: view.asFirst ? (view.asFirst.affiliate_code ?? '') : row.affiliateCode,
    shared_affiliate_name: viewer.isAdmin ? (row.sharedAffiliateName ?? null) : null,
    network_id: row.networkId,
    click_id: sale.clickId,
    external_id: sale.externalId,
    amount_cents: sale.amountCents,
    currency: sale.currency,
    payment_method: sale.paymentMethod,
    origin: sale.origin,
    source: sale.source,
    status: sale.status,
    commission_cents: view.commissionCents,
    commission: view.commission,
    flags: sale.flags,
    customer_email:
      sale.customerEmail && !viewer.isAdmin ? maskEmail(sale.customerEmail) : (sale.customerEmail ?? null),
    attributed_by: sale.attributedBy,
    subscription_id: sale.subscriptionId,
    charge_number: sale.chargeNumber,
    payable_at: sale.payableAt.toISOString(),
    created_at: sale.createdAt.toISOString(),
    decided_at: sale.decidedAt?.toISOString() ?? null,
    refunded_at: sale.refundedAt?.toISOString() ?? null,
    charged_back_at: sale.chargedBackAt?.toISOString() ?? null,
    note: sale.note,
  };
}

/** The row a new sale became, from what was written (the database adds only its id and defaults). */
export function recordedRow(
  values: typeof sales.$inferInsert,
  { id, networkId, status }: ChangedSale,
  decided: { at: Date; actorId: number | null } | null,
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
    status,
    commissionCents: values.commissionCents,
    commission: values.commission,
    flags: values.flags ?? [],
    customerEmail: values.customerEmail ?? null,
    attributedBy: values.attributedBy,
    sharedAffiliateId: values.sharedAffiliateId ?? null,
    sharedCommissionCents: values.sharedCommissionCents ?? 0,
    sharedAmountCents: values.sharedAmountCents ?? 0,
    sharedLinkId: values.sharedLinkId ?? null,
    couponId: values.couponId ?? null,
    subscriptionId: values.subscriptionId ?? null,
    chargeNumber: values.chargeNumber ?? null,
    networkId,
    payableAt: values.payableAt,
    createdAt: values.createdAt ?? new Date(),
    decidedAt: decided?.at ?? null,
    decidedBy: decided?.actorId ?? null,
    refundedAt: null,
    chargedBackAt: null,
    note: null,
  };
}

function selectSales(db: Db) {
  return db
    .select(saleColumns)
    .from(sales)
    .innerJoin(campaigns, eq(campaigns.id, sales.campaignId))
    .innerJoin(affiliates, eq(affiliates.id, sales.affiliateId))
    .innerJoin(users, eq(users.id, affiliates.userId));
}

/** An affiliate's sales: their own, and those they share as a split's first click (docs/decisions/021). */
const ofAffiliate = (affiliateId: number) =>
  or(eq(sales.affiliateId, affiliateId), eq(sales.sharedAffiliateId, affiliateId));

function filtersOf(viewer: Viewer, query: SaleListQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [
    viewer.isAdmin ? undefined : ofAffiliate(viewer.affiliateId),
    query.from ? gte(sales.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(sales.createdAt, dayAfter(query.to)) : undefined,
    query.status ? eq(sales.status, query.status) : undefined,
    query.campaign_id ? eq(sales.campaignId, query.campaign_id) : undefined,
    query.affiliate_id && viewer.isAdmin ? ofAffiliate(query.affiliate_id) : undefined,
    query.network_id ? eq(affiliates.networkId, query.network_id) : undefined,
    query.payment_method ? eq(sales.paymentMethod, query.payment_method) : undefined,
    query.origin ? eq(sales.origin, query.origin) : undefined,
    query.subscription_id ? eq(sales.subscriptionId, query.subscription_id) : undefined,
    query.flagged === 'true' ? sql`jsonb_array_length(${sales.flags}) > 0` : undefined,
    query.flagged === 'false' ? sql`jsonb_array_length(${sales.flags}) = 0` : undefined,
  ];
  if (query.q) {
    const like = `%${query.q.replace(/[%_\\]/g, '\\$&')}%`;
    filters.push(
      sql`(${sales.externalId} ilike ${like} or ${campaigns.name} ilike ${like}${
        viewer.isAdmin
          ? sql` or ${affiliates.code} ilike ${like} or ${users.firstName} || ' ' || ${users.lastName} ilike ${like} or ${sales.customerEmail} ilike ${like}`
          : sql``
      })`,
    );
  }
  return and(...filters.filter((f): f is SQL => f !== undefined));
}

const ORDER = {
  created_at: [asc(sales.createdAt), asc(sales.id)],
  '-created_at': [desc(sales.createdAt), desc(sales.id)],
  amount_cents: [asc(sales.amountCents), asc(sales.id)],
  '-amount_cents': [desc(sales.amountCents), desc(sales.id)],
  commission_cents: [asc(sales.commissionCents), asc(sales.id)],
  '-commission_cents': [desc(sales.commissionCents), desc(sales.id)],
} as const;

/** The commission a viewer earns on a sale: all of it for an admin, an affiliate's own share. */
const commissionOf = (viewer: Viewer) =>
  viewer.isAdmin
    ? sql`${sales.commissionCents}`
    : sql`case when ${sales.affiliateId} = ${viewer.affiliateId} then ${sales.commissionCents} - ${sales.sharedCommissionCents} else ${sales.sharedCommissionCents} end`;

const totalsColumns = (viewer: Viewer) => {
  const commission = commissionOf(viewer);
  return {
    count: count(),
    amount: sql<string>`coalesce(sum(${sales.amountCents}), 0)`,
    commission: sql<string>`coalesce(sum(${commission}) filter (where ${sales.status} in ('pending', 'approved')), 0)`,
    approved: sql<string>`coalesce(sum(${commission}) filter (where ${sales.status} = 'approved'), 0)`,
    pending: sql<string>`coalesce(sum(${commission}) filter (where ${sales.status} = 'pending'), 0)`,
  };
};

export async function findSaleRows(db: Db, viewer: Viewer, query: SaleListQuery) {
  const where = filtersOf(viewer, query);
  const [rows, [totals]] = await Promise.all([
    selectSales(db)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select(totalsColumns(viewer))
      .from(sales)
      .innerJoin(campaigns, eq(campaigns.id, sales.campaignId))
      .innerJoin(affiliates, eq(affiliates.id, sales.affiliateId))
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(where),
  ]);
  const saleTotals: SaleTotals = {
    count: totals?.count ?? 0,
    amount_cents: Number(totals?.amount ?? 0),
    commission_cents: Number(totals?.commission ?? 0),
    approved_commission_cents: Number(totals?.approved ?? 0),
    pending_commission_cents: Number(totals?.pending ?? 0),
  };
  return { items: rows.map((row) => toSale(row, viewer)), total: saleTotals.count, totals: saleTotals };
}

/** Every sale the filters match, oldest first, in pages (the CSV export streams them). */
export async function* iterateSales(db: Db, viewer: Viewer, query: SaleListQuery, pageSize = 1000) {
  for (let page = 1; ; page++) {
    const rows = await selectSales(db)
      .where(filtersOf(viewer, query))
      .orderBy(...ORDER[query.sort])
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    for (const row of rows) yield toSale(row, viewer);
    if (rows.length < pageSize) return;
  }
}

export async function getSaleRow(db: Db, viewer: Viewer, id: number): Promise<Sale> {
  const [row] = await selectSales(db).where(
    and(eq(sales.id, id), viewer.isAdmin ? undefined : ofAffiliate(viewer.affiliateId)),
  );
  if (!row) throw new AppError('NOT_FOUND', `Sale ${id} not found.`);
  return toSale(row, viewer);
}

/** Several sales by id (a batch just recorded), as an admin sees them. */
export async function getSaleRows(db: Db, ids: number[]): Promise<Map<number, Sale>> {
  if (ids.length === 0) return new Map();
  const rows = await selectSales(db).where(inArray(sales.id, ids));
  return new Map(rows.map((row) => [row.sale.id, toSale(row, { isAdmin: true })]));
}

/** The sale's story: its click, its record and decisions (who from the audit log), and its ledger lines. */
export async function getSaleStory(db: Db, sale: Sale) {
  const [clickRows, decisions, ledger] = await Promise.all([
    sale.click_id
      ? db
          .select({ click: clicks, link: links })
          .from(clicks)
          .innerJoin(links, eq(links.id, clicks.linkId))
          .where(eq(clicks.id, sale.click_id))
      : Promise.resolve([]),
    db
      .select({ entry: auditLog, firstName: users.firstName, lastName: users.lastName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(eq(auditLog.entity, 'sale'), eq(auditLog.entityId, String(sale.id))))
      .orderBy(asc(auditLog.id)),
    db.select().from(ledgerEntries).where(eq(ledgerEntries.saleId, sale.id)).orderBy(asc(ledgerEntries.id)),
  ]);
  const found = clickRows[0];
  // Who made each step and why, when the audit log has it (sales imported before it may not).
  const decisionOf = (action: string) => {
    const row = decisions.find((d) => d.entry.action === action);
    if (!row) return {};
    const after = row.entry.after as { note?: string | null } | null;
    return {
      actor_name: row.firstName === null ? null : `${row.firstName} ${row.lastName}`,
      note: after?.note ?? null,
    };
  };
  const timeline: SaleEvent[] = [];
  if (found) timeline.push({ at: found.click.at.toISOString(), kind: 'click' });
  timeline.push({ at: sale.created_at, kind: 'sale', ...decisionOf('sale.create') });
  if (sale.decided_at && sale.status !== 'pending') {
    const kind = sale.status === 'cancelled' ? 'cancelled' : 'approved';
    timeline.push({ at: sale.decided_at, kind, ...decisionOf(kind === 'cancelled' ? 'sale.cancel' : 'sale.approve') });
  }
  if (sale.refunded_at) timeline.push({ at: sale.refunded_at, kind: 'refunded', ...decisionOf('sale.refund') });
  if (sale.charged_back_at) {
    timeline.push({ at: sale.charged_back_at, kind: 'chargeback', ...decisionOf('sale.chargeback') });
  }
  for (const line of ledger) {
    timeline.push({
      at: line.createdAt.toISOString(),
      kind: 'ledger',
      ledger_kind: line.kind,
      amount_cents: line.amountCents,
    });
  }
  // Stable: at the same instant the decision comes before the ledger line it caused.
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  const click = found
    ? {
        at: found.click.at.toISOString(),
        referrer: found.click.referrer,
        link_code: found.link.code,
        sub_id: found.link.subId,
        utm_source: found.link.utmSource,
        utm_medium: found.link.utmMedium,
        utm_campaign: found.link.utmCampaign,
      }
    : null;
  return { timeline, click, clickAffiliateId: found?.click.affiliateId ?? null };
}
