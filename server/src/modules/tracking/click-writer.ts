import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../../db/client';
import { COPY_BINARY, COPY_CLICKS, CopyFromStdin, copyMessage, type RowPlace } from './click-copy';
import { resolveTraits, rowEndOf, type TraitsEntry } from './click-enrichment';
import { clickRollupStatements, floodDeltas, rollupKeyOf, type Statement } from './click-rollups';
import type { FloodWindow } from './click-rules';
import { takeVisits, type Visit } from './counted-visits';

/**
 * A click waiting in the buffer: where its row's start is (written by the redirect, `binaryRow`),
 * and what the batch writer works the rest out from. Flat: it lives until its batch is written, and
 * each object that lives that long is copied by the garbage collector.
 */
export type PendingClick = RowPlace & {
  /** When it arrived (epoch ms). */
  at: number;
  linkId: number;
  affiliateId: number;
  campaignId: number;
  /** Whether it adds to the figures (no bot, no repeat, no flood), before the check with the other servers. */
  counts: boolean;
  /** The visitor (`visitorOf`) to check with the other servers when the click counts (PostgreSQL), else 0. */
  visitor: number;
  /** Its enrichment: country, device, browser, system and referrer host, as one shared entry. */
  traits: TraitsEntry;
  repeat: boolean;
  /** The flood it belongs to when it was not counted because its address flooded the link. */
  flood: FloodWindow | null;
};

/**
 * A plain query; its rows are typed by the caller that reads them (`never[]` fits any row type).
 * `name` marks a statement every batch runs: PostgreSQL keeps it prepared on the connection.
 */
type Query = (text: string, params: string[], name?: string) => Promise<{ rows: never[] }>;

/** One transaction of an engine, as the batch writer uses it. */
type ClickTransaction = {
  query: Query;
  /** Sends whole rows in COPY's binary format to the clicks table. */
  copy(rows: Buffer<ArrayBuffer>): Promise<void>;
  run(statement: Statement): Promise<void>;
};

/**
 * What the batch writer needs of a database engine: the SQL is the same on both, only the way to
 * send it differs. COPY is the cheapest write on both (a quarter less database time per row than an
 * INSERT from one JSONB parameter); Drizzle has no COPY, so this goes to the driver underneath.
 */
export type ClickEngine = {
  /** How many clicks a batch writes at most. */
  batchMax: number;
  /** How many rows one COPY sends at most (a batch may take several). */
  copyRowsMax: number;
  /**
   * PGlite: the database, which every server on it shares within this one process (so they share
   * the repeat rule's memory and need no check in the database). Null on PostgreSQL, whose servers
   * are processes of their own and check `counted_visits`.
   */
  sharedBy: object | null;
  query: Query;
  /** Runs `work` in one transaction: all or nothing. */
  transaction<T>(work: (tx: ClickTransaction) => Promise<T>): Promise<T>;
};

// PGlite writes on the server's own thread (~8 µs a click): each batch costs its transaction and
// rollup statements, so batches are large (500 → 0.42 of bare, 1000 → 0.47, 1500 → 0.52–0.62), but
// a batch's rows go as COPYs of PGLITE_COPY_ROWS with requests let in between: one COPY of 1500 rows
// held every request back for its ~12–20 ms (p99 27–34 ms on a slow day). PostgreSQL writes
// elsewhere: bigger batches, fewer trips, one COPY.
const CLICK_BATCH_MAX = { pglite: 1500, postgres: 1000 };
const PGLITE_COPY_ROWS = 300;

/** Lets the requests that arrived meanwhile in: PGlite runs each statement on this thread. */
const letRequestsIn = () => new Promise<void>((resolve) => setImmediate(resolve));

