// The large seed's money: sales from the clicks, then redemptions, payments and the ledger, all
// generated inside PostgreSQL (see scripts/seed-large.mjs).
import { step } from './progress.mjs';

/** One sale for every `salesEvery`-th click; `clickTraits` joins each click's traits (aliased `t`). */
export async function seedSales(client, { clickTraits, salesEvery }) {
  // Sales: one for every fifth click, minutes to hours after it. Status follows the campaign's hold for
  // the payment method; 0.2 % are flagged (they wait for an admin whatever their hold).
  await step(
    'sales',
    client,
    `insert into sales (campaign_id, affiliate_id, click_id, external_id, amount_cents, payment_method, origin, source,
       status, commission_cents, commission, flags, customer_email, attributed_by, payable_at, created_at, decided_at,
       decided_by, refunded_at, link_id, utm_source, click_traits_id, network_id)
     with drawn as (
       select c.i, c.id as click, c.affiliate_id, c.campaign_id, c.link_id, c.utm_source, t.traits_id,
         least(c.at + (60 + random() * 21600) * interval '1 second', now() - interval '1 minute') as created_at,
         round(1990 + power(random(), 2) * 48000)::bigint as amount,
         random() as r_method, random() as r_origin, random() as r_source, random() as r_status, random() as r_flag,
         random() as r_later
       from seed_clicks c
       ${clickTraits}
       where c.i % ${salesEvery} = 0
     ), shaped as (
       select d.*, a.network_id,
         case when r_method < 0.45 then 'pix' when r_method < 0.75 then 'credit_card' when r_method < 0.87 then 'boleto'
           when r_method < 0.97 then 'debit_card' else 'other' end as method,
         case when r_source < 0.95 then 'postback' when r_source < 0.98 then 'admin' else 'import' end as source,
         cp.commission_type, cp.commission_value, cp.hold_days, cp.hold_days_by_method,
         lv.commission_bps as level_bps, lv.name as level_name
       from drawn d
       join campaigns cp on cp.id = d.campaign_id
       join affiliates a on a.id = d.affiliate_id
       left join levels lv on lv.id = a.level_id
     ), ruled as (
       select s.*,
         s.created_at + coalesce((s.hold_days_by_method ->> s.method)::int, s.hold_days) * interval '1 day' as payable_at,
         case when s.commission_type = 'fixed' then 'campaign_fixed' when s.commission_type = 'percent' then 'campaign_percent'
           when s.level_bps is not null then 'level' else 'none' end as rule,
         case when s.commission_type = 'percent' then s.commission_value when s.commission_type is null then coalesce(s.level_bps, 0) end as bps
       from shaped s
     ), priced as (
       select r.*,
         case when r.rule = 'campaign_fixed' then least(r.commission_value, r.amount)
           else r.amount * r.bps / 10000 + case when (r.amount * r.bps) % 10000 * 2 >= 10000 then 1 else 0 end end as commission_cents,
         case when r.rule = 'campaign_fixed' then least(r.commission_value, r.amount)::text
           else (r.amount * r.bps / 10000)::text ||
             case when (r.amount * r.bps) % 10000 = 0 then '' else '.' || rtrim(lpad(((r.amount * r.bps) % 10000)::text, 4, '0'), '0') end
         end as exact_cents,
         case when r.r_flag < 0.002 then 'pending'
           when r.payable_at > now() then 'pending'
           when r.r_status < 0.06 then 'cancelled' when r.r_status < 0.10 then 'refunded' else 'approved' end as status
       from ruled r
     )
     select p.campaign_id, p.affiliate_id, case when p.r_source < 0.85 then p.click end,
       'LG-' || (p.i / ${salesEvery}), p.amount, p.method,
       case when p.r_origin < 0.6 then 'site' when p.r_origin < 0.85 then 'app' when p.r_origin < 0.95 then 'marketplace' else '' end,
       p.source, p.status, p.commission_cents,
       jsonb_build_object('rule', p.rule, 'rate_bps', case when p.rule in ('campaign_percent', 'level') then p.bps end,
         'fixed_cents', case when p.rule = 'campaign_fixed' then p.commission_value end, 'base_cents', p.amount,
         'exact_cents', p.exact_cents, 'commission_cents', p.commission_cents, 'level_name', p.level_name),
       case when p.r_flag < 0.002 then '["self_referral"]'::jsonb else '[]'::jsonb end,
       format('cliente%s@exemplo.com.br', p.i / ${salesEvery}),
       case when p.r_source < 0.85 then 'click' when p.source = 'postback' then 'affiliate_code' else 'affiliate_id' end,
       p.payable_at, p.created_at,
       case when p.status in ('approved', 'refunded') then p.payable_at
         when p.status = 'cancelled' then least(now(), p.created_at + p.r_later * (p.payable_at - p.created_at)) end,
       case when p.status = 'cancelled' then (select id from users where email = 'admin@large.test') end,
       case when p.status = 'refunded' then least(now(), p.payable_at + p.r_later * interval '20 days') end,
       -- A sale with a click keeps its link, the link's UTM source and the click's traits, as the sale writer does.
       case when p.r_source < 0.85 then p.link_id end, case when p.r_source < 0.85 then p.utm_source else '' end,
       case when p.r_source < 0.85 then p.traits_id end, p.network_id
     from priced p
     order by p.created_at`,
  );
}

