import type { Dashboard, periodQuerySchema } from '@contract/metrics';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { affiliates, campaigns, clicks, redemptions, sales, users } from '../../db/schema';
import { availableBalance } from '../ledger/ledger.service';
import { dayAfter, dayStart } from '../sales/sales.repository';

type Period = z.output<typeof periodQuerySchema>;
/** Whose numbers: one affiliate's, or the programme's (optionally one network's). */
export type Scope = { affiliateId: number } | { networkId?: number };

const DAY_MS = 86_400_000;
/** Today in Brasília (UTC−3), as YYYY-MM-DD. */
const brasiliaDay = (at: number) => new Date(at - 3 * 3_600_000).toISOString().slice(0, 10);
/** A timestamp's Brasília day, in SQL. */
const dayOf = (column: typeof clicks.at | typeof sales.createdAt) =>
  sql<string>`to_char((${column} at time zone 'UTC') - interval '3 hours', 'YYYY-MM-DD')`;

export function resolvePeriod(query: Pick<Period, 'from' | 'to'>, now = Date.now()) {
  const to = query.to ?? brasiliaDay(now);
  const from = query.from ?? brasiliaDay(Date.parse(`${to}T12:00:00-03:00`) - 29 * DAY_MS);
  return { from, to, start: dayStart(from), end: dayAfter(to) };
}

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T12:00:00Z`); at <= Date.parse(`${to}T12:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** The dashboard of `/`: figures, a day-by-day series, best campaigns and latest sales. */
export async function getDashboard(db: Db, scope: Scope, query: Period): Promise<Dashboard> {
  const { from, to, start, end } = resolvePeriod(query);
  const networkId = 'networkId' in scope ? scope.networkId : undefined;
  const affiliateId = 'affiliateId' in scope ? scope.affiliateId : undefined;
  const inNetwork = (column: typeof clicks.affiliateId | typeof sales.affiliateId) =>
    networkId ? sql`${column} in (select id from ${affiliates} where network_id = ${networkId})` : undefined;
  const clickWhere = and(
    gte(clicks.at, start),
    lt(clicks.at, end),
    sql`not ${clicks.isBot} and not ${clicks.isRepeat}`,
    affiliateId ? eq(clicks.affiliateId, affiliateId) : undefined,
    inNetwork(clicks.affiliateId),
  );
  const saleWhere = and(
    gte(sales.createdAt, start),
    lt(sales.createdAt, end),
    affiliateId ? eq(sales.affiliateId, affiliateId) : undefined,
    inNetwork(sales.affiliateId),
  );
  const approved = sql`${sales.status} = 'approved'`;
  const [clickDays, saleDays, byCampaignClicks, byCampaignSales, pendings, latest, available, waiting] =
    await Promise.all([
      db
        .select({ day: dayOf(clicks.at), n: sql<number>`count(*)::int` })
        .from(clicks)
        .where(clickWhere)
        .groupBy(sql`1`),
      db
        .select({
          day: dayOf(sales.createdAt),
          n: sql<number>`count(*) filter (where ${approved})::int`,
          amount: sql<string>`coalesce(sum(${sales.amountCents}) filter (where ${approved}), 0)`,
          commission: sql<string>`coalesce(sum(${sales.commissionCents}) filter (where ${approved}), 0)`,
        })
        .from(sales)
        .where(saleWhere)
        .groupBy(sql`1`),
      db
        .select({ campaignId: clicks.campaignId, n: sql<number>`count(*)::int` })
        .from(clicks)
        .where(clickWhere)
        .groupBy(clicks.campaignId),
      db
        .select({
          campaignId: sales.campaignId,
          n: sql<number>`count(*)::int`,
          commission: sql<string>`coalesce(sum(${sales.commissionCents}), 0)`,
        })
        .from(sales)
        .where(and(saleWhere, approved))
        .groupBy(sales.campaignId),
      db
        .select({ n: sql<number>`count(*)::int`, commission: sql<string>`coalesce(sum(${sales.commissionCents}), 0)` })
        .from(sales)
        .where(and(saleWhere, eq(sales.status, 'pending'))),
      db
        .select({
          sale: sales,
          campaignName: campaigns.name,
          affiliateName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        })
        .from(sales)
        .innerJoin(campaigns, eq(campaigns.id, sales.campaignId))
        .innerJoin(affiliates, eq(affiliates.id, sales.affiliateId))
        .innerJoin(users, eq(users.id, affiliates.userId))
        .where(and(affiliateId ? eq(sales.affiliateId, affiliateId) : undefined, inNetwork(sales.affiliateId)))
        .orderBy(desc(sales.createdAt), desc(sales.id))
        .limit(5),
      affiliateId ? availableBalance(db, affiliateId) : Promise.resolve(null),
      affiliateId ? Promise.resolve(null) : waitingForAdmins(db),
    ]);

  const clicksOn = new Map(clickDays.map((r) => [r.day, Number(r.n)]));
  const salesOn = new Map(saleDays.map((r) => [r.day, r]));
  const series = daysBetween(from, to).map((d) => ({
    day: d,
    clicks: clicksOn.get(d) ?? 0,
    approved_sales: Number(salesOn.get(d)?.n ?? 0),
    approved_amount_cents: Number(salesOn.get(d)?.amount ?? 0),
    approved_commission_cents: Number(salesOn.get(d)?.commission ?? 0),
  }));
  const sum = (pick: (r: (typeof saleDays)[number]) => string | number) =>
    saleDays.reduce((s, r) => s + Number(pick(r)), 0);
  const clickTotal = series.reduce((s, d) => s + d.clicks, 0);
  const approvedSales = sum((r) => r.n);
  const approvedCommission = sum((r) => r.commission);
  const pending = pendings[0];

  const campaignIds = [
    ...new Set([...byCampaignClicks.map((r) => r.campaignId), ...byCampaignSales.map((r) => r.campaignId)]),
  ];
  const names = campaignIds.length
    ? await db
        .select({ id: campaigns.id, name: campaigns.name })
        .from(campaigns)
        .where(inArray(campaigns.id, campaignIds))
    : [];
  const top = names
    .map((c) => {
      const s = byCampaignSales.find((r) => r.campaignId === c.id);
      return {
        campaign_id: c.id,
        name: c.name,
        clicks: Number(byCampaignClicks.find((r) => r.campaignId === c.id)?.n ?? 0),
        approved_sales: Number(s?.n ?? 0),
        approved_commission_cents: Number(s?.commission ?? 0),
      };
    })
    .sort((a, b) => b.approved_commission_cents - a.approved_commission_cents || b.clicks - a.clicks)
    .slice(0, 5);

  return {
    from,
    to,
    totals: {
      clicks: clickTotal,
      approved_sales: approvedSales,
      approved_amount_cents: sum((r) => r.amount),
      conversion_bps: clickTotal ? Math.round((approvedSales * 10_000) / clickTotal) : null,
      epc_cents: clickTotal ? Math.round(approvedCommission / clickTotal) : null,
      approved_commission_cents: approvedCommission,
      pending_sales: Number(pending?.n ?? 0),
      pending_commission_cents: Number(pending?.commission ?? 0),
    },
    series,
    top_campaigns: top,
    latest_sales: latest.map((r) => ({
      id: r.sale.id,
      campaign_name: r.campaignName,
      affiliate_name: r.affiliateName,
      amount_cents: r.sale.amountCents,
      commission_cents: r.sale.commissionCents,
      status: r.sale.status,
      created_at: r.sale.createdAt.toISOString(),
    })),
    available_cents: available,
    waiting,
  };
}

async function waitingForAdmins(db: Db) {
  const [[pendingAffiliates], [flagged], [open]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(affiliates).where(eq(affiliates.status, 'pending')),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sales)
      .where(and(eq(sales.status, 'pending'), sql`jsonb_array_length(${sales.flags}) > 0`)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(redemptions)
      .where(inArray(redemptions.status, ['requested', 'approved'])),
  ]);
  return {
    pending_affiliates: Number(pendingAffiliates?.n ?? 0),
    flagged_sales: Number(flagged?.n ?? 0),
    open_redemptions: Number(open?.n ?? 0),
  };
}
