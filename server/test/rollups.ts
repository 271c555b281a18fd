import type { Db } from '../src/db/client';
import { dailyAffiliateStats, dailyCampaignStats, dailySalesBy, dailyStats } from '../src/db/schema';
import { mergeRecentStats } from '../src/modules/metrics/daily-stats';

/**
 * Every rollup as sorted JSON rows, after merging the recent increments: compare it before and after
 * `rebuildDailyStats` to show the rollups kept with the writes equal a recomputation. `withoutClicks`
 * leaves clicks out (a test that wrote clicks straight into the table, past the click path's rollups).
 */
export async function readRollups(db: Db, options: { withoutClicks?: boolean } = {}) {
  await mergeRecentStats(db);
  const sorted = <T extends object>(rows: T[]) =>
    rows
      .map((row) => (options.withoutClicks ? { ...row, clicks: undefined } : row))
      // A row only the clicks made has no sale figure: left out on both sides.
      .filter(
        (row) => !options.withoutClicks || Object.entries(row).some(([k, v]) => /(Sales|Cents)$/.test(k) && v !== 0),
      )
      .map((row) => JSON.stringify(row))
      .sort();
  return {
    stats: sorted(await db.select().from(dailyStats)),
    campaign: sorted(await db.select().from(dailyCampaignStats)),
    affiliate: sorted(await db.select().from(dailyAffiliateStats)),
    by: sorted((await db.select().from(dailySalesBy)).filter((r) => r.sales !== 0 || r.amountCents !== 0)),
  };
}
