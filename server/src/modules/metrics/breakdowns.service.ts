import { brasiliaDayOf, daysOf, resolvePeriod } from '@contract/calendar';
import type {
  Breakdown,
  BreakdownRow,
  Indicators,
  periodQuerySchema,
  TopAffiliates,
  topAffiliatesQuerySchema,
} from '@contract/metrics';
import { SALE_STATUSES } from '@contract/sales';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, selectRows } from '../../db/client';
import { sharedApprovedInPeriod } from './shared-sales';

type Period = z.output<typeof periodQuerySchema>;
type Row = Record<string, unknown>;

const rows = selectRows;

/** `and <column> in <the network's affiliates>` when a network is chosen. */
const inNetwork = (column: SQL, networkId: number | undefined) =>
  networkId ? sql` and ${column} in (select id from affiliates where network_id = ${networkId})` : sql``;
const brasiliaDay = (column: SQL) => sql`to_char((${column} at time zone 'UTC') - interval '3 hours', 'YYYY-MM-DD')`;
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10_000) / whole) : 0);

function toRows(
  raw: { key: string | null; n: number | string; cents: number | string }[],
  label = (k: string) => k,
): BreakdownRow[] {
  const total = raw.reduce((s, r) => s + Number(r.cents), 0);
  return raw
    .map((r) => ({
      key: r.key ?? '',
      label: label(r.key ?? ''),
      count: Number(r.n),
      amount_cents: Number(r.cents),
      share_bps: share(Number(r.cents), total),
    }))
    .sort((a, b) => b.amount_cents - a.amount_cents || b.count - a.count);
}

function seriesOf(from: string, to: string, raw: { day: string; key: string | null; cents: number | string }[]) {
  const byDay = new Map<string, Record<string, number>>();
  for (const r of raw) {
    const values = byDay.get(r.day) ?? {};
    values[r.key ?? ''] = (values[r.key ?? ''] ?? 0) + Number(r.cents);
    byDay.set(r.day, values);
  }
  return daysOf(from, to).map((day) => ({ day, values: byDay.get(day) ?? {} }));
}

/** The best affiliates of a period by approved sales, approved commission or conversion. */
export async function getTopAffiliates(
  db: Db,
  query: z.output<typeof topAffiliatesQuerySchema>,
): Promise<TopAffiliates> {
  const { from, to } = resolvePeriod(query);
  const order = {
    approved_sales: sql`approved_sales desc, commission desc`,
    commission: sql`commission desc, approved_sales desc`,
    conversion: sql`conversion desc nulls last, approved_sales desc`,
  }[query.by];
  const found = await rows<Row>(
    db,
    sql`
    -- The approved split sales each affiliate shares as the first click's: counted for them as on
    -- their own home (the rollups count a split sale for its owner only).
    with shared as (${sharedApprovedInPeriod(from, to)}),
    d as (
      select affiliate_id, sum(clicks)::int as clicks,
        (sum(approved_sales) + coalesce(min(shared.n), 0))::int as approved_sales,
        sum(approved_amount_cents) as amount, sum(approved_commission_cents) as commission
      from daily_affiliate_stats_now left join shared using (affiliate_id)
      where day between ${from}::date and ${to}::date${inNetwork(sql`affiliate_id`, query.network_id)}
      group by affiliate_id
      having sum(clicks) > 0 or sum(approved_sales) + coalesce(min(shared.n), 0) > 0
    )
    select a.id, u.first_name || ' ' || u.last_name as name, a.code, n.name as network_name, l.name as level_name,
      d.clicks, d.approved_sales, d.amount, d.commission,
      case when d.clicks > 0 then round(d.approved_sales * 10000.0 / d.clicks) end as conversion
    from d
    join affiliates a on a.id = d.affiliate_id
    join users u on u.id = a.user_id
    left join networks n on n.id = a.network_id
    left join levels l on l.id = a.level_id
    order by ${order}, a.id
    limit ${query.limit}`,
  );
  return {
    from,
    to,
    items: found.map((r, i) => ({
      rank: i + 1,
      affiliate_id: Number(r.id),
      name: String(r.name),
      code: String(r.code),
      network_name: (r.network_name as string | null) ?? null,
      level_name: (r.level_name as string | null) ?? null,
      clicks: Number(r.clicks),
      approved_sales: Number(r.approved_sales),
      approved_amount_cents: Number(r.amount),
      approved_commission_cents: Number(r.commission),
      conversion_bps: r.conversion === null ? null : Number(r.conversion),
    })),
  };
}