/** Redemptions, their payments and the ledger, from the sales just written. */
export async function seedRedemptionsAndLedger(client) {
  // Redemptions: in each 30-day stretch, most affiliates redeem half of what that stretch earned them
  // (net of reversals), once it is at least R$ 10. Old requests are paid (4 % rejected), the last days' wait.
  await step(
    'redemptions',
    client,
    `create temp table seed_redemptions on commit drop as
     with earned as (
       select affiliate_id, at, cents from (
         select affiliate_id, decided_at as at, commission_cents as cents from sales
         where status in ('approved', 'refunded') and commission_cents > 0
         union all
         select affiliate_id, refunded_at, -commission_cents from sales where status = 'refunded' and commission_cents > 0
       ) x
     ), buckets as (
       select affiliate_id, floor(extract(epoch from (now() - at)) / (30 * 86400))::int as b, sum(cents) as net
       from earned group by 1, 2
     )
     select b.affiliate_id, b.b, floor(b.net * 0.5 / 100) * 100 as amount,
       now() - b.b * interval '30 days' + random() * interval '20 hours' - interval '1 day' as requested_at,
       random() as r_status, random() as r_method, random() as r_days
     from buckets b
     where b.net >= 2000 and b.b between 0 and 11`,
  );
  await client.query('delete from seed_redemptions where r_status > 0.8 and b > 0');
  await step(
    'redemptions (rows)',
    client,
    `insert into redemptions (affiliate_id, amount_cents, method, destination, status, requested_at, approved_at,
       approved_by, decided_at, decided_by, note)
     select r.affiliate_id, r.amount, m.method,
       case when m.method = 'pix' then jsonb_build_object('type', 'pix', 'pix_key_type', 'email', 'pix_key', a.pix_key)
         else jsonb_build_object('type', 'bank', 'bank', '341', 'agency', '0001', 'account', lpad(a.id::text, 6, '0') || '-1',
           'account_type', 'checking', 'holder', 'Large seed', 'document', '00000000191') end,
       s.status, r.requested_at,
       case when s.status in ('approved', 'paid') then least(now(), r.requested_at + interval '1 day') end,
       case when s.status in ('approved', 'paid') then admin.id end,
       case when s.status in ('paid', 'rejected') then r.requested_at + (1 + floor(r.r_days * 5)) * interval '1 day' end,
       case when s.status in ('paid', 'rejected') then admin.id end,
       case when s.status = 'rejected' then 'Chave PIX não confere com o titular' end
     from seed_redemptions r
     join affiliates a on a.id = r.affiliate_id
     cross join (select id from users where email = 'admin@large.test') admin
     cross join lateral (select case when r.r_method < 0.85 then 'pix' else 'bank' end as method) m
     cross join lateral (select case when r.b = 0 then (case when r.r_status < 0.5 then 'requested' else 'approved' end)
       when r.r_status < 0.04 then 'rejected' else 'paid' end as status) s
     order by r.requested_at`,
  );
  await step(
    'payments',
    client,
    `insert into payments (redemption_id, affiliate_id, amount_cents, method, reference, paid_at, paid_by, created_at)
     select id, affiliate_id, amount_cents, method, 'E' || lpad(id::text, 10, '0') || 'LARGE', decided_at, decided_by, decided_at
     from redemptions where status = 'paid' order by decided_at`,
  );

  // The ledger in the order things happened: commissions when approved, reversals when refunded,
  // reservations when requested, releases when rejected.
  await step(
    'ledger entries',
    client,
    `insert into ledger_entries (affiliate_id, kind, amount_cents, sale_id, redemption_id, note, created_at)
     select affiliate_id, kind, amount_cents, sale_id, redemption_id, note, at from (
       select affiliate_id, 'commission' as kind, commission_cents as amount_cents, id as sale_id, null::bigint as redemption_id,
         null as note, decided_at as at
       from sales where status in ('approved', 'refunded') and commission_cents > 0
       union all
       select affiliate_id, 'reversal', -commission_cents, id, null, null, refunded_at
       from sales where status = 'refunded' and commission_cents > 0
       union all
       select affiliate_id, 'redemption', -amount_cents, null, id, null, requested_at from redemptions
       union all
       select affiliate_id, 'redemption_release', amount_cents, null, id, note, decided_at from redemptions where status = 'rejected'
     ) x order by at, kind`,
  );
}
