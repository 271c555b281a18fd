import type { ClickFloodReport, clickFloodQuerySchema } from '@contract/fraud';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { resolvePeriod } from '../metrics/dashboard.service';

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
