import {
  SUBSCRIPTION_GRACE_DAYS,
  type SubscriptionPage,
  type subscriptionListQuerySchema,
} from '@contract/subscriptions';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Viewer } from '../../plugins/auth';

type SubscriptionListQuery = z.output<typeof subscriptionListQuerySchema>;

/**
 * Each subscription of the filters from its charges (the sales with its id), one row per campaign
 * and subscription id, its affiliate the first charge's. An affiliate sees the subscriptions whose
 * sales are theirs (renewals are credited to them, so all of its charges are).
 */
const SUBSCRIPTIONS = (where: SQL) => sql`
  with charges as (
    select s.campaign_id, s.subscription_id,
      (array_agg(s.affiliate_id order by s.charge_number, s.id))[1] as affiliate_id,
      count(*) filter (where s.status in ('pending', 'approved'))::int as charges,
      max(s.charge_number)::int as last_charge_number,
      min(s.created_at) as started_at,
      max(s.created_at) as last_charge_at,
      (array_agg(s.status order by s.charge_number desc, s.id desc))[1] as last_status,
      -- The usual interval between charges, once there are two.
      case when count(*) > 1 then (max(s.created_at) - min(s.created_at)) / (count(*) - 1) end as interval,
      coalesce(sum(s.commission_cents - s.shared_commission_cents) filter (where s.status = 'approved'), 0)::bigint
        as commission_cents,
      coalesce(sum(s.commission_cents - s.shared_commission_cents)
        filter (where s.status = 'approved' and s.charge_number > 1), 0)::bigint as recurring_commission_cents,
      coalesce(sum(s.commission_cents - s.shared_commission_cents) filter (where s.status = 'pending'), 0)::bigint
        as pending_commission_cents
    from sales s
    where s.subscription_id is not null and ${where}
    group by s.campaign_id, s.subscription_id
  ),
  subscriptions as (
    select c.*, case when c.last_status in ('pending', 'approved')
        and now() < c.last_charge_at + coalesce(c.interval, interval '31 days')
          + make_interval(days => ${SUBSCRIPTION_GRACE_DAYS}::int)
      then 'active' else 'ended' end as status
    from charges c
  )`;

export async function findSubscriptions(
  db: Db,
  viewer: Viewer,
  query: SubscriptionListQuery,
): Promise<SubscriptionPage> {
  const filters: SQL[] = [sql`true`];
  if (!viewer.isAdmin) filters.push(sql`s.affiliate_id = ${viewer.affiliateId}`);
  else if (query.affiliate_id) filters.push(sql`s.affiliate_id = ${query.affiliate_id}`);
  if (query.campaign_id) filters.push(sql`s.campaign_id = ${query.campaign_id}`);
  if (query.q) filters.push(sql`s.subscription_id ilike ${`%${query.q.replace(/[%_\\]/g, '\\$&')}%`}`);
  const base = SUBSCRIPTIONS(sql.join(filters, sql` and `));
  const status = query.status ? sql`where x.status = ${query.status}` : sql``;
  const [page, totals] = await Promise.all([
    db.execute(sql`${base}
      select x.*, cp.name as campaign_name, u.first_name || ' ' || u.last_name as affiliate_name
      from subscriptions x
      join campaigns cp on cp.id = x.campaign_id
      join affiliates a on a.id = x.affiliate_id
      join users u on u.id = a.user_id
      ${status}
      order by x.last_charge_at desc, x.campaign_id, x.subscription_id
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`),
    db.execute(sql`${base}
      select count(*)::int as total, (count(*) filter (where x.status = 'active'))::int as active,
        coalesce(sum(x.recurring_commission_cents), 0)::bigint as recurring
      from subscriptions x ${status}`),
  ]);
  const rows = (page as unknown as { rows: Record<string, unknown>[] }).rows;
  const [sums] = (totals as unknown as { rows: Record<string, unknown>[] }).rows;
  const iso = (value: unknown) => new Date(value as string | Date).toISOString();
  return {
    items: rows.map((r) => ({
      subscription_id: String(r.subscription_id),
      campaign_id: Number(r.campaign_id),
      campaign_name: String(r.campaign_name),
      affiliate_id: Number(r.affiliate_id),
      affiliate_name: viewer.isAdmin ? String(r.affiliate_name) : '',
      status: r.status === 'active' ? 'active' : 'ended',
      charges: Number(r.charges),
      last_charge_number: Number(r.last_charge_number),
      started_at: iso(r.started_at),
      last_charge_at: iso(r.last_charge_at),
      commission_cents: Number(r.commission_cents),
      recurring_commission_cents: Number(r.recurring_commission_cents),
      pending_commission_cents: Number(r.pending_commission_cents),
    })),
    total: Number(sums?.total ?? 0),
    page: query.page,
    page_size: query.page_size,
    totals: { active: Number(sums?.active ?? 0), recurring_commission_cents: Number(sums?.recurring ?? 0) },
  };
}
