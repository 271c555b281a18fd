import type { Engine } from '../src/db/client';

export const TEMPLATE_DIR = '.tmp';

/** TEST_DB=postgres runs the API suite on PostgreSQL; anything else on PGlite. */
export function testEngine(): Engine {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** A PostgreSQL role allowed to create databases; the local cluster's superuser by default. */
export function testPostgresUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}
