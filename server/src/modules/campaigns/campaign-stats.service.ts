import type { CampaignStats } from '@contract/campaigns';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliates, clicks, sales, users } from '../../db/schema';
import { viewerOf } from '../sales/sales.service';
import { getCampaignById } from './campaigns.service';

type Results = CampaignStats['totals'];

/**
 * Counted clicks (no bots, no repeats) and the sales that earn (pending or approved) per affiliate on
 * one campaign. An affiliate sees only their own line.
 */
export async function getCampaignStats(
  db: Db,
  user: { id: number; role: string },
  campaignId: number,
): Promise<CampaignStats> {
  await getCampaignById(db, campaignId);
  const viewer = await viewerOf(db, user);
  const only = viewer.isAdmin ? null : viewer.affiliateId;
  const [clickRows, saleRows] = await Promise.all([
    db
      .select({ affiliateId: clicks.affiliateId, n: sql<number>`count(*)::int` })
      .from(clicks)
      .where(
        and(
          eq(clicks.campaignId, campaignId),
          sql`not ${clicks.isBot} and not ${clicks.isRepeat}`,
          only === null ? undefined : eq(clicks.affiliateId, only),
        ),
      )
      .groupBy(clicks.affiliateId),
    db
      .select({
        affiliateId: sales.affiliateId,
        n: sql<number>`count(*)::int`,
        commission: sql<string>`sum(${sales.commissionCents})`,
        approved: sql<string>`coalesce(sum(${sales.commissionCents}) filter (where ${sales.status} = 'approved'), 0)`,
      })
      .from(sales)
      .where(
        and(
          eq(sales.campaignId, campaignId),
          sql`${sales.status} in ('pending', 'approved')`,
          only === null ? undefined : eq(sales.affiliateId, only),
        ),
      )
      .groupBy(sales.affiliateId),
  ]);
  const byAffiliate = new Map<number, Results>();
  const line = (id: number) => {
    const found = byAffiliate.get(id) ?? { clicks: 0, sales: 0, commission_cents: 0, approved_commission_cents: 0 };
    byAffiliate.set(id, found);
    return found;
  };
  for (const row of clickRows) line(row.affiliateId).clicks = Number(row.n);
  for (const row of saleRows) {
    const found = line(row.affiliateId);
    found.sales = Number(row.n);
    found.commission_cents = Number(row.commission);
    found.approved_commission_cents = Number(row.approved);
  }
  const totals: Results = { clicks: 0, sales: 0, commission_cents: 0, approved_commission_cents: 0 };
  for (const r of byAffiliate.values()) {
    totals.clicks += r.clicks;
    totals.sales += r.sales;
    totals.commission_cents += r.commission_cents;
    totals.approved_commission_cents += r.approved_commission_cents;
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
