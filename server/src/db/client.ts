import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle handle every service uses; the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Engine = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  engine: Engine;
  /** Runs the migrations that have not run yet. Safe to call from several servers at once. */
  migrate(): Promise<void>;
  /** Throws when the database cannot answer a query. */
  ping(): Promise<void>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel`, from any server on this database
   * (PostgreSQL LISTEN/NOTIFY; PGlite's own listen). Resolves to a function that stops listening.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** Another independent handle on the same database, as a second server would have. */
  reopen(): Promise<Database>;
  close(): Promise<void>;
};

/**
 * The migrations live next to this module in the source tree and next to the bundle in dist/server,
 * so the same relative URL finds them in both.
 */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any fixed number: it only has to be the same for every server of this application. */
const MIGRATION_LOCK_ID = 4_201_337;

export type DatabaseOptions = { databaseUrl: string; poolSize?: number } | { dataDir: string } | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  const client = 'pglite' in options ? options.pglite : await PGlite.create(ensureDir(join(options.dataDir, 'pglite')));
  return wrapPglite(client);
}

function ensureDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg({ client, casing: 'snake_case' }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channel, handler) {
      return listenOnPostgres(databaseUrl, channel, handler);
    },
    reopen: () => openPostgres(databaseUrl, poolSize),
    async close() {
      await pool.end();
    },
  };
}

/** A dedicated connection for LISTEN, reconnecting after a drop so no server goes deaf. */
async function listenOnPostgres(databaseUrl: string, channel: string, handler: (payload: string) => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    next.on('error', () => {
      next.end().catch(() => {});
      if (!stopped) setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

function wrapPglite(client: PGlite, ownsClient = true): Database {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite({ client, casing: 'snake_case' }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channel, handler) {
      const unlisten = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    // One PGlite instance per process: a second handle shares it and leaves closing to the first.
    reopen: async () => wrapPglite(client, false),
    async close() {
      if (ownsClient && !client.closed) await client.close();
    },
  };
}
