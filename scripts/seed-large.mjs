// `npm run seed:large [-- --force] [-- --scale=0.1]`: a large programme for the metrics benchmark
// (issue 8, "fast at scale"): 1,000 approved affiliates, 50 campaigns, 5,000,000 clicks and 1,000,000
// sales over the last 365 days, their ledger, redemptions and payments, and an administrator.
// `--scale` multiplies the clicks and sales, from a tenth for a quick try up to ten times (issue 18:
// 50,000,000 clicks and 10,000,000 sales, the same affiliates selling ten times as much; about 25 min
// and 26 GB of disk on a two-core machine, see bench/README.md).
//
// Runs under tsx (the npm script does so) because it migrates with the server's own code
// (server/src/db/client.ts) and checks commissions against server/src/modules/sales/commission.ts.
// Every row is generated inside PostgreSQL (generate_series, random() after setseed): nothing streams
// from Node. The database is DATABASE_URL, or by default `afiliados_large` on the local server, which
// is dropped and created again. A database that already has users, or tables of another application, is
// left alone unless --force.
// Session settings only (synchronous_commit, work_mem...): nothing is changed on the server itself.
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client.ts';
import { hashPassword } from '../server/src/modules/auth/passwords.ts';
import { REBUILD_ROLLUPS } from '../server/src/modules/metrics/daily-stats.ts';
import { computeCommission } from '../server/src/modules/sales/commission.ts';
import { agentOf, referrerHostOf } from '../server/src/modules/tracking/click-enrichment.ts';
import { prepareDatabase } from './seed-large/database.mjs';
import { seedRedemptionsAndLedger, seedSales } from './seed-large/money.mjs';
import { log, started, step } from './seed-large/progress.mjs';

const LARGE_ADMIN = { email: 'admin@large.test', password: 'large-admin-password-1' };
const LARGE_AFFILIATE_PASSWORD = 'large-affiliate-password-1';
const LARGE_MARKER = 'large_seed';
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/afiliados_large';

const args = process.argv.slice(2);
const force = args.includes('--force');
const scaleArg = args.find((a) => a.startsWith('--scale='));
const scale = scaleArg ? Number(scaleArg.slice('--scale='.length)) : 1;
if (!(scale > 0 && scale <= 10)) {
  console.error('--scale must be a number in (0, 10]');
  process.exit(2);
}

const AFFILIATES = 1_000;
const PENDING_APPLICANTS = 12;
const CAMPAIGNS = 50;
const CLICKS = Math.round(5_000_000 * scale);
/** Every fifth click converts: exactly CLICKS / 5 sales. */
const SALES_EVERY = 5;
const databaseUrl = process.env.DATABASE_URL || DEFAULT_URL;
await prepareDatabase(databaseUrl, { force });

const database = await openDatabase({ databaseUrl, poolSize: 1 });
await database.migrate();
await database.close();
log('migrated with the server’s migrations');

const adminHash = await hashPassword(LARGE_ADMIN.password);
const affiliateHash = await hashPassword(LARGE_AFFILIATE_PASSWORD);

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
// This session only: bulk-load settings, nothing that outlives the connection.
await client.query(`set synchronous_commit = off; set work_mem = '1GB'; set maintenance_work_mem = '2GB';
  set temp_buffers = '256MB'; set max_parallel_workers_per_gather = 0`);
await client.query('select setseed(0.20261122)');

await client.query('begin');

