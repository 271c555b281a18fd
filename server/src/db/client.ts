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
  /**
   * Runs `work` while no other server of this database runs theirs: start-up (migrations, the shared
   * secret, the first administrator, demo data) happens once. A PostgreSQL advisory lock; on PGlite,
   * which lives in one process, a queue in that process.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Throws when the database cannot answer a query. */
  ping(): Promise<void>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel`, from any server on this database
   * (PostgreSQL LISTEN/NOTIFY; PGlite's own listen). Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    handler: (payload: string) => void,
    options?: { onReconnect?: () => void },
  ): Promise<() => Promise<void>>;
  /** Another independent handle on the same database, as a second server would have. */
  reopen(): Promise<Database>;
  close(): Promise<void>;
};

/**
 * The migrations live next to this module in the source tree and next to the bundle in dist/server,
 * so the same relative URL finds them in both.
 */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any fixed numbers: they only have to be the same for every server of this application. */
const MIGRATION_LOCK_ID = 4_201_337;
const START_LOCK_ID = 4_201_338;

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
    async exclusively(work) {
      // The lock holds one connection for the whole turn; `work` runs on the others of the pool.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [START_LOCK_ID]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [START_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channel, handler, options) {
      return listenOnPostgres(databaseUrl, channel, handler, options?.onReconnect);
    },
    reopen: () => openPostgres(databaseUrl, poolSize),
    async close() {
      await pool.end();
    },
  };
}

/** How long a dropped LISTEN connection waits before it tries again, at first and at most. */
const RELISTEN_FIRST_MS = 250;
const RELISTEN_MAX_MS = 5_000;

/**
 * A dedicated connection for LISTEN, reconnecting after a drop (and retrying until the database
 * answers) so no server goes deaf. What was sent while it was away is lost: `onReconnect` lets the
 * listener catch up.
 */
async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  handler: (payload: string) => void,
  onReconnect?: () => void,
) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      next.end().catch(() => {});
      // Only the live connection reconnects; a failed attempt is retried by whoever made it.
      if (client !== next) return;
      client = null;
      if (!stopped) reconnect(RELISTEN_FIRST_MS);
    };
    next.on('error', drop);
    next.on('end', drop);
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      dropped = true;
      next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  };
  const reconnect = (waitMs: number) => {
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          if (!stopped) onReconnect?.();
        },
        () => {
          if (!stopped) reconnect(Math.min(waitMs * 2, RELISTEN_MAX_MS));
        },
      );
    }, waitMs);
    retryTimer.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}

/** Per PGlite instance, the end of the queue of start-up work (every app opening it shares it). */
const startQueues = new WeakMap<PGlite, Promise<unknown>>();

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
    exclusively(work) {
      const previous = startQueues.get(client) ?? Promise.resolve();
      const turn = previous.catch(() => {}).then(work);
      startQueues.set(client, turn);
      return turn;
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
