import { daysOf, resolvePeriod } from '@contract/calendar';
import { OPEN_REDEMPTION_STATUSES } from '@contract/ledger';
import type { Dashboard, periodQuerySchema } from '@contract/metrics';
import { and, type Column, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  affiliates,
  campaigns,
  dailyAffiliateStatsNow,
  dailyCampaignStats,
  dailyStatsNow,
  redemptions,
  sales,
  users,
} from '../../db/schema';
import { availableBalance } from '../ledger/ledger.service';
import { sharedSaleCounts } from './shared-sales';

type Period = z.output<typeof periodQuerySchema>;
/** Whose numbers: one affiliate's, or the programme's (optionally one network's). */
export type Scope = { affiliateId: number } | { networkId?: number };

/** The dashboard of `/`: figures, a day-by-day series, best campaigns and latest sales. */
export async function getDashboard(db: Db, scope: Scope, query: Period): Promise<Dashboard> {
  const { from, to } = resolvePeriod(query);
  const networkId = 'networkId' in scope ? scope.networkId : undefined;
  const affiliateId = 'affiliateId' in scope ? scope.affiliateId : undefined;
  // Figures come from the daily rollups (kept current with every click and sale), the smallest that
  // answers: the programme's by campaign, a network's by affiliate, one affiliate's by affiliate and
  // campaign. Only the latest sales are read from the sales themselves.
  const inPeriod = (day: Column) => sql`${day} between ${from}::date and ${to}::date`;
  const ofNetwork = (affiliate: Column) =>
    networkId ? sql`${affiliate} in (select id from ${affiliates} where network_id = ${networkId})` : undefined;
  const scoped = and(
    inPeriod(dailyStatsNow.day),
    affiliateId ? eq(dailyStatsNow.affiliateId, affiliateId) : undefined,
    ofNetwork(dailyStatsNow.affiliateId),
  );
  const figures = (t: typeof dailyStatsNow | typeof dailyCampaignStats | typeof dailyAffiliateStatsNow) => ({
    clicks: sql<string>`coalesce(sum(${t.clicks}), 0)`,
    n: sql<string>`coalesce(sum(${t.approvedSales}), 0)`,
    amount: sql<string>`coalesce(sum(${t.approvedAmountCents}), 0)`,
    commission: sql<string>`coalesce(sum(${t.approvedCommissionCents}), 0)`,
    pendingSales: sql<string>`coalesce(sum(${t.pendingSales}), 0)`,
    pendingCommission: sql<string>`coalesce(sum(${t.pendingCommissionCents}), 0)`,
  });
  const dayOf = (t: { day: Column }) => sql<string>`to_char(${t.day}, 'YYYY-MM-DD')`;
  const programme = !affiliateId && !networkId;
  const programmeWide = { table: dailyCampaignStats, where: inPeriod(dailyCampaignStats.day) };
  const perDay = affiliateId
    ? { table: dailyStatsNow, where: scoped }
    : programme
      ? programmeWide
      : {
          table: dailyAffiliateStatsNow,
          where: and(inPeriod(dailyAffiliateStatsNow.day), ofNetwork(dailyAffiliateStatsNow.affiliateId)),
        };
  const perCampaign = programme ? programmeWide : { table: dailyStatsNow, where: scoped };
  const [days, byCampaign, latest, available, waiting, shared] = await Promise.all([
    db
      .select({ day: dayOf(perDay.table), ...figures(perDay.table) })
      .from(perDay.table)
      .where(perDay.where)
      .groupBy(perDay.table.day),
    db
      .select({ campaignId: perCampaign.table.campaignId, ...figures(perCampaign.table) })
      .from(perCampaign.table)
      .where(perCampaign.where)
      .groupBy(perCampaign.table.campaignId),
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
      .where(
        and(
          // An affiliate's latest: their own, and those they share as a split's first click. Each
          // side's five newest from its own index: an OR would read every sale of a busy affiliate.
          affiliateId
            ? sql`${sales.id} in (
                (select id from ${sales} where affiliate_id = ${affiliateId} order by created_at desc, id desc limit 5)
                union all
                (select id from ${sales} where shared_affiliate_id = ${affiliateId} order by created_at desc, id desc limit 5))`
            : undefined,
          ofNetwork(sales.affiliateId),
        ),
      )
      .orderBy(desc(sales.createdAt), desc(sales.id))
      .limit(5),
    affiliateId ? availableBalance(db, affiliateId) : Promise.resolve(null),
    affiliateId ? Promise.resolve(null) : waitingForAdmins(db),
    // An affiliate's own figures count the split sales they share, where their commission counts.
    affiliateId ? sharedSaleCounts(db, affiliateId, { from, to }) : Promise.resolve([]),
  ]);
  const none = { clicks: '0', n: '0', amount: '0', commission: '0', pendingSales: '0', pendingCommission: '0' };
  for (const row of shared) {
    let day = days.find((d) => d.day === row.day);
    if (!day) {
      day = { day: row.day, ...none };
      days.push(day);
    }
    day.n = String(Number(day.n) + row.approved);
    day.pendingSales = String(Number(day.pendingSales) + row.pending);
    let campaign = byCampaign.find((c) => c.campaignId === row.campaignId);
    if (!campaign) {
      campaign = { campaignId: row.campaignId, ...none };
      byCampaign.push(campaign);
    }
    campaign.n = String(Number(campaign.n) + row.approved);
  }

  const on = new Map(days.map((r) => [r.day, r]));
  const series = daysOf(from, to).map((d) => ({
    day: d,
    clicks: Number(on.get(d)?.clicks ?? 0),
    approved_sales: Number(on.get(d)?.n ?? 0),
    approved_amount_cents: Number(on.get(d)?.amount ?? 0),
    approved_commission_cents: Number(on.get(d)?.commission ?? 0),
  }));
  const sum = (pick: (r: (typeof days)[number]) => string | number) => days.reduce((s, r) => s + Number(pick(r)), 0);
  const clickTotal = sum((r) => r.clicks);
  const approvedSales = sum((r) => r.n);
  const approvedCommission = sum((r) => r.commission);
  const pending = { n: sum((r) => r.pendingSales), commission: sum((r) => r.pendingCommission) };

  const campaignIds = byCampaign.map((r) => r.campaignId);
  const names = campaignIds.length
    ? await db
        .select({ id: campaigns.id, name: campaigns.name })
        .from(campaigns)
        .where(inArray(campaigns.id, campaignIds))
    : [];
  const top = names
    .map((c) => {
      const s = byCampaign.find((r) => r.campaignId === c.id);
      return {
        campaign_id: c.id,
        name: c.name,
        clicks: Number(s?.clicks ?? 0),
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
      // A split's first affiliate never learns who the owner is.
      affiliate_name: affiliateId && r.sale.sharedAffiliateId === affiliateId ? '' : r.affiliateName,
      amount_cents: r.sale.amountCents,
      commission_cents: !affiliateId
        ? r.sale.commissionCents
        : r.sale.sharedAffiliateId === affiliateId
          ? r.sale.sharedCommissionCents
          : r.sale.commissionCents - r.sale.sharedCommissionCents,
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
      // Written as the partial index `sales_flagged_idx` is, so the count reads only that index.
      .where(sql`${sales.status} = 'pending' and jsonb_array_length(${sales.flags}) > 0`),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(redemptions)
      .where(inArray(redemptions.status, [...OPEN_REDEMPTION_STATUSES])),
  ]);
  return {
    pending_affiliates: Number(pendingAffiliates?.n ?? 0),
    flagged_sales: Number(flagged?.n ?? 0),
    open_redemptions: Number(open?.n ?? 0),
  };
}
