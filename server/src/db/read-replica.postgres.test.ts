import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_ROLE } from '@contract/auth';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../test/fixtures';
import { testConfig } from '../../test/helper';
import { buildApp } from '../app';
import { type Database, openDatabase } from './client';
import { campaigns } from './schema';

// READ_DATABASE_URL (issue 18, point 8; docs/decisions/028): a real streaming replica, made the way
// an operator makes one (initdb, pg_basebackup -R), on a primary cluster of the test's own, so the
// machine's cluster is left as it is. Metrics and exports read from the replica; writes go to the
// primary. Pausing the replica's replay shows which one a read came from.

const VERSION = readdirSync('/usr/lib/postgresql').sort().at(-1) ?? '15';
const BIN = `/usr/lib/postgresql/${VERSION}/bin`;
const isRoot = process.getuid?.() === 0;

/** A PostgreSQL tool as the postgres user (the server refuses to run as root). */
function asPostgres(tool: string, args: string[]) {
  const command = join(BIN, tool);
  return isRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
    : execFileSync(command, args, { stdio: 'pipe' });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let dir = '';
let primaryUrl = '';
let replicaUrl = '';
let database: Database;
let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId = 0;
let affiliateId = 0;
let order = 0;
/** Commit on the primary to visible on the replica, per sale, in ms. */
const lags: number[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'afiliados-replica-'));
  chmodSync(dir, 0o755);
  if (isRoot) {
    const [uid, gid] = postgresIds();
    chownSync(dir, uid, gid);
  }
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  asPostgres('initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const settings = (port: number) => [
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c wal_level=replica -c max_wal_senders=4`,
  ];
  asPostgres('pg_ctl', ['-D', primary, '-l', join(dir, 'primary.log'), '-w', ...settings(primaryPort), 'start']);
  primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const migrating = await openDatabase({ databaseUrl: primaryUrl, poolSize: 2 });
  await migrating.migrate();
  await migrating.close();
  // A streaming replica as an operator makes one: a base backup that writes its own standby settings.
  asPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R']);
  asPostgres('pg_ctl', ['-D', replica, '-l', join(dir, 'replica.log'), '-w', ...settings(replicaPort), 'start']);
  replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;

  database = await openDatabase({ databaseUrl: primaryUrl, readDatabaseUrl: replicaUrl, poolSize: 4 });
  app = await buildApp({ config: testConfig(join(dir, 'data')), database, logger: false });
  admin = await createSignedIn(app, database.db, { role: ADMIN_ROLE });
  const ana = await createSignedIn(app, database.db);
  affiliateId = ana.user.affiliateId ?? 0;
  const [campaign] = await database.db
    .insert(campaigns)
    .values({
      name: 'Réplica',
      destinationUrl: 'https://loja.example.com/',
      commissionType: 'percent',
      commissionValue: 1_000,
      cookieDays: 30,
      holdDays: 0,
    })
    .returning();
  campaignId = campaign?.id ?? 0;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  for (const cluster of ['replica', 'primary']) {
    try {
      asPostgres('pg_ctl', ['-D', join(dir, cluster), '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Not started: nothing to stop.
    }
  }
  console.log(`replica lag, commit to visible: ${lags.map((ms) => `${ms} ms`).join(', ')}`);
  rmSync(dir, { recursive: true, force: true });
});

function postgresIds(): [number, number] {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return [uid, gid];
}

const approvedSales = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/metrics/sales', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json().tables.by_status.find((r: { key: string }) => r.key === 'approved');
  return (row?.count as number | undefined) ?? 0;
};

async function recordApprovedSale() {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/sales',
    headers: admin.headers,
    payload: {
      campaign_id: campaignId,
      affiliate_id: affiliateId,
      amount_cents: 10_000,
      payment_method: 'pix',
      external_id: `replica-${++order}`,
      status: 'approved',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return Date.now();
}

async function untilApproved(count: number, timeoutMs = 10_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if ((await approvedSales()) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the replica did not show ${count} approved sales in ${timeoutMs} ms`);
}

describe('READ_DATABASE_URL', () => {
  test('the read handle is the replica; writes go to the primary', async () => {
    const [replicaSide] = (
      (await database.readDb.execute(sql`select pg_is_in_recovery() as standby`)) as unknown as {
        rows: { standby: boolean }[];
      }
    ).rows;
    const [primarySide] = (
      (await database.db.execute(sql`select pg_is_in_recovery() as standby`)) as unknown as {
        rows: { standby: boolean }[];
      }
    ).rows;
    expect(replicaSide?.standby).toBe(true);
    expect(primarySide?.standby).toBe(false);
  });

  test('metrics and exports read from the replica, a moment behind the primary', async () => {
    for (let n = 1; n <= 5; n++) {
      const committed = await recordApprovedSale();
      await untilApproved(n);
      lags.push(Date.now() - committed);
    }
    // With replay paused, a sale committed on the primary is not in the metrics nor the export...
    await database.readDb.execute(sql`select pg_wal_replay_pause()`);
    await recordApprovedSale();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await approvedSales()).toBe(5);
    const exported = await app.inject({ method: 'GET', url: '/api/v1/sales/export', headers: admin.headers });
    expect(exported.body).not.toContain('replica-6');
    expect(exported.body).toContain('replica-5');
    // ...while the sales list, read from the primary, has it.
    const list = await app.inject({ method: 'GET', url: '/api/v1/sales?q=replica-6', headers: admin.headers });
    expect(list.json().total).toBe(1);
    // Replay resumed, the replica catches up.
    await database.readDb.execute(sql`select pg_wal_replay_resume()`);
    await untilApproved(6);
    expect(Math.max(...lags)).toBeLessThan(5_000);
  });
});
