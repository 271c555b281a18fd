import type { Campaign, CampaignFigures } from '@contract/campaigns';
import { ADMIN_ROLE } from '@contract/session';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dailyCampaignStats, levels } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { computeCommission } from '../sales/commission';

type Totals = { clicks: number; sales: number; commissionCents: number; approvedSales: number; approvedCents: number };

/** a / b rounded half up, exactly (BigInt: the sums are money). */
function divideHalfUp(a: number, b: number): number {
  const [n, d] = [BigInt(a), BigInt(b)];
  const whole = n / d;
  return Number((n % d) * 2n >= d ? whole + 1n : whole);
}

/** The figures of one campaign from its all-time totals; the level's rate applies when it has no rule. */
export function figuresOf(
  campaign: Pick<Campaign, 'commission_type' | 'commission_value'>,
  totals: Totals | undefined,
  levelBps: number | null,
): CampaignFigures {
  const averageOrder =
    totals && totals.approvedSales > 0 ? divideHalfUp(totals.approvedCents, totals.approvedSales) : null;
  const hasRule = campaign.commission_type !== null || levelBps !== null;
  const saleCommission =
    averageOrder === null || !hasRule
      ? null
      : computeCommission(averageOrder, {
          campaignType: campaign.commission_type,
          campaignValue: campaign.commission_value,
          level: levelBps === null ? null : { name: '', commissionBps: levelBps },
        }).commission_cents;
  const clicks = totals?.clicks ?? 0;
  return {
    average_order_cents: averageOrder,
    // A fixed commission is known before any sale; a percent one needs an average order to apply to.
    sale_commission_cents:
      campaign.commission_type === 'fixed' && campaign.commission_value !== null && averageOrder === null
        ? campaign.commission_value
        : saleCommission,
    epc_cents: clicks > 0 ? divideHalfUp(totals?.commissionCents ?? 0, clicks) : null,
    conversion_bps: clicks > 0 ? divideHalfUp((totals?.sales ?? 0) * 10_000, clicks) : null,
  };
}

/**
 * Each campaign's figures, programme-wide for everyone: an affiliate picking a campaign wants to know
 * how it sells across the programme (as affiliate networks show a network-wide EPC), and a newcomer
 * has no traffic of their own to judge by. Sums of every affiliate's traffic name nobody. Only the
 * commission of an average sale is the viewer's own: without a campaign rule it is their level's rate.
 * Read from `daily_campaign_stats` (a row per campaign and day), never from the sales.
 */
export async function findCampaignFigures(
  db: Db,
  user: AuthUser,
  found: Campaign[],
): Promise<Map<number, CampaignFigures>> {
  const figures = new Map<number, CampaignFigures>();
  if (found.length === 0) return figures;
  const rows = await db
    .select({
      campaignId: dailyCampaignStats.campaignId,
      clicks: sql<string>`sum(${dailyCampaignStats.clicks})`,
      sales: sql<string>`sum(${dailyCampaignStats.pendingSales} + ${dailyCampaignStats.approvedSales})`,
      commission: sql<string>`sum(${dailyCampaignStats.pendingCommissionCents} + ${dailyCampaignStats.approvedCommissionCents})`,
      approvedSales: sql<string>`sum(${dailyCampaignStats.approvedSales})`,
      approvedCents: sql<string>`sum(${dailyCampaignStats.approvedAmountCents})`,
    })
    .from(dailyCampaignStats)
    .where(
      inArray(
        dailyCampaignStats.campaignId,
        found.map((c) => c.id),
      ),
    )
    .groupBy(dailyCampaignStats.campaignId);
  const totals = new Map(
    rows.map((r) => [
      Number(r.campaignId),
      {
        clicks: Number(r.clicks),
        sales: Number(r.sales),
        commissionCents: Number(r.commission),
        approvedSales: Number(r.approvedSales),
        approvedCents: Number(r.approvedCents),
      },
    ]),
  );
  const levelBps = user.role === ADMIN_ROLE ? null : await levelRateOf(db, user.affiliate?.levelId ?? null);
  for (const campaign of found) figures.set(campaign.id, figuresOf(campaign, totals.get(campaign.id), levelBps));
  return figures;
}

/** The rate of the affiliate's level (as the session read it), or null without a level. */
async function levelRateOf(db: Db, levelId: number | null): Promise<number | null> {
  if (levelId === null) return null;
  const [row] = await db.select({ bps: levels.commissionBps }).from(levels).where(eq(levels.id, levelId));
  return row?.bps ?? null;
}
