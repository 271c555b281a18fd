// `npm test`: every check and every test, in the order a failure is cheapest to find.
//   lint, type check, unit + API tests on PGlite, API tests on PostgreSQL (when reachable; required
//   with REQUIRE_POSTGRES=1), two servers behind HAProxy with one killed (the same condition), the
//   production build, and the Playwright journeys in Chromium.
// Ends with one line "tests: N passed, M failed" summing every test runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureHaproxy } from './ensure-haproxy.mjs';

const TMP = '.tmp/test-reports';
rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });

const results = [];
let passed = 0;
let failed = 0;
// Named again under the summary: CI shows only the tail of the output.
const failures = [];

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = child.status === 0;
  results.push({ title, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const suite of report.testResults) {
    for (const test of suite.assertionResults) {
      if (test.status === 'failed')
        failures.push(`${suite.name}: ${test.fullName}: ${firstLine(test.failureMessages)}`);
    }
    // A file that failed before any test ran (an import error, a hook) has no failed test to name.
    if (suite.status === 'failed' && !suite.assertionResults.some((t) => t.status === 'failed')) {
      failures.push(`${suite.name}: ${firstLine([suite.message])}`);
    }
  }
}

function firstLine(messages) {
  const text = (messages ?? []).filter(Boolean).join('\n');
  return (
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const errors = test.results.flatMap((r) => (r.error?.message ? [r.error.message] : []));
          failures.push(`${spec.file}:${spec.line}: ${spec.title} (${test.status}): ${firstLine(errors)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of suites ?? []) visit(suite);
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const npx = (bin) => `node_modules/.bin/${bin}`;

run('Lint and format (Biome)', npx('biome'), ['ci', '.']);
// A backward import (docs/architecture.md, "Boundaries") or a file past 400 lines fails the build.
run('Import boundaries (dependency-cruiser)', 'npm', ['run', '--silent', 'lint:boundaries']);
run('Source files under 400 lines', 'node', ['scripts/check-file-sizes.mjs']);
run('Type check (tsc)', npx('tsc'), ['-p', '.']);

const pgliteReport = `${TMP}/vitest-pglite.json`;
run('Unit and API tests on PGlite (Vitest)', npx('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${pgliteReport}`,
]);
countVitest(pgliteReport);

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (await postgresReachable(postgresUrl)) {
  const postgresReport = `${TMP}/vitest-postgres.json`;
  run(
    'API tests on PostgreSQL (Vitest)',
    npx('vitest'),
    ['run', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${postgresReport}`],
    { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
  );
  countVitest(postgresReport);
  // Its own stage, counted as one test in the summary line.
  const cluster = 'Two servers behind HAProxy, one killed (npm run test:cluster)';
  let clusterOk = false;
  if (ensureHaproxy()) {
    const clusterFailures = `${TMP}/cluster-failures.json`;
    clusterOk = run(cluster, process.execPath, ['scripts/test-cluster.mjs'], {
      TEST_DATABASE_URL: postgresUrl,
      CLUSTER_FAILURES_FILE: clusterFailures,
    });
    if (existsSync(clusterFailures)) {
      for (const what of JSON.parse(readFileSync(clusterFailures, 'utf8'))) failures.push(`test:cluster: ${what}`);
    }
  } else {
    results.push({ title: `${cluster}: HAProxy missing`, ok: false, seconds: 0 });
  }
  if (clusterOk) passed += 1;
  else failed += 1;
} else if (process.env.REQUIRE_POSTGRES === '1') {
  console.error(`\nPostgreSQL is required (REQUIRE_POSTGRES=1) but not reachable at ${postgresUrl}.`);
  results.push({ title: 'API tests on PostgreSQL', ok: false, seconds: 0 });
  failed += 1;
} else {
  console.log(`\n━━ API tests on PostgreSQL: skipped, no server at ${postgresUrl} (set TEST_DATABASE_URL).`);
}

const built = run('Production build', process.execPath, ['scripts/build.mjs']);
if (!ensureChromium()) {
  results.push({ title: 'Browser tests (Chromium missing)', ok: false, seconds: 0 });
  failed += 1;
} else if (built) {
  const playwrightReport = `${TMP}/playwright.json`;
  run('Browser journeys in Chromium (Playwright)', npx('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport,
  });
  countPlaywright(playwrightReport);
}

console.log('\n━━ Summary');
for (const { title, ok, seconds } of results) console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${title} (${seconds}s)`);
const allOk = results.every((r) => r.ok);
if (failures.length > 0) {
  console.log('\nFailed:');
  for (const failure of failures) console.log(`  ✗ ${stripVTControlCharacters(failure)}`);
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(allOk && failed === 0 ? 0 : 1);
