import { resolvePeriod } from '@contract/calendar';
import type {
  ChargebackRateReport,
  ClickFloodReport,
  chargebackRateQuerySchema,
  clickFloodQuerySchema,
} from '@contract/fraud';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { CHARGEBACK_COUNTS } from './fraud-checks';
import { currentFraudRules } from './fraud-rules.service';

/** Links flooded with clicks from one address, per day, newest first (at most 200 rows). */
export async function findClickFloods(
  db: Db,
  query: z.output<typeof clickFloodQuerySchema>,
): Promise<ClickFloodReport> {
  const { from, to } = resolvePeriod(query);
  const result = await db.execute(sql`
    select f.day::text as day, f.link_id, l.code as link_code, f.affiliate_id,
      u.first_name || ' ' || u.last_name as affiliate_name, c.name as campaign_name,
      count(*)::int as addresses, sum(f.clicks)::int as clicks
    from click_floods f
    join links l on l.id = f.link_id
    join campaigns c on c.id = l.campaign_id
    join affiliates a on a.id = f.affiliate_id
    join users u on u.id = a.user_id
    where f.day between ${from}::date and ${to}::date
    group by f.day, f.link_id, l.code, f.affiliate_id, u.first_name, u.last_name, c.name
    order by f.day desc, clicks desc
    limit 200`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    items: rows.map((r) => ({
      day: String(r.day),
      link_id: Number(r.link_id),
      link_code: String(r.link_code),
      affiliate_id: Number(r.affiliate_id),
      affiliate_name: String(r.affiliate_name),
      campaign_name: String(r.campaign_name),
      addresses: Number(r.addresses),
      clicks: Number(r.clicks),
    })),
  };
}

/**
 * Each affiliate's chargeback rate over the rule's last days (or the days asked), worst first, with
 * whether the rule flags their new sales (at most 200 rows).
 */
export async function findChargebackRates(
  db: Db,
  query: z.output<typeof chargebackRateQuerySchema>,
): Promise<ChargebackRateReport> {
  const rule = (await currentFraudRules(db)).chargeback_rate;
  const days = query.days ?? rule.days;
  const result = await db.execute(sql`
    select x.affiliate_id, u.first_name || ' ' || u.last_name as affiliate_name, a.code as affiliate_code,
      x.paid_sales, x.chargebacks
    from (
      select s.affiliate_id, ${CHARGEBACK_COUNTS}
      from sales s
      where s.created_at >= now() - make_interval(days => ${days}::int)
      group by s.affiliate_id
      having count(*) filter (where s.status = 'chargeback') > 0
    ) x
    join affiliates a on a.id = x.affiliate_id
    join users u on u.id = a.user_id
    order by x.chargebacks::float8 / greatest(x.paid_sales, 1) desc, x.chargebacks desc, x.affiliate_id
    limit 200`);
  const thresholdBps = Math.round(rule.max_percent * 100);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    days,
    threshold_bps: thresholdBps,
    min_sales: rule.min_sales,
    items: rows.map((r) => {
      const paid = Number(r.paid_sales);
      const chargebacks = Number(r.chargebacks);
      // Rounded half up, as every rate of the portal; a chargeback of a sale never approved still counts.
      const rateBps = Math.round((chargebacks * 10_000) / Math.max(paid, 1));
      return {
        affiliate_id: Number(r.affiliate_id),
        affiliate_name: String(r.affiliate_name),
        affiliate_code: String(r.affiliate_code),
        paid_sales: paid,
        chargebacks,
        rate_bps: rateBps,
        flagged: rule.enabled && paid >= rule.min_sales && chargebacks * 100 >= paid * rule.max_percent,
      };
    }),
  };
}
