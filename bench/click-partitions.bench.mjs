// The clicks migration of an existing install (0026, docs/decisions/029) on PostgreSQL: a database at
// migration 0025 with BENCH_CLICKS clicks (5 000 000 by default, the large seed's year) is migrated,
// while another connection writes a click every 10 ms, as a server still running would. Measured:
// how long the migration took, and the longest a click write waited meanwhile (how long the table
// was held). Reference, measured in the same run: one sequential read of the same table (`count(*)`),
// the least an attach that checks every row's bound can cost.
// Target: the longest wait of a click write is at most twice the reference read plus 1 s.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { freshPostgresDatabase, record } from './support/server.mjs';

register();
const { openDatabase } = await import('../server/src/db/client.ts');
const { migrate } = await import('drizzle-orm/node-postgres/migrator');
const { newClickId } = await import('../server/src/modules/tracking/click-id.ts');

const CLICKS = Number(process.env.BENCH_CLICKS ?? 5_000_000);

// The migrations as an install had them before partitions.
const folder = mkdtempSync(join(tmpdir(), 'afiliados-before-partitions-'));
cpSync('server/src/db/migrations', folder, { recursive: true });
const journalPath = join(folder, 'meta', '_journal.json');
const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
const at = journal.entries.findIndex((e) => e.tag === '0026_clicks_by_month');
writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

const url = await freshPostgresDatabase('afiliados_bench_partitions');
const database = await openDatabase({ databaseUrl: url });
await migrate(database.db, { migrationsFolder: folder });
const client = new pg.Client({ connectionString: url });
await client.connect();
const filled = performance.now();
await client.query(`insert into clicks (id, link_id, affiliate_id, campaign_id, at, ip_hash, user_agent, referrer)
  select gen_random_uuid(), 1 + i % 5000, 1 + i % 1000, 1 + i % 50, now() - (i % 31536000) * interval '1 second',
    md5(i::text), 'Mozilla/5.0 (Linux; Android 15) Chrome/131.0 Mobile Safari/537.36', ''
  from generate_series(1, ${CLICKS}) i`);
await client.query('vacuum analyze clicks');
console.log(`${CLICKS} clicks written in ${Math.round(performance.now() - filled)} ms`);

// The reference: one sequential read of the table, twice, the second counted (a warm cache, as the
// attach finds it right after the rename).
await client.query("select count(*) from clicks where at < now() + interval '1 month'");
const readStarted = performance.now();
await client.query("select count(*) from clicks where at < now() + interval '1 month'");
const referenceMs = Math.round(performance.now() - readStarted);

// A server still running: a click every 10 ms on its own connection, each timed.
const writer = new pg.Client({ connectionString: url });
await writer.connect();
let writing = true;
const waits = [];
const writes = (async () => {
  while (writing) {
    const started = performance.now();
    await writer.query(
      'insert into clicks (id, link_id, affiliate_id, campaign_id, at, ip_hash) values ($1, 1, 1, 1, now(), $2)',
      [newClickId(), 'bench'],
    );
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
})();
await new Promise((resolve) => setTimeout(resolve, 200));
const migrationStarted = performance.now();
await database.migrate();
const migrationMs = Math.round(performance.now() - migrationStarted);
await new Promise((resolve) => setTimeout(resolve, 200));
writing = false;
await writes;

const parts = (
  await client.query(`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid where i.inhparent = 'clicks'::regclass order by 1`)
).rows.map((r) => r.name);
const longestWaitMs = Math.round(Math.max(...waits));
const targetMs = 2 * referenceMs + 1_000;
await writer.end();
await client.end();
await database.close();

record('click-partitions', {
  clicks: CLICKS,
  reference_sequential_read_ms: referenceMs,
  migration_ms: migrationMs,
  click_writes_during: waits.length,
  longest_click_write_wait_ms: longestWaitMs,
  partitions: parts,
  target: 'the longest wait of a click write <= 2 x the reference read + 1000 ms',
  verdict: `${longestWaitMs <= targetMs ? 'PASS' : 'FAIL'}: a click write waited at most ${longestWaitMs} ms while ${CLICKS} clicks became partitions (migration ${migrationMs} ms; one read of the table ${referenceMs} ms)`,
});
