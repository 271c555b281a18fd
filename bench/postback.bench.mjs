// Sales ingestion at launch-day speed (issue 14): POST /api/v1/postback with distinct orders at 50
// connections, against a bare node:http server that parses the same JSON and does one
// INSERT .. ON CONFLICT DO NOTHING RETURNING on the same PostgreSQL (bench/support/bare-postback.mjs).
// Server on core 0, load on core 1. Two shapes: every order to one campaign and one affiliate (a
// launch), and orders spread over 40 affiliates and 5 campaigns. Ours and bare take turns and their
// medians are compared. Afterwards the server stops and every acknowledged sale must be in the table.
// Target: PostgreSQL >= 0.5 x bare with p99 <= 50 ms in both shapes (or <= 2 x the bare p99 of the same run
// on a machine slower than the issue's, where the bare p99 exceeds 25 ms); PGlite >= 0.3 x bare.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  approvedAffiliateCodes,
  BENCH_ADMIN,
  callApi,
  freshPostgresDatabase,
  median,
  record,
  startBuiltServer,
} from './support/server.mjs';
import { ensureBenchTools } from './support/tools.mjs';

// bench/support/postback-load.mjs runs autocannon, one of the bench's own tools.
ensureBenchTools();

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// (The warm-up turn lasts SECONDS too; its sales are stored but not counted as acknowledged.)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const AFFILIATES = 40;
/** The CSV import: rows in all, and rows per request as the import screen sends them. */
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const IMPORT_CHUNK = 100;
const CAMPAIGNS = 5;
/** The p99 limit on PostgreSQL, set where the bare server's own p99 was 25 ms. */
const P99_LIMIT_MS = 50;
function load(url, targets, apiKey, prefix) {
  const out = execFileSync(
    'taskset',
    [
      '-c',
      '1',
      process.execPath,
      'bench/support/postback-load.mjs',
      url,
      String(CONNECTIONS),
      String(SECONDS),
      JSON.stringify(targets),
      apiKey,
      prefix,
    ],
    { encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').at(-1));
}

/** Campaigns, approved affiliates and an unsigned postback key. */
async function seed(base) {
  const admin = (await callApi(base, '/auth/login', { body: BENCH_ADMIN })).token;
  const campaigns = [];
  for (let i = 0; i < CAMPAIGNS; i++) {
    campaigns.push(
      await callApi(base, '/campaigns', {
        token: admin,
        body: {
          name: `Lançamento ${i + 1}`,
          destination_url: 'https://loja.example.com/produto',
          cookie_days: 30,
          hold_days: 7,
          commission_type: 'percent',
          commission_value: 1250,
        },
      }),
    );
  }
  const codes = await approvedAffiliateCodes(base, admin, AFFILIATES);
  const key = await callApi(base, '/api-keys', { token: admin, body: { name: 'Bench', signed: false } });
  return {
    admin,
    apiKey: key.key,
    launch: [{ campaign_id: campaigns[0].id, affiliate_code: codes[0] }],
    spread: codes.map((code, i) => ({ campaign_id: campaigns[i % CAMPAIGNS].id, affiliate_code: code })),
  };
}

async function countSales(engine, database, dataDir) {
  const sql =
    "select count(*)::int as n, count(distinct (campaign_id, external_id))::int as orders from sales where origin = 'bench'";
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    const { rows } = await client.query(sql);
    await client.end();
    return rows[0];
  }
  const db = await PGlite.create(`${dataDir}/pglite`);
  const { rows } = await db.query(sql);
  await db.close();
  return rows[0];
}

const bareDatabase = await freshPostgresDatabase('afiliados_bench_bare');
let bareTurn = 0;
/** The bare server's throughput now: the machine drifts, so it is measured between our turns. */
async function measureBare(targets) {
  const bare = spawn(
    'taskset',
    ['-c', '0', process.execPath, 'bench/support/bare-postback.mjs', '3292', bareDatabase],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve) => bare.stdout.once('data', resolve));
  bareTurn += 1;
  const result = load('http://127.0.0.1:3292/', targets, '', `bare${bareTurn}`);
  bare.kill();
  await new Promise((resolve) => bare.once('exit', resolve));
  return result;
}

