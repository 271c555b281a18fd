// Shared by the benchmarks: start the built server on a throw-away database, and record results.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';

/**
 * The Node flags the portal ships with: those of `npm run serve` (package.json), so every bench
 * starts the server the way a deployment does (the young generation's size, decision 040).
 */
export function servedNodeFlags() {
  // BENCH_NODE_FLAGS replaces them, for an A/B of a flag ('' for none); results so made are not "as shipped".
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
  const serve = JSON.parse(readFileSync('package.json', 'utf8')).scripts.serve.split(/\s+/);
  return serve.slice(1, serve.indexOf('dist/server/main.mjs'));
}

/** The built server on a fresh data folder; `cpu` pins it to one core (taskset) for load tests. */
export async function startBuiltServer({ port, env = {}, cpu, readyTimeoutMs = 30_000 }) {
  const dataDir = `.tmp/bench-data-${port}`;
  mkdirSync('.tmp', { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  const command = cpu === undefined ? [process.execPath] : ['taskset', '-c', String(cpu), process.execPath];
  // BENCH_CPU_PROF=<folder> writes the server's CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_SERVER_FLAGS adds Node flags to the server only (say --trace-gc: the lines go to its log).
  profile.push(...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []));
  const child = spawn(command[0], [...command.slice(1), ...servedNodeFlags(), ...profile, 'dist/server/main.mjs'], {
    // As shipped: the default log level (info, a line per request) unless BENCH_LOG_LEVEL says otherwise.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
      ...env,
    },
    // The server's log beside its data, as a deployment collects its standard output.
    stdio: ['ignore', openSync(`.tmp/bench-server-${port}.log`, 'w'), 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // Ready once it answers /ready (a first start with DEMO_DATA=1 seeds the demo programme first).
  let isReady = false;
  for (const until = Date.now() + readyTimeoutMs; !isReady && Date.now() < until; ) {
    try {
      isReady = (await fetch(`${base}/api/v1/ready`)).ok;
    } catch {}
    if (!isReady) await new Promise((r) => setTimeout(r, 100));
  }
  if (!isReady) {
    child.kill('SIGTERM');
    throw new Error(
      `the built server on port ${port} was not ready after ${readyTimeoutMs} ms (.tmp/bench-server-${port}.log)`,
    );
  }
  return {
    base,
    dataDir,
    /** The server's process (taskset runs it in its own place). */
    pid: child.pid,
    /** Graceful stop (SIGTERM: the server writes what it buffered); keeps the data folder if asked. */
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Writes bench/results/<name>.json with the machine it ran on, and prints a one-line verdict. */
export function record(name, result) {
  mkdirSync('bench/results', { recursive: true });
  const entry = {
    ...result,
    ran_at: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
  };
  writeFileSync(`bench/results/${name}.json`, `${JSON.stringify(entry, null, 2)}\n`);
  console.log(`${name}: ${result.verdict}`);
}

/** The administrator every bench's server starts with, and the PostgreSQL server benches use. */
export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password-1' };
export const BENCH_POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The middle of some measurements (turns are compared by their medians). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** A JSON call to the portal's API, for seeding; anything but a 2xx stops the bench. */
export async function callApi(base, path, { token, body, method } = {}) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: method ?? (body ? 'POST' : 'GET'),
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** An empty database of that name on the bench's PostgreSQL server; answers its URL. */
export async function freshPostgresDatabase(name) {
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BENCH_POSTGRES);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `count` affiliates registered through the form and approved by the admin; answers their codes. */
export async function approvedAffiliateCodes(base, adminToken, count) {
  for (let i = 0; i < count; i++) {
    await callApi(base, '/auth/register', {
      body: {
        first_name: 'Bench',
        last_name: `Afiliado ${i}`,
        email: `afiliado${i}@bench.test`,
        password: 'bench-senha-1',
        accept_terms: true,
      },
    });
  }
  const pending = await callApi(base, `/affiliates?status=pending&page_size=${count}`, { token: adminToken });
  for (const affiliate of pending.items) {
    await callApi(base, `/affiliates/${affiliate.id}/approve`, { token: adminToken, method: 'POST' });
  }
  const approved = await callApi(base, `/affiliates?status=approved&page_size=${count}`, { token: adminToken });
  return approved.items.map((a) => a.code);
}

/**
 * One autocannon run's figures as a load script prints them (its last line, JSON), counting the
 * answers of the class it expects (`2xx`, or `3xx` for the redirect) against all others.
 */
export function printLoadResult(result, expected = '2xx') {
  const classes = ['1xx', '2xx', '3xx', '4xx', '5xx'];
  console.log(
    JSON.stringify({
      requests_per_second: Math.round(result.requests.average),
      latency_p50_ms: result.latency.p50,
      latency_p99_ms: result.latency.p99,
      total: result.requests.total,
      [`status_${expected}`]: result[expected],
      [`non_${expected}`]: classes.filter((c) => c !== expected).reduce((sum, c) => sum + result[c], 0),
      errors: result.errors,
      timeouts: result.timeouts,
    }),
  );
}