function pgliteEngine(pglite: PGlite): ClickEngine {
  /** The statements this session has prepared. */
  const prepared = new Set<string>();
  return {
    batchMax: CLICK_BATCH_MAX.pglite,
    copyRowsMax: PGLITE_COPY_ROWS,
    sharedBy: pglite,
    query: (text, params) => pglite.query(text, params),
    async transaction(work) {
      try {
        return await pglite.transaction((tx) =>
          work({
            query: (text, params) => tx.query(text, params),
            async copy(rows) {
              await tx.query(`${COPY_CLICKS} '/dev/blob' ${COPY_BINARY}`, [], { blob: new Blob([rows]) });
              await letRequestsIn();
            },
            async run({ text, params, prepareAs }) {
              if (!prepareAs) {
                await tx.query(text, params);
                await letRequestsIn();
                return;
              }
              // PGlite parses and plans on this thread: prepared once for the session (~1 ms a batch
              // less), and given its numbers as a literal (JSON of numbers and dates we made).
              if (!prepared.has(prepareAs)) {
                // Another buffer on the same database (a restarted app in one process) may have prepared it.
                const found = await tx.query('select 1 from pg_prepared_statements where name = $1', [prepareAs]);
                if (found.rows.length === 0) await tx.exec(`prepare ${prepareAs}(jsonb) as ${text}`);
                prepared.add(prepareAs);
              }
              await tx.exec(`execute ${prepareAs}('${(params[0] as string).replaceAll("'", "''")}')`);
              await letRequestsIn();
            },
          }),
        );
      } catch (error) {
        // Whether a PREPARE inside the failed transaction outlived it is not worth guessing: look again.
        prepared.clear();
        throw error;
      }
    },
  };
}

function postgresEngine(pool: pg.Pool): ClickEngine {
  return {
    batchMax: CLICK_BATCH_MAX.postgres,
    copyRowsMax: CLICK_BATCH_MAX.postgres,
    sharedBy: null,
    query: (text, params) => pool.query(text, params),
    async transaction(work) {
      const connection = await pool.connect();
      let failure: Error | undefined;
      try {
        await connection.query('begin');
        // The statements every batch runs go as named ones: PostgreSQL parses and plans each once per
        // connection instead of once per batch (about 1.5 ms of its time a batch; decision 040).
        const result = await work({
          query: (text, params, name) =>
            connection.query(name ? { name, text, values: params } : { text, values: params }),
          copy: (rows) =>
            new Promise<void>((resolve, reject) => {
              connection.query(
                new CopyFromStdin(`${COPY_CLICKS} stdin ${COPY_BINARY}`, rows, (error) =>
                  error ? reject(error) : resolve(),
                ),
              );
            }),
          async run({ text, params, prepareAs }) {
            await connection.query(prepareAs ? { name: prepareAs, text, values: params } : { text, values: params });
          },
        });
        await connection.query('commit');
        return result;
      } catch (error) {
        failure = error as Error;
        await connection.query('rollback').catch(() => {});
        throw error;
      } finally {
        connection.release(failure);
      }
    },
  };
}

/** The engine under a Drizzle database. */
export function clickEngineOf(db: Db): ClickEngine {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) return pgliteEngine(client);
  if (client instanceof pg.Pool) return postgresEngine(client);
  throw new Error('The click buffer needs a PGlite or node-postgres database.');
}

/**
 * Writes one batch: its rows, the check of its visits across servers and its rollups in one
 * transaction. Returns the visits another server had counted within the hour.
 */
export async function writeClickBatch(
  engine: ClickEngine,
  batch: PendingClick[],
  dayOf: (at: number) => string,
): Promise<Visit[]> {
  const traits = batch.map((click) => click.traits);
  const enrichments = traits.map((entry) => entry.enrichment);
  // A combination not seen before is added to `click_traits` first, on its own: a dictionary row,
  // harmless if the batch then fails.
  await resolveTraits(engine.query, traits);
  // Each click's row is its start (from the redirect) and its end (worked out here). Ends are shared
  // between clicks and between attempts of a batch, and so are rebuilt, like the keys, at each attempt.
  const ends = batch.map((click, i) => rowEndOf(traits[i] as TraitsEntry, click.repeat));
  const keys = batch.map((click) => (click.counts ? rollupKeyOf(dayOf(click.at), click) : ''));
  const floods = floodDeltas(batch, dayOf);
  return engine.transaction(async (tx) => {
    // Before the rows are sent: a visit another server counted is stored as a repeat and counts nothing.
    const visits = batch.map((click) =>
      click.visitor ? { link_id: click.linkId, visitor: click.visitor, at: click.at } : null,
    );
    const repeats = await takeVisits(tx.query, visits);
    for (const i of repeats) {
      // The repeat flag is the row end's last byte: the shared end is copied before it is set.
      const end = Buffer.from(ends[i] as Buffer);
      end[end.length - 1] = 1;
      ends[i] = end;
      keys[i] = '';
    }
    for (let from = 0; from < batch.length; from += engine.copyRowsMax) {
      const to = Math.min(from + engine.copyRowsMax, batch.length);
      await tx.copy(copyMessage(batch.slice(from, to), ends.slice(from, to)));
    }
    for (const statement of clickRollupStatements(keys, enrichments, floods)) await tx.run(statement);
    return repeats.map((i) => visits[i] as Visit);
  });
}