/** The spreadsheet the import bench sends: Brazilian amounts, spread like the postbacks. */
function importValues(world, engine, i) {
  const target = world.spread[i % world.spread.length];
  const cents = 10_000 + (i % 50_000);
  return {
    campaign_id: String(target.campaign_id),
    external_id: `import-${engine}-${i}`,
    amount: `${Math.floor(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`,
    payment_method: i % 3 === 0 ? 'cartão de crédito' : 'pix',
    affiliate_code: target.affiliate_code,
    origin: 'import',
  };
}

/** The import screen's way: a chunk of rows per request, one request after the other. */
async function importRows(base, world, engine) {
  const started = performance.now();
  let created = 0;
  for (let start = 0; start < IMPORT_ROWS; start += IMPORT_CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(start + IMPORT_CHUNK, IMPORT_ROWS); i++) {
      rows.push({ line: i + 2, values: importValues(world, engine, i) });
    }
    const answer = await callApi(base, '/sales/import', { token: world.admin, body: { rows } });
    created += answer.results.filter((r) => r.outcome === 'created').length;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    rows: IMPORT_ROWS,
    created,
    seconds: Math.round(seconds * 10) / 10,
    rows_per_second: Math.round(IMPORT_ROWS / seconds),
  };
}

/** PostgreSQL's COPY of the same rows into a bare table, through psql, for scale. */
async function copyRows(world) {
  const file = '.tmp/bench-import.csv';
  const lines = [];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const v = importValues(world, 'copy', i);
    lines.push([v.campaign_id, v.external_id, 10_000 + (i % 50_000), v.payment_method, v.affiliate_code].join(','));
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  const psql = (command) => execFileSync('psql', [bareDatabase, '-q', '-c', command], { encoding: 'utf8' });
  psql(`create table if not exists bare_import (campaign_id bigint, external_id text unique, amount_cents bigint,
    payment_method text, affiliate_code text)`);
  psql('truncate bare_import');
  const started = performance.now();
  psql(`\\copy bare_import from '${file}' csv`);
  const seconds = (performance.now() - started) / 1000;
  rmSync(file);
  return {
    rows: IMPORT_ROWS,
    seconds: Math.round(seconds * 100) / 100,
    rows_per_second: Math.round(IMPORT_ROWS / seconds),
  };
}

const summarise = (turns) => ({
  requests_per_second: median(turns.map((r) => r.requests_per_second)),
  latency_p50_ms: median(turns.map((r) => r.latency_p50_ms)),
  // The worst turn's p99, not a median: the target is on every turn.
  latency_p99_ms: Math.max(...turns.map((r) => r.latency_p99_ms)),
  status_2xx: turns.reduce((sum, r) => sum + r.status_2xx, 0),
  non_2xx: turns.reduce((sum, r) => sum + r.non_2xx, 0),
  errors: turns.reduce((sum, r) => sum + r.errors, 0),
  turns: turns.map((r) => ({ requests_per_second: r.requests_per_second, latency_p99_ms: r.latency_p99_ms })),
});

