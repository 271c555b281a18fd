import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client';
import { trafficDayOf } from './traffic';

/** A sale's Brasília day, as the rollups count it. */
const DAY = sql.raw(trafficDayOf('created_at'));

/** One day and campaign of an affiliate's shares of split sales, by the status the sales are in. */
export type SharedSaleCount = { day: string; campaignId: number; pending: number; approved: number };

/**
 * The split sales an affiliate shares as the first click's (docs/decisions/021), counted per
 * Brasília day and campaign, as the rollups count sales. The rollups count a split sale for its
 * owner only, so that the programme's and a network's sums count it once; an affiliate's own
 * figures add these, so the sales they earned a share of count where the share's commission does
 * (a campaign with R$ 44,55 approved and 0 approved sales read as a contradiction). Read from the
 * sales themselves: the partial index on the sharing affiliate holds only split sales.
 */
export async function sharedSaleCounts(
  db: Db,
  affiliateId: number,
  within: { from: string; to: string },
): Promise<SharedSaleCount[]> {
  const rows = await selectRows<{ day: string; campaign_id: unknown; pending: unknown; approved: unknown }>(
    db,
    sql`
    select to_char(${DAY}, 'YYYY-MM-DD') as day, campaign_id,
      count(*) filter (where status = 'pending') as pending, count(*) filter (where status = 'approved') as approved
    from sales
    where shared_affiliate_id = ${affiliateId} and ${DAY} between ${within.from}::date and ${within.to}::date
    group by 1, 2`,
  );
  return rows.map((row) => ({
    day: row.day,
    campaignId: Number(row.campaign_id),
    pending: Number(row.pending),
    approved: Number(row.approved),
  }));
}

/**
 * How many of a campaign's earning split sales (pending or approved) each affiliate shares as the
 * first click's (only `affiliateId`'s, when given): what each one's line of the campaign's results
 * adds to the sales the rollups give them, so that an admin reads an affiliate's line as the
 * affiliate does.
 */
export async function sharedEarningSalesByAffiliate(
  db: Db,
  campaignId: number,
  affiliateId?: number,
): Promise<Map<number, number>> {
  const rows = await selectRows<{ affiliate_id: unknown; n: unknown }>(
    db,
    sql`select shared_affiliate_id as affiliate_id, count(*) as n from sales
      where ${affiliateId === undefined ? sql`shared_affiliate_id is not null` : sql`shared_affiliate_id = ${affiliateId}`}
        and campaign_id = ${campaignId} and status in ('pending', 'approved')
      group by 1`,
  );
  return new Map(rows.map((row) => [Number(row.affiliate_id), Number(row.n)]));
}

/**
 * The approved split sales of a period that each affiliate shares as the first click's, as rows
 * `(affiliate_id, n)` for a ranking to add to its approved sales (the top 10).
 */
export const sharedApprovedInPeriod = (from: string, to: string) => sql`
  select shared_affiliate_id as affiliate_id, count(*)::int as n
  from sales
  where shared_affiliate_id is not null and status = 'approved' and ${DAY} between ${from}::date and ${to}::date
  group by 1`;