await step(
  'programme (admin, levels, networks, campaigns)',
  client,
  `with admin as (
     insert into users (email, password_hash, first_name, last_name, role, created_at)
     values ($1, $2, 'Admin', 'Large', 'Administrador', now() - interval '400 days') returning id
   ), lv as (
     insert into levels (name, rank, commission_bps, min_sales_cents, description)
     values ('Bronze', 1, 500, 0, 'Entry level'), ('Prata', 2, 700, 500000, null),
            ('Ouro', 3, 1000, 2000000, null), ('Diamante', 4, 1200, 10000000, 'Top sellers')
     returning id
   ), nw as (
     insert into networks (name, description, created_at)
     select name, 'Large seed network', now() - interval '400 days'
     from unnest(array['Rede Sudeste', 'Rede Sul', 'Rede Nordeste', 'Rede Norte', 'Rede Centro-Oeste']) name
     returning id
   )
   insert into campaigns (name, description, destination_url, commission_type, commission_value, cookie_days,
     hold_days, hold_days_by_method, status, created_at, updated_at)
   select format('Campanha Large %s', lpad(c::text, 2, '0')), '<p>Large seed campaign</p>',
     format('https://loja%s.example.com/produto?ref=large', c),
     case c % 5 when 0 then 'fixed' when 1 then 'percent' when 2 then 'percent' end,
     case c % 5 when 0 then 1000 + (c * 137) % 4000 when 1 then 500 + (c * 53) % 1500 when 2 then 800 + (c * 29) % 1200 end,
     30, (array[7, 14, 21, 30])[1 + c % 4],
     case when c % 3 = 0 then '{"credit_card": 30, "pix": 7}'::jsonb when c % 3 = 1 then '{"boleto": 3}'::jsonb else '{}'::jsonb end,
     case when c > 46 then 'ended' when c > 40 then 'paused' else 'active' end,
     now() - interval '400 days', now() - interval '400 days'
   from generate_series(1, ${CAMPAIGNS}) c`,
  [LARGE_ADMIN.email, adminHash],
);

await step(
  'users and affiliates',
  client,
  `with people as (
     insert into users (email, password_hash, first_name, last_name, role, created_at)
     select format('affiliate%s@large.test', lpad(n::text, 4, '0')), $1,
       (array['Ana','Bruno','Carla','Diego','Elisa','Fábio','Gabriela','Hugo','Isabela','João','Karina','Lucas',
              'Mariana','Nicolas','Olívia','Pedro','Quésia','Rafael','Sofia','Thiago'])[1 + (n * 7) % 20],
       (array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes','Costa',
              'Ribeiro','Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa'])[1 + (n * 13) % 20],
       'Afiliado', now() - interval '390 days' + n * interval '5 minutes'
     from generate_series(1, ${AFFILIATES + PENDING_APPLICANTS}) n
     returning id, email
   ), numbered as (
     select id, email, substring(email from 'affiliate(\\d+)@')::int as n, random() as r_net, random() as r_level
     from people
   ), ids as (
     select (select array_agg(id order by id) from networks) as nets, (select array_agg(id order by rank) from levels) as lvls,
       (select id from users where email = 'admin@large.test') as admin
   )
   insert into affiliates (user_id, code, network_id, level_id, status, pix_key, pix_key_type, approved_at, approved_by, created_at)
   select p.id, 'LG' || lpad(p.n::text, 4, '0'),
     -- The busiest affiliates (the lowest numbers) are all in a network and a level; the rest, 60 % and 80 %.
     case when p.n <= 10 or p.r_net < 0.6 then ids.nets[1 + p.n % 5] end,
     case when p.n <= 10 then ids.lvls[3 + p.n % 2] when p.r_level < 0.8 then ids.lvls[1 + floor(p.r_level * 5)::int % 4] end,
     case when p.n > ${AFFILIATES} then 'pending' else 'approved' end,
     p.email, 'email',
     case when p.n <= ${AFFILIATES} then now() - interval '389 days' + p.n * interval '5 minutes' end,
     case when p.n <= ${AFFILIATES} then ids.admin end,
     now() - interval '390 days' + p.n * interval '5 minutes'
   from numbered p cross join ids
   order by p.n`,
  [affiliateHash],
);

// Links: 15 per affiliate for the 50 busiest, 5 for the others, each for a different campaign.
await step(
  'links',
  client,
  `create temp table seed_links on commit drop as
   select a.n, k, a.id as affiliate_id, cp.ids[1 + (a.n * 7 + k * 11) % ${CAMPAIGNS}] as campaign_id,
     (array['instagram','whatsapp','youtube','blog','tiktok','email'])[1 + (a.n + k) % 6] as utm_source
   from (select id, substring(code from 3)::int as n from affiliates where status = 'approved') a
   cross join (select array_agg(id order by id) as ids from campaigns) cp
   cross join lateral generate_series(0, case when a.n <= 50 then 14 else 4 end) k`,
);
await client.query(`alter table seed_links add column link_id bigint`);
await client.query(`with inserted as (
     insert into links (affiliate_id, campaign_id, code, utm_source, utm_medium, utm_campaign, created_at)
     select affiliate_id, campaign_id, format('lg%sx%s', n, k), utm_source, 'social', 'large', now() - interval '380 days'
     from seed_links order by n, k
     returning id, affiliate_id, campaign_id
   )
   update seed_links s set link_id = i.id from inserted i
   where i.affiliate_id = s.affiliate_id and i.campaign_id = s.campaign_id`);
