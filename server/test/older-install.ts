import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';
import { testEngine, testPostgresUrl } from './engine';

/**
 * A migration test migrates a new database from scratch twice over (before the migration, then to
 * the end): about 8 s alone on PGlite and over 30 s beside three other test files on two cores. The
 * limit guards against a hang, not a speed (those live in bench/).
 */
export const MIGRATION_TEST_TIMEOUT = 120_000;

/** An empty database of the engine this run tests, with nothing migrated. */
export async function emptyDatabase(label: string) {
  if (testEngine() === 'pglite') {
    return {
      database: await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'afiliados-old-')) }),
      drop: async () => {},
    };
  }
  const name = `afiliados_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(testPostgresUrl());
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ databaseUrl: url.toString() }),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Applies the migrations that came before the one tagged `tag`: an install as it was before it. */
export async function migrateBefore(database: Database, tag: string) {
  const source = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
  const folder = mkdtempSync(join(tmpdir(), 'afiliados-migrations-'));
  cpSync(source, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  const { migrate } =
    testEngine() === 'postgres'
      ? await import('drizzle-orm/node-postgres/migrator')
      : await import('drizzle-orm/pglite/migrator');
  await migrate(database.db as never, { migrationsFolder: folder });
}

/**
 * The programme the migration tests start from, written as raw rows (the schema of an older install
 * is not the code's): network 7, affiliate 1 in it and affiliate 2 in none, and campaign 1.
 */
export async function insertTwoAffiliatesAndACampaign(database: Database) {
  const db = database.db;
  await db.execute(sql`insert into networks (id, name) overriding system value values (7, 'Rede Sete')`);
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, role) overriding system value
    values (1, 'a@x.test', 'h', 'A', 'A', 'Afiliado'), (2, 'b@x.test', 'h', 'B', 'B', 'Afiliado')`);
  await db.execute(sql`insert into affiliates (id, user_id, code, network_id, status) overriding system value
    values (1, 1, 'AAA', 7, 'approved'), (2, 2, 'BBB', null, 'approved')`);
  await db.execute(
    sql`insert into campaigns (id, name, destination_url, cookie_days, hold_days) overriding system value values (1, 'C', 'https://c.example.com/', 30, 0)`,
  );
}
