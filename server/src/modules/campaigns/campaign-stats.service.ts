import type { CampaignStats } from '@contract/campaigns';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliates, dailyStatsNow, users } from '../../db/schema';
import { type AuthUser, viewerOf } from '../../plugins/auth';
import { sharedEarningSalesByAffiliate } from '../metrics/shared-sales';
import { getCampaignById } from './campaigns.service';

type Results = CampaignStats['totals'];

/**
 * Counted clicks (no bots, no repeats) and the sales that earn (pending or approved) per affiliate on
 * one campaign, from the daily rollup (it grows with days, not with clicks). An affiliate sees only
 * their own line, with the split sales they share counted (an admin's lines count a sale once, for
 * its owner).
 */
export async function getCampaignStats(db: Db, user: AuthUser, campaignId: number): Promise<CampaignStats> {
  await getCampaignById(db, campaignId);
  const viewer = viewerOf(user);
  const only = viewer.isAdmin ? null : viewer.affiliateId;
  const found = await db
    .select({
      affiliateId: dailyStatsNow.affiliateId,
      clicks: sql<string>`sum(${dailyStatsNow.clicks})`,
      sales: sql<string>`sum(${dailyStatsNow.pendingSales} + ${dailyStatsNow.approvedSales})`,
      commission: sql<string>`sum(${dailyStatsNow.pendingCommissionCents} + ${dailyStatsNow.approvedCommissionCents})`,
      approved: sql<string>`sum(${dailyStatsNow.approvedCommissionCents})`,
    })
    .from(dailyStatsNow)
    .where(
      and(eq(dailyStatsNow.campaignId, campaignId), only === null ? undefined : eq(dailyStatsNow.affiliateId, only)),
    )
    .groupBy(dailyStatsNow.affiliateId);
  // Each affiliate's line counts the split sales they share, where their commission counts; the
  // campaign's totals count each sale once (for its owner, as the rollups do).
  const shared = await sharedEarningSalesByAffiliate(db, campaignId, only ?? undefined);
  const byAffiliate = new Map<number, Results>();
  const totals: Results = { clicks: 0, sales: 0, commission_cents: 0, approved_commission_cents: 0 };
  for (const row of found) {
    const own = Number(row.sales);
    const line = {
      clicks: Number(row.clicks),
      sales: own + (shared.get(row.affiliateId) ?? 0),
      commission_cents: Number(row.commission),
      approved_commission_cents: Number(row.approved),
    };
    // Rows left by refunded or cancelled sales alone earn nothing and show no line.
    if (line.clicks === 0 && line.sales === 0) continue;
    byAffiliate.set(row.affiliateId, line);
    totals.clicks += line.clicks;
    totals.sales += only === null ? own : line.sales;
    totals.commission_cents += line.commission_cents;
    totals.approved_commission_cents += line.approved_commission_cents;
  }
  if (only !== null || byAffiliate.size === 0) return { totals, affiliates: [] };
  const people = await db
    .select({ id: affiliates.id, code: affiliates.code, firstName: users.firstName, lastName: users.lastName })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(
      sql`${affiliates.id} in (${sql.join(
        [...byAffiliate.keys()].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const rows = people.map((p) => ({
    affiliate_id: p.id,
    name: `${p.firstName} ${p.lastName}`,
    code: p.code,
    ...(byAffiliate.get(p.id) as Results),
  }));
  rows.sort((a, b) => b.commission_cents - a.commission_cents || b.clicks - a.clicks);
  return { totals, affiliates: rows };
}