await client.query('create index on seed_links (n, k); analyze seed_links');

// Clicks: the affiliate is skewed towards the lowest numbers (1 + 1000·u², affiliate 1 gets ~3 %),
// the time is uniform over the year. Clicks i ≡ 0 (mod 5) are real visits that will buy.
await step(
  'clicks (staging)',
  client,
  `create temp table seed_clicks on commit drop as
   select g.i, md5('large-click-' || g.i)::uuid as id, l.link_id, l.affiliate_id, l.campaign_id, g.at,
     md5('ip-' || (g.i % 900000)) as ip_hash, l.utm_source,
     g.i % ${SALES_EVERY} <> 0 and g.r_bot < 0.035 as is_bot,
     g.i % ${SALES_EVERY} <> 0 and g.r_bot >= 0.035 and g.r_bot < 0.095 as is_repeat,
     g.r_agent, g.r_country
   from (
     select i, 1 + floor(${AFFILIATES} * power(random(), 2))::int as n, random() as r_link,
       now() - random() * interval '365 days' as at, random() as r_bot, random() as r_agent, random() as r_country
     from generate_series(1, ${CLICKS}) i
   ) g
   join seed_links l on l.n = g.n and l.k = floor(g.r_link * case when g.n <= 50 then 15 else 5 end)::int`,
);

// A partition per month of the year of clicks (the server makes them ahead from then on), so each
// click goes straight to its month instead of through the default partition.
await step(
  'click partitions',
  client,
  `select ensure_click_partitions((now() - interval '366 days')::date, (now() + interval '3 months')::date)`,
);

// What the click writer would have worked out about each visit (decision 022): the traits of each
// agent, referrer and country the clicks use, worked out by the server's own code.
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  'Mozilla/5.0 (Linux; Android 15; SM-S921B) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15',
  'facebookexternalhit/1.1',
];
const REFERRERS = ['https://blog.exemplo.com.br/', 'https://www.google.com/', ''];
const COUNTRIES = ['BR', 'PT', 'US'];
const traits = AGENTS.flatMap((agent, a) =>
  REFERRERS.flatMap((referrer, r) =>
    COUNTRIES.map((country) => ({ a, r, country, ...agentOf(agent), referrer_host: referrerHostOf(referrer) })),
  ),
);
await client.query(
  `create temp table seed_traits on commit drop as
   select x.a, x.r, x.country, x.device, x.browser, x.os, x.referrer_host, null::int as traits_id
   from jsonb_to_recordset($1::jsonb) as x(a int, r int, country text, device text, browser text, os text, referrer_host text)`,
  [JSON.stringify(traits)],
);
await client.query(`insert into click_traits (country, device, browser, os, referrer_host)
   select distinct country, device, browser, os, referrer_host from seed_traits on conflict do nothing`);
await client.query(`update seed_traits s set traits_id = t.id from click_traits t
   where (t.country, t.device, t.browser, t.os, t.referrer_host) = (s.country, s.device, s.browser, s.os, s.referrer_host)`);

/** Each staged click's traits (`t.traits_id`), as the clicks and the sales they bring both keep them. */
const CLICK_TRAITS = `cross join lateral (select case when c.is_bot then 4 else floor(c.r_agent * 4)::int end as a,
     case when c.utm_source = 'blog' then 0 when c.r_agent < 0.3 then 1 else 2 end as r,
     case when c.r_country < 0.93 then 'BR' when c.r_country < 0.97 then 'PT' else 'US' end as country) v
   join seed_traits t on t.a = v.a and t.r = v.r and t.country = v.country`;
