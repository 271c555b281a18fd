import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
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

/** The rows of a raw query, on either engine (their drivers' results differ in type, not in `rows`). */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
export type Engine = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  /**
   * Where metrics and exports read: a streaming replica when READ_DATABASE_URL names one, else `db`.
   * A replica lags the primary by the time it takes to replay (docs/decisions/028).
   */
  readDb: Db;
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
  /** PostgreSQL: the pool's connections, open, idle and the queries waiting for one (the metrics read it). */
  poolUse?(): { total: number; idle: number; waiting: number };
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel`, from any server on this database
   * (PostgreSQL LISTEN/NOTIFY on one connection for all channels; PGlite's own listen). Resolves to a
   * function that stops listening. `onReconnect`: that connection came back, notices may be lost.
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

export type DatabaseOptions =
  | { databaseUrl: string; readDatabaseUrl?: string | undefined; poolSize?: number }
  | { dataDir: string }
  | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.readDatabaseUrl);
  }
  const client = 'pglite' in options ? options.pglite : await PGlite.create(ensureDir(join(options.dataDir, 'pglite')));
  return wrapPglite(client);
}

function ensureDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function openPostgres(databaseUrl: string, poolSize: number, readDatabaseUrl?: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const readPool = readDatabaseUrl ? new pg.Pool({ connectionString: readDatabaseUrl, max: poolSize }) : null;
  readPool?.on('error', () => {});
  const readDb = readPool ? (drizzleNodePg({ client: readPool, schema, casing: 'snake_case' }) as unknown as Db) : db;
  const listener = createPostgresListener(databaseUrl);
  return {
    db,
    readDb,
    engine: 'postgres',
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
      return listener.listen(channel, handler, options?.onReconnect);
    },
    reopen: () => openPostgres(databaseUrl, poolSize, readDatabaseUrl),
    async close() {
      await listener.stop();
      await pool.end();
      await readPool?.end();
    },
  };
}

/** How long a dropped LISTEN connection waits before it tries again, at first and at most. */
const RELISTEN_FIRST_MS = 250;
const RELISTEN_MAX_MS = 5_000;

type Listener = { handler: (payload: string) => void; onReconnect?: (() => void) | undefined };

/**
 * One dedicated connection per server for every LISTEN (the change feed, live notifications, ended
 * sessions), reconnecting after a drop (and retrying until the database answers) so no server goes
 * deaf. What was sent while it was away is lost: each listener's `onReconnect` lets it catch up.
 * The connection opens with the first listener and closes with the last.
 */
function createPostgresListener(databaseUrl: string) {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener.handler(message.payload ?? '');
    });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      next.end().catch(() => {});
      // Only the live connection reconnects; a failed attempt is retried by whoever made it.
      if (client !== next) return;
      client = null;
      if (listeners.size > 0) reconnect(RELISTEN_FIRST_MS);
    };
    next.on('error', drop);
    next.on('end', drop);
    try {
      await next.connect();
      for (const channel of listeners.keys()) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      dropped = true;
      next.end().catch(() => {});
      throw error;
    }
    return next;
  };

  const adopt = async (next: pg.Client) => {
    if (listeners.size === 0) {
      await next.end().catch(() => {});
      return null;
    }
    client = next;
    return next;
  };

  const reconnect = (waitMs: number) => {
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open()
        .then(adopt)
        .then(
          (next) => {
            if (!next) return;
            for (const set of listeners.values()) for (const listener of set) listener.onReconnect?.();
          },
          () => {
            if (listeners.size > 0) reconnect(Math.min(waitMs * 2, RELISTEN_MAX_MS));
          },
        );
    }, waitMs);
    retryTimer.unref();
  };

  /** The live connection; null while a reconnect is pending (it will LISTEN every channel). */
  const connection = async (): Promise<pg.Client | null> => {
    if (client) return client;
    if (retryTimer) return null;
    opening ??= open()
      .then(adopt)
      .then((next) => {
        if (!next) throw new Error('no listener left');
        return next;
      })
      .finally(() => {
        opening = null;
      });
    return opening;
  };

  const stop = async () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };

  return {
    async listen(channel: string, handler: (payload: string) => void, onReconnect?: () => void) {
      const listener: Listener = { handler, onReconnect };
      const set = listeners.get(channel) ?? new Set();
      const isNewChannel = set.size === 0;
      set.add(listener);
      listeners.set(channel, set);
      const forget = async () => {
        set.delete(listener);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        if (listeners.size === 0) await stop();
        else await client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
      };
      try {
        const live = await connection();
        // A connection opened before this channel was added has not heard of it yet (LISTEN twice is harmless).
        if (live && isNewChannel) await live.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await forget();
        throw error;
      }
      return forget;
    },
    stop,
  };
}

/** Per PGlite instance, the end of the queue of start-up work (every app opening it shares it). */
const startQueues = new WeakMap<PGlite, Promise<unknown>>();

function wrapPglite(client: PGlite, ownsClient = true): Database {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    // One process, one database: nothing to replicate.
    readDb: db,
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
