// The large seed's database: made, or emptied when that is safe (see scripts/seed-large.mjs).
import pg from 'pg';
import { log } from './progress.mjs';

function withDatabase(url, name) {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** How many users the database has (0 without a users table), and how many tables its public schema has. */
async function contentsOf(url) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query(
      "select to_regclass('public.users') is not null as has_users, (select count(*)::int from pg_tables where schemaname = 'public') as tables",
    );
    const users = rows[0].has_users ? (await client.query('select count(*)::int as n from users')).rows[0].n : 0;
    return { users, tables: rows[0].tables, afiliados: rows[0].has_users };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates the database if missing; otherwise empties it, only when it has no users or with --force. */
export async function prepareDatabase(databaseUrl, { force }) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!name) throw new Error('DATABASE_URL names no database');
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
    if (exists) {
      const { users, tables, afiliados } = await contentsOf(databaseUrl);
      const refusal =
        users > 0
          ? `already has ${users} users`
          : tables > 0 && !afiliados
            ? `has ${tables} table${tables === 1 ? '' : 's'} and is not an Afiliados database`
            : null;
      if (refusal && !force) {
        console.error(
          `Database "${name}" ${refusal}: not touching it. Run again with --force to replace its contents.`,
        );
        process.exit(1);
      }
      if (process.env.DATABASE_URL) {
        // A database someone named: keep the database and its schemas (owners, grants), drop its tables.
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        const { rows } = await client.query(
          "select string_agg(format('%I', tablename), ', ') as list from pg_tables where schemaname = 'public'",
        );
        if (rows[0].list) await client.query(`drop table ${rows[0].list} cascade`);
        await client.query(
          'drop schema if exists drizzle cascade; drop function if exists ledger_entries_append_only()',
        );
        await client.end();
        log(`emptied database "${name}"`);
        return;
      }
      await admin.query(`drop database ${pg.escapeIdentifier(name)} with (force)`);
    }
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    log(`created database "${name}"`);
  } finally {
    await admin.end();
  }
}