const runs = [];
let lastSpread = [];
for (const engine of (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',')) {
  const database = engine === 'postgres' ? await freshPostgresDatabase('afiliados_bench') : undefined;
  const server = await startBuiltServer({
    port: 3291,
    cpu: 0,
    env: {
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
      ...(database ? { DATABASE_URL: database } : {}),
    },
  });
  const world = await seed(server.base);
  lastSpread = world.spread;
  const url = `${server.base}/api/v1/postback`;
  // A first, uncounted turn: the server's code is compiled by then, as on any day after its first minute.
  load(url, world.spread, world.apiKey, `${engine}-warm-up`);
  // Bare and ours take turns (bare, launch, bare, spread, bare, ...): the medians are compared.
  const bareRuns = [await measureBare(world.launch)];
  const ours = { launch: [], spread: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const shape of ['launch', 'spread']) {
      ours[shape].push(load(url, world[shape], world.apiKey, `${engine}-${shape}-${round}`));
      bareRuns.push(await measureBare(world[shape]));
    }
  }
  const imported = await importRows(server.base, world, engine);
  await server.stop({ keepData: true });
  const stored = await countSales(engine, database, server.dataDir);
  rmSync(server.dataDir, { recursive: true, force: true });
  const bare = median(bareRuns.map((r) => r.requests_per_second));
  const bareP99 = median(bareRuns.map((r) => r.latency_p99_ms));
  const floor = engine === 'postgres' ? 0.5 : 0.3;
  // The 50 ms was twice the bare server's p99 on its machine (25 ms). On a slower or noisier
  // machine the bare p99 rises too, and no server can answer faster than one INSERT: the limit is
  // then twice the bare p99 of this same run (judged against the reference, not a fixed number).
  const p99Allowed = Math.max(P99_LIMIT_MS, 2 * bareP99);
  const acknowledged = ours.launch.concat(ours.spread).reduce((sum, r) => sum + r.status_2xx, 0);
  const shapes = Object.fromEntries(
    Object.entries(ours).map(([shape, turns]) => {
      const result = summarise(turns);
      const ratio = Math.round((result.requests_per_second / bare) * 100) / 100;
      const p99Met = engine === 'postgres' ? result.latency_p99_ms <= p99Allowed : true;
      return [
        shape,
        {
          ...result,
          ratio_to_bare: ratio,
          p99_to_bare: Math.round((result.latency_p99_ms / bareP99) * 100) / 100,
          met: ratio >= floor && p99Met && result.non_2xx === 0,
        },
      ];
    }),
  );
  runs.push({
    engine,
    ...shapes,
    csv_import: imported,
    bare_requests_per_second: bare,
    bare_turns: bareRuns.map((r) => r.requests_per_second),
    bare_p99_ms: bareP99,
    ...(engine === 'postgres' ? { p99_allowed_ms: p99Allowed } : {}),
    acknowledged,
    sales_stored: stored.n,
    // Requests still in flight when a turn stops may be stored without being counted as answered.
    every_sale_stored: stored.n >= acknowledged && stored.n === stored.orders,
    target_met: shapes.launch.met && shapes.spread.met && stored.n >= acknowledged && stored.n === stored.orders,
  });
}

const copy = await copyRows({ spread: runs.length ? lastSpread : [] });

record('postback', {
  target:
    'PostgreSQL: >= 0.5 x the bare one-INSERT server, p99 <= 50 ms (or <= 2 x the bare p99 of the run when that exceeds 25 ms); PGlite: >= 0.3 x; 50 connections, distinct orders, every acknowledged sale stored once',
  connections: CONNECTIONS,
  seconds: SECONDS,
  runs,
  csv_import_copy_reference: copy,
  verdict: runs
    .map(
      (r) =>
        `${r.engine}: import ${r.csv_import.rows} rows in ${r.csv_import.seconds} s (COPY ${copy.seconds} s), launch ${r.launch.requests_per_second}/s (${r.launch.ratio_to_bare}, p99 ${r.launch.latency_p99_ms} ms), spread ${r.spread.requests_per_second}/s (${r.spread.ratio_to_bare}, p99 ${r.spread.latency_p99_ms} ms) against bare ${r.bare_requests_per_second}/s (p99 ${r.bare_p99_ms} ms); sales ${r.sales_stored}/${r.acknowledged} ${r.target_met ? 'met' : 'NOT met'}`,
    )
    .join('; '),
});
