import { PGlite, parse as pgliteResults, protocol } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** What of drizzle's handle a named statement needs (drizzle marks both internal; both are there). */
type DrizzleInternals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  _: {
    session: {
      client: { exec?: (text: string) => Promise<unknown>; query(text: string, params?: unknown[]): Promise<unknown> };
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string | undefined,
        arrayMode: boolean,
      ): { execute(): Promise<unknown> };
    };
  };
};

/** A parameter as an SQL literal, for PGlite's EXECUTE (which takes no bind parameters). */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value instanceof Date ? value.toISOString() : String(value);
  // standard_conforming_strings is on: a quote doubled is the only escape a literal needs.
  return `'${text.replaceAll("'", "''")}'`;
}

/** "prepared statement does not exist" (26000), as the driver throws it or as drizzle wraps it. */
const isStatementGone = (error: unknown) =>
  (error as { code?: string }).code === '26000' || (error as { cause?: { code?: string } }).cause?.code === '26000';

/** The statements each PGlite handle has prepared (the root handle lives as long as the server). */
const preparedOn = new WeakMap<object, Set<string>>();

/**
 * A raw statement run under a name, so the database plans it once per connection instead of for
 * each call. node-postgres prepares it the first time a connection meets the name. PGlite (one
 * session, planning on the server's own thread) gets the same: the statement parsed once under its
 * name, then each call binds its parameters to it (`bindOnPglite`); inside a PGlite transaction,
 * whose handle has no protocol of its own, an EXECUTE with the parameters as literals. One name, one
 * text: the caller names each distinct text.
 */
export async function executeNamed(db: Db, name: string, query: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  const internals = db as unknown as DrizzleInternals;
  const compiled = internals.dialect.sqlToQuery(query);
  const client = internals._.session.client;
  if (client instanceof PGlite) return bindOnPglite(client, name, compiled);
  if (typeof client.exec !== 'function') {
    const run = (as: string | undefined) => internals._.session.prepareQuery(compiled, undefined, as, false).execute();
    try {
      return (await run(name)) as { rows: Record<string, unknown>[] };
    } catch (error) {
      // The connection lost its statements (a DEALLOCATE or DISCARD behind node-postgres' back):
      // this call runs unnamed; the driver keeps believing the name is there, so the next may too.
      if (!isStatementGone(error)) throw error;
      return (await run(undefined)) as { rows: Record<string, unknown>[] };
    }
  }
  const known = preparedOn.get(client) ?? new Set<string>();
  preparedOn.set(client, known);
  const execute = `execute ${name}(${compiled.params.map(literalOf).join(', ')})`;
  for (let attempt = 0; ; attempt++) {
    if (!known.has(name)) {
      // Another handle on the same database (the root's) may have prepared it already.
      const found = (await client.query('select 1 from pg_prepared_statements where name = $1', [name])) as {
        rows: unknown[];
      };
      if (found.rows.length === 0) await client.exec(`prepare ${name} as ${compiled.sql}`);
      known.add(name);
    }
    try {
      return (await client.query(execute)) as { rows: Record<string, unknown>[] };
    } catch (error) {
      // Prepared statements outlive transactions but not a DISCARD: prepare again, once.
      if (!isStatementGone(error) || attempt > 0) throw error;
      known.delete(name);
    }
  }
}

/** A parameter as PostgreSQL's text format reads it (what node-postgres sends). */
function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** Several protocol messages as one buffer: PGlite reads them in one call into its thread. */
function joined(messages: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(messages.reduce((size, message) => size + message.length, 0));
  let at = 0;
  for (const message of messages) {
    all.set(message, at);
    at += message.length;
  }
  return all;
}

/**
 * A named statement on the root PGlite handle, through the protocol as node-postgres speaks it:
 * Parse once under the name, then Bind, Describe, Execute and Sync in one call. The parameters
 * travel as bound values, not as literals inside an EXECUTE's text, which PostgreSQL's lexer and
 * parser read byte by byte on the server's thread (a checkout's raw body, logged with each sale,
 * cost a tenth of the connectors' throughput that way). Runs as PGlite's own query does: after any
 * transaction under way, alone on the session.
 */
async function bindOnPglite(
  pglite: PGlite,
  name: string,
  compiled: { sql: string; params: unknown[] },
): Promise<{ rows: Record<string, unknown>[] }> {
  const { serialize } = protocol;
  const known = preparedOn.get(pglite) ?? new Set<string>();
  preparedOn.set(pglite, known);
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      for (let attempt = 0; ; attempt++) {
        if (!known.has(name)) {
          try {
            await pglite.execProtocol(joined([serialize.parse({ name, text: compiled.sql }), serialize.sync()]));
          } catch (error) {
            // Prepared already, by a transaction's EXECUTE path on this same session.
            if ((error as { code?: string }).code !== '42P05') throw error;
          }
          known.add(name);
        }
        try {
          const { messages } = await pglite.execProtocol(
            joined([
              serialize.bind({ statement: name, values: compiled.params.map(textOf) }),
              serialize.describe({ type: 'P' }),
              serialize.execute({}),
              serialize.sync(),
            ]),
          );
          await pglite.syncToFs();
          const [result] = pgliteResults.parseResults(messages, pglite.parsers);
          return { rows: (result?.rows ?? []) as Record<string, unknown>[] };
        } catch (error) {
          // Prepared statements outlive transactions but not a DISCARD: prepare again, once.
          if (!isStatementGone(error) || attempt > 0) throw error;
          known.delete(name);
        }
      }
    }),
  );
}