function totalsOf(table: { n: number | string; cents: number | string }[]) {
  return {
    count: table.reduce((s, r) => s + Number(r.n), 0),
    amount_cents: table.reduce((s, r) => s + Number(r.cents), 0),
  };
}

/** The sales rollup's rows of one network (the sales recorded in it: decision 030), or all of them. */
const ofNetwork = (networkId: number | undefined) => (networkId ? sql` and network_id = ${networkId}` : sql``);

/**
 * One dimension of the programme's or a network's sales from the rollup: a table by key and a series
 * by day and key, for the given statuses (or by status, when `byStatus`).
 */
async function fromRollup(db: Db, query: Period, dimension: string, statuses: string[], byStatus = false) {
  const { from, to } = resolvePeriod(query);
  const key = byStatus ? sql`status` : sql`key`;
  const where = sql`dimension = ${dimension} and day between ${from}::date and ${to}::date and status in (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )})${ofNetwork(query.network_id)}`;
  const [table, daily] = await Promise.all([
    rows<{ key: string | null; n: number; cents: string }>(
      db,
      sql`select nullif(${key}, '') as key, sum(sales)::int as n, coalesce(sum(amount_cents), 0) as cents
          from daily_sales_by where ${where} group by 1 having sum(sales) > 0`,
    ),
    rows<{ day: string; key: string | null; cents: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, nullif(${key}, '') as key, sum(amount_cents) as cents
          from daily_sales_by where ${where} group by 1, 2 having sum(sales) > 0`,
    ),
  ]);
  return { table, daily };
}

/** /admin/metricas/forma-pagamento: approved sales by payment method, and over time. */
export async function getPaymentMethodMetrics(db: Db, query: Period): Promise<Breakdown> {
  const { from, to } = resolvePeriod(query);
  const { table, daily } = await fromRollup(db, query, 'payment_method', ['approved']);
  return { from, to, tables: { by_method: toRows(table) }, series: seriesOf(from, to, daily), totals: totalsOf(table) };
}

/** /admin/metricas/origem-vendas: approved sales by origin and by the UTM source of their link. */
export async function getOriginMetrics(db: Db, query: Period): Promise<Breakdown> {
  const { from, to } = resolvePeriod(query);
  const [origin, utm] = await Promise.all([
    fromRollup(db, query, 'origin', ['approved']),
    fromRollup(db, query, 'utm_source', ['approved']),
  ]);
  return {
    from,
    to,
    tables: { by_origin: toRows(origin.table), by_utm_source: toRows(utm.table) },
    series: seriesOf(from, to, origin.daily),
    totals: totalsOf(origin.table),
  };
}

/** /admin/metricas/vendas: sales by status (all), and approved ones by campaign and network. */
export async function getSalesMetrics(db: Db, query: Period): Promise<Breakdown> {
  const { from, to } = resolvePeriod(query);
  const statuses = [...SALE_STATUSES];
  const [byStatusAndDay, byCampaign, byNetwork, byCharge] = await Promise.all([
    // By status: every sale is once in the payment-method dimension, so that dimension by status is all sales.
    fromRollup(db, query, 'payment_method', statuses, true),
    rows<{ key: string; n: number; cents: string }>(
      db,
      // The programme's campaigns from their own rollup; a network's from its members' rows.
      sql`select cp.name as key, sum(d.approved_sales)::int as n, coalesce(sum(d.approved_amount_cents), 0) as cents
          from ${query.network_id ? sql`daily_stats_now` : sql`daily_campaign_stats`} d join campaigns cp on cp.id = d.campaign_id
          where d.day between ${from}::date and ${to}::date${inNetwork(sql`d.affiliate_id`, query.network_id)}
          group by cp.name having sum(d.approved_sales) > 0`,
    ),
    // By network: the network each sale was recorded in (decision 030), from the sales rollup.
    rows<{ key: string | null; n: number; cents: string }>(
      db,
      sql`select n.name as key, sum(d.sales)::int as n, coalesce(sum(d.amount_cents), 0) as cents
          from daily_sales_by d left join networks n on n.id = d.network_id
          where d.dimension = 'payment_method' and d.status = 'approved'
            and d.day between ${from}::date and ${to}::date${ofNetwork(query.network_id)}
          group by n.name having sum(d.sales) > 0`,
    ),
    // New and recurring revenue: a subscription's renewals apart from first charges and one-off sales.
    fromRollup(db, query, 'charge', ['approved']),
  ]);
  const { table: byStatus, daily } = byStatusAndDay;
  return {
    from,
    to,
    tables: {
      by_status: toRows(byStatus),
      by_campaign: toRows(byCampaign),
      by_network: toRows(byNetwork),
      by_charge: toRows(byCharge.table),
    },
    series: seriesOf(from, to, daily),
    totals: totalsOf(byStatus),
  };
}

/** /admin/metricas/resgates: requests of the period by status and method, and payments over time. */
export async function getRedemptionMetrics(
  db: Db,
  query: Period,
): Promise<Breakdown & { average_days_to_pay: number | null }> {
  const { from, to, start, end } = resolvePeriod(query);
  const inPeriod = sql`r.requested_at >= ${start} and r.requested_at < ${end}${inNetwork(sql`r.affiliate_id`, query.network_id)}`;
  const [byStatus, byMethod, daily, [days]] = await Promise.all([
    rows<{ key: string; n: number; cents: string }>(
      db,
      sql`select r.status as key, count(*)::int as n, coalesce(sum(r.amount_cents), 0) as cents from redemptions r where ${inPeriod} group by 1`,
    ),
    rows<{ key: string; n: number; cents: string }>(
      db,
      sql`select r.method as key, count(*)::int as n, coalesce(sum(r.amount_cents), 0) as cents from redemptions r where ${inPeriod} and r.status = 'paid' group by 1`,
    ),
    rows<{ day: string; key: string; cents: string }>(
      db,
      sql`select ${brasiliaDay(sql`p.paid_at`)} as day, p.method as key, sum(p.amount_cents) as cents from payments p
          where p.paid_at >= ${start} and p.paid_at < ${end}${inNetwork(sql`p.affiliate_id`, query.network_id)} group by 1, 2`,
    ),
    rows<{ d: string | null }>(
      db,
      sql`select round(avg(extract(epoch from (p.paid_at - r.requested_at)) / 86400)::numeric, 1) as d
          from payments p join redemptions r on r.id = p.redemption_id
          where p.paid_at >= ${start} and p.paid_at < ${end}${inNetwork(sql`p.affiliate_id`, query.network_id)}`,
    ),
  ]);
  return {
    from,
    to,
    tables: { by_status: toRows(byStatus), by_method: toRows(byMethod) },
    series: seriesOf(from, to, daily),
    totals: totalsOf(byStatus),
    average_days_to_pay: days?.d === null || days?.d === undefined ? null : Number(days.d),
  };
}

async function indicatorValues(db: Db, start: Date, end: Date, networkId: number | undefined) {
  const net = (column: SQL) => inNetwork(column, networkId);
  const days = sql`day >= ((${start}::timestamptz at time zone 'UTC') - interval '3 hours')::date
    and day < ((${end}::timestamptz at time zone 'UTC') - interval '3 hours')::date`;
  const [[r]] = await Promise.all([
    rows<Row>(
      db,
      sql`select
        d.active, d.clicks, d.approved, d.amount, d.commission, d.refunded,
        -- Chargebacks apart from refunds: every sale is once in the payment-method dimension.
        (select coalesce(sum(sales), 0) from daily_sales_by where dimension = 'payment_method' and status = 'chargeback'
          and ${days}${ofNetwork(networkId)}) as chargebacks,
        (select coalesce(sum(amount_cents), 0) from payments where paid_at >= ${start} and paid_at < ${end}${net(sql`affiliate_id`)}) as paid,
        (select round(avg(extract(epoch from (p.paid_at - r.requested_at)) / 86400)::numeric, 1) from payments p join redemptions r on r.id = p.redemption_id
          where p.paid_at >= ${start} and p.paid_at < ${end}${net(sql`p.affiliate_id`)}) as days
      from (
        -- The day-by-day rollups, not the clicks and sales themselves (DESIGN.md §6): the programme's
        -- figures by campaign, a network's by affiliate; active affiliates by affiliate.
        select
          (select count(distinct affiliate_id)::int from (
            -- A day that counts (a click or a sale): read from the partial index, unless increments
            -- not merged yet touch that day, whose sums are then taken with them.
            select day, affiliate_id from daily_affiliate_stats h
            where ${days} and (clicks > 0 or pending_sales > 0 or approved_sales > 0 or refunded_sales > 0)${net(sql`affiliate_id`)}
              and not exists (select 1 from daily_stats_recent r where r.day = h.day and r.affiliate_id = h.affiliate_id)
            union all
            select day, affiliate_id from daily_affiliate_stats_now
            where (day, affiliate_id) in (select day, affiliate_id from daily_stats_recent where ${days}${net(sql`affiliate_id`)})
            group by day, affiliate_id
            having sum(clicks) > 0 or sum(pending_sales) > 0 or sum(approved_sales) > 0 or sum(refunded_sales) > 0) a) as active,
          coalesce(sum(clicks), 0) as clicks, coalesce(sum(approved_sales), 0) as approved,
          coalesce(sum(approved_amount_cents), 0) as amount, coalesce(sum(approved_commission_cents), 0) as commission,
          coalesce(sum(refunded_sales), 0) as refunded
        from ${networkId ? sql`daily_affiliate_stats_now` : sql`daily_campaign_stats`}
        where ${days}${net(sql`affiliate_id`)}
      ) d`,
    ),
  ]);
  const n = (k: string) => Number(r?.[k] ?? 0);
  const decided = n('approved') + n('refunded');
  const paid = decided + n('chargebacks');
  return {
    active_affiliates: n('active'),
    conversion_bps: n('clicks') ? Math.round((n('approved') * 10_000) / n('clicks')) : null,
    average_order_cents: n('approved') ? Math.round(n('amount') / n('approved')) : null,
    epc_cents: n('clicks') ? Math.round(n('commission') / n('clicks')) : null,
    refund_rate_bps: decided ? Math.round((n('refunded') * 10_000) / decided) : null,
    chargeback_rate_bps: paid ? Math.round((n('chargebacks') * 10_000) / paid) : null,
    redemption_rate_bps: n('commission') ? Math.round((n('paid') * 10_000) / n('commission')) : null,
    average_days_to_pay: r?.days === null || r?.days === undefined ? null : Number(r.days),
  };
}

/** /admin/indicadores: each indicator for the period and for the period of the same length before it. */
export async function getIndicators(db: Db, query: Period): Promise<Indicators> {
  const { from, to, start, end } = resolvePeriod(query);
  const length = end.getTime() - start.getTime();
  const previousStart = new Date(start.getTime() - length);
  const [now, before] = await Promise.all([
    indicatorValues(db, start, end, query.network_id),
    indicatorValues(db, previousStart, start, query.network_id),
  ]);
  return {
    from,
    to,
    previous_from: brasiliaDayOf(previousStart),
    previous_to: brasiliaDayOf(new Date(start.getTime() - 1)),
    items: (Object.keys(now) as (keyof typeof now)[]).map((key) => ({
      key,
      value: now[key],
      previous: before[key],
      change:
        now[key] === null || before[key] === null
          ? null
          : Math.round(((now[key] as number) - (before[key] as number)) * 10) / 10,
    })),
  };
}