await step(
  'clicks',
  client,
  `insert into clicks (id, link_id, affiliate_id, campaign_id, at, ip_hash, user_agent, referrer, is_bot, is_repeat, traits_id)
   select c.id, c.link_id, c.affiliate_id, c.campaign_id, c.at, c.ip_hash, ($1::text[])[1 + v.a], ($2::text[])[1 + v.r],
     c.is_bot, c.is_repeat, t.traits_id
   from seed_clicks c
   ${CLICK_TRAITS}
   order by c.at`,
  [AGENTS, REFERRERS],
);

await seedSales(client, { clickTraits: CLICK_TRAITS, salesEvery: SALES_EVERY });
await seedRedemptionsAndLedger(client);

const sizes = Object.fromEntries(
  (
    await client.query(`select 'users' as t, count(*)::int as n from users union all select 'affiliates', count(*)::int from affiliates
      union all select 'campaigns', count(*)::int from campaigns union all select 'links', count(*)::int from links
      union all select 'clicks', count(*)::int from clicks union all select 'sales', count(*)::int from sales
      union all select 'ledger_entries', count(*)::int from ledger_entries
      union all select 'redemptions', count(*)::int from redemptions union all select 'payments', count(*)::int from payments`)
  ).rows.map((r) => [r.t, r.n]),
);
// The daily rollups the metrics read, computed once from the rows just generated. Their secondary
// indexes are built once at the end, not row by row (tens of millions of rows at --scale=10).
const rollupTables = REBUILD_ROLLUPS.map(([table]) => table);
const secondaryIndexes = (
  await client.query(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1) and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [rollupTables],
  )
).rows;
for (const index of secondaryIndexes) await client.query(`drop index ${pg.escapeIdentifier(index.indexname)}`);
for (const [table, rebuild] of REBUILD_ROLLUPS) await step(table, client, `delete from ${table}; ${rebuild}`);
for (const index of secondaryIndexes) await step(`index ${index.indexname}`, client, index.indexdef);
await client.query(`insert into settings (key, value) values ($1, $2)`, [
  LARGE_MARKER,
  { seeded_at: new Date().toISOString(), scale, sizes },
]);
await client.query('commit');
log('committed');

await step('vacuum analyze', client, 'vacuum analyze');

// The commissions computed in SQL must be the server's: check a sample against computeCommission.
const sample = await client.query(
  `select s.amount_cents, s.commission_cents, s.commission, cp.commission_type, cp.commission_value, lv.name, lv.commission_bps
   from sales s join campaigns cp on cp.id = s.campaign_id join affiliates a on a.id = s.affiliate_id
   left join levels lv on lv.id = a.level_id
   where s.id % 500 = 0`,
);
const mismatches = sample.rows.filter((r) => {
  const expected = computeCommission(Number(r.amount_cents), {
    campaignType: r.commission_type,
    campaignValue: r.commission_value === null ? null : Number(r.commission_value),
    level: r.name ? { name: r.name, commissionBps: r.commission_bps } : null,
  });
  return expected.commission_cents !== Number(r.commission_cents) || !isDeepStrictEqual(expected, r.commission);
});
if (mismatches.length > 0) {
  console.error('Commission mismatch against computeCommission:', JSON.stringify(mismatches.slice(0, 3), null, 2));
  process.exitCode = 1;
}
const negative = (
  await client.query(
    'select count(*)::int as n from (select affiliate_id from ledger_entries group by 1 having sum(amount_cents) < 0) x',
  )
).rows[0].n;
const { rows: disk } = await client.query('select pg_size_pretty(pg_database_size(current_database())) as size');
await client.end();

const seconds = Math.round((performance.now() - started) / 100) / 10;
console.log(`
  Large programme ready in ${seconds} s on ${databaseUrl.replace(/\/\/[^@/]*@/, '//')} (${disk[0].size})
  ${Object.entries(sizes)
    .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
    .join(', ')}
  Commissions checked against computeCommission on ${sample.rowCount} sales: ${mismatches.length} differ.
  Affiliates with a negative balance: ${negative}.

  Sign in: DATABASE_URL=${databaseUrl} npm start
    Administrator  ${LARGE_ADMIN.email} / ${LARGE_ADMIN.password}
    Affiliates     affiliate0001@large.test … affiliate${String(AFFILIATES).padStart(4, '0')}@large.test / ${LARGE_AFFILIATE_PASSWORD}
                   (affiliate0001 is the busiest)
  Benchmark: npm run bench -- metrics
`);
