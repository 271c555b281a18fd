// The metrics endpoints on a large programme (issue 8, "fast at scale"; issue 18, "ten times the
// data"): the database `npm run seed:large` builds (1,000 affiliates, 5,000,000 clicks, 1,000,000
// sales over a year; `-- --scale=10` for 50,000,000 and 10,000,000). Starts the built server on it
// (which applies any migration the database lacks first), signs in as the administrator and as the
// busiest affiliate, and times each endpoint with sequential requests (3 warm-ups, then
// BENCH_REQUESTS, default 30), measured at the client from request to parsed body.
// Target (issue 18): every metrics endpoint p95 ≤ 100 ms, over a 90-day window ending today and as
// `/` loads the home dashboards (the last 30 days), for the programme, one network and the busiest
// affiliate. (Issue 8 allowed the home dashboards 150 ms; issue 18 holds them to 100 ms too.)
// Skipped, with a message, when the large database is absent or unreachable: it never runs in CI.
// While it runs it holds the auto-approval and promotion jobs' leases, so the server's background
// jobs do not write to the programme being measured; the leases are given back as they were.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { record, startBuiltServer } from './support/server.mjs';

const DATABASE =
  process.env.BENCH_LARGE_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/afiliados_large';
const ADMIN = { email: 'admin@large.test', password: 'large-admin-password-1' };
const AFFILIATE_PASSWORD = 'large-affiliate-password-1';
const WARMUPS = 3;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const WINDOW_DAYS = 90;
const TARGET_MS = 100;
const HOME_TARGET_MS = TARGET_MS;
const JOBS = ['sales.auto-approval', 'levels.promotion'];
const HOLDER = 'metrics-bench';
const DAY_MS = 86_400_000;

const where = DATABASE.replace(/\/\/[^@/]*@/, '//');
function skip(reason) {
  console.log(`metrics: skipped, ${reason} (build it with \`npm run seed:large\`; see bench/README.md)`);
  process.exit(0);
}

if (!existsSync('dist/server/main.mjs')) {
  console.error('metrics: dist/server/main.mjs is missing; run `npm run build` (or `npm run bench -- metrics`).');
  process.exit(1);
}

const client = new pg.Client({ connectionString: DATABASE, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
} catch (error) {
  skip(`no large database at ${where} (${error.message})`);
}
const seeded = await client
  .query("select value from settings where key = 'large_seed'")
  .then((r) => r.rows[0]?.value)
  .catch(() => undefined);
if (!seeded) {
  await client.end();
  skip(`${where} is not a database built by seed:large`);
}

/** Brasília day (UTC−3) as YYYY-MM-DD, the server's idea of "today". */
const brasiliaDay = (at) => new Date(at - 3 * 3_600_000).toISOString().slice(0, 10);
const to = brasiliaDay(Date.now());
const from = brasiliaDay(Date.parse(`${to}T12:00:00-03:00`) - (WINDOW_DAYS - 1) * DAY_MS);
const period = `from=${from}&to=${to}`;

// The busiest affiliate of the window and the busiest network, as they would be in real life.
const { rows: busiest } = await client.query(
  `select u.email, a.id, count(*)::int as sales from sales s join affiliates a on a.id = s.affiliate_id
   join users u on u.id = a.user_id
   where s.created_at >= $1::date + interval '3 hours' group by 1, 2 order by 3 desc limit 1`,
  [from],
);
const { rows: network } = await client.query(
  `select a.network_id as id, count(*)::int as affiliates from affiliates a where a.network_id is not null
   group by 1 order by 2 desc, 1 limit 1`,
);
const affiliate = busiest[0];
const networkId = network[0]?.id;

// Hold the background jobs' leases (remembering how they were) so nothing writes while we measure.
const { rows: leasesBefore } = await client.query('select * from job_leases where name = any($1)', [JOBS]);
for (const name of JOBS) {
  const { rowCount } = await client.query(
    `insert into job_leases (name, holder, held_until) values ($1, $2, now() + interval '2 hours')
     on conflict (name) do update set holder = excluded.holder, held_until = excluded.held_until
     where job_leases.held_until < now()`,
    [name, HOLDER],
  );
  if (rowCount === 0) console.warn(`metrics: the ${name} job is running on another server; numbers may move.`);
}
async function giveLeasesBack() {
  await client.query('delete from job_leases where name = any($1) and holder = $2', [JOBS, HOLDER]);
  for (const lease of leasesBefore) {
    await client.query(
      `insert into job_leases (name, holder, held_until, last_run_at) values ($1, $2, $3, $4)
       on conflict (name) do nothing`,
      [lease.name, lease.holder, lease.held_until, lease.last_run_at],
    );
  }
}

// The server migrates before it answers: on a database seeded before a migration, this start
// includes that migration over every row (the time is recorded with the results).
const startedAt = performance.now();
const server = await startBuiltServer({
  port: 3293,
  env: { DATABASE_URL: DATABASE, AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  readyTimeoutMs: 30 * 60_000,
});
const serverStartMs = Math.round(performance.now() - startedAt);
console.log(`  server ready in ${serverStartMs} ms (migrations included)`);

async function signIn(email, password) {
  const res = await fetch(`${server.base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json();
  if (!body.token) throw new Error(`sign-in as ${email} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (ms) => Math.round(ms * 10) / 10;

async function measure(token, path) {
  const url = `${server.base}/api/v1${path}`;
  const once = async () => {
    const at = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    const ms = performance.now() - at;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
    return { ms, bytes: body.length };
  };
  for (let i = 0; i < WARMUPS; i++) await once();
  const times = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const r = await once();
    times.push(r.ms);
    bytes = r.bytes;
  }
  times.sort((a, b) => a - b);
  return {
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    p99_ms: round(percentile(times, 99)),
    max_ms: round(times.at(-1)),
    response_bytes: bytes,
  };
}

let results;
try {
  const admin = await signIn(ADMIN.email, ADMIN.password);
  const busy = await signIn(affiliate.email, AFFILIATE_PASSWORD);
  const cases = [
    // What `/` loads: the last 30 days (the period picker's default, the server's too).
    { name: 'home: overview (admin, 30 days)', token: admin, path: '/metrics/overview', target: HOME_TARGET_MS },
    { name: 'home: me (busiest affiliate, 30 days)', token: busy, path: '/metrics/me', target: HOME_TARGET_MS },
    { name: 'overview', token: admin, path: `/metrics/overview?${period}`, target: HOME_TARGET_MS },
    { name: 'me (busiest affiliate)', token: busy, path: `/metrics/me?${period}`, target: HOME_TARGET_MS },
    { name: 'top-affiliates', token: admin, path: `/metrics/top-affiliates?${period}`, target: TARGET_MS },
    { name: 'payment-methods', token: admin, path: `/metrics/payment-methods?${period}`, target: TARGET_MS },
    { name: 'origins', token: admin, path: `/metrics/origins?${period}`, target: TARGET_MS },
    { name: 'sales', token: admin, path: `/metrics/sales?${period}`, target: TARGET_MS },
    { name: 'redemptions', token: admin, path: `/metrics/redemptions?${period}`, target: TARGET_MS },
    { name: 'indicators', token: admin, path: `/metrics/indicators?${period}`, target: TARGET_MS },
    // The traffic breakdowns: the programme's by country, and the busiest affiliate's own by device.
    { name: 'clicks by country', token: admin, path: `/metrics/clicks?${period}&by=country`, target: TARGET_MS },
    {
      name: 'clicks by device (busiest affiliate)',
      token: busy,
      path: `/metrics/clicks?${period}&by=device`,
      target: TARGET_MS,
    },
    // Every screen filters by network too: the same endpoints held to one network's members.
    ...(networkId
      ? [
          ['overview', HOME_TARGET_MS],
          ['top-affiliates', TARGET_MS],
          ['payment-methods', TARGET_MS],
          ['origins', TARGET_MS],
          ['sales', TARGET_MS],
          ['redemptions', TARGET_MS],
          ['indicators', TARGET_MS],
          ['clicks', TARGET_MS, '&by=country'],
        ].map(([endpoint, target, more = '']) => ({
          name: `${endpoint} (one network)`,
          token: admin,
          path: `/metrics/${endpoint}?${period}&network_id=${networkId}${more}`,
          target,
        }))
      : []),
  ].filter((c) => !process.env.BENCH_ONLY || c.name.includes(process.env.BENCH_ONLY));
  results = [];
  for (const c of cases) {
    const timing = await measure(c.token, c.path);
    const met = timing.p95_ms <= c.target;
    results.push({ endpoint: c.name, path: c.path, target_p95_ms: c.target, ...timing, target_met: met });
    console.log(
      `  ${c.name.padEnd(38)} p50 ${String(timing.p50_ms).padStart(7)}  p95 ${String(timing.p95_ms).padStart(7)}  p99 ${String(timing.p99_ms).padStart(7)} ms  (≤ ${c.target}) ${met ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  await server.stop();
  await giveLeasesBack();
  await client.end();
}

const missed = results.filter((r) => !r.target_met);
record('metrics', {
  target: `p95 ≤ ${TARGET_MS} ms per endpoint, over ${WINDOW_DAYS} days and as the home dashboards load them (30 days)`,
  database: { url: where, seeded_at: seeded.seeded_at, scale: seeded.scale, sizes: seeded.sizes },
  window: { from, to, days: WINDOW_DAYS },
  busiest_affiliate: { id: Number(affiliate.id), email: affiliate.email, sales_in_window: affiliate.sales },
  network_id: networkId ?? null,
  requests: { warmups: WARMUPS, measured: REQUESTS, sequential: true },
  server_start_ms_including_migrations: serverStartMs,
  results,
  verdict: missed.length
    ? `${results.length - missed.length}/${results.length} met; NOT met: ${missed.map((r) => `${r.endpoint} p95 ${r.p95_ms} ms`).join(', ')}`
    : `all ${results.length} met (worst p95 ${Math.max(...results.map((r) => r.p95_ms))} ms)`,
});
