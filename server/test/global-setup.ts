import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { TEMPLATE_DIR, testEngine, testPostgresUrl } from './engine';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the path of a migrated data-dir dump. PostgreSQL: the name of a migrated template database. */
    databaseTemplate: string;
  }
}

/**
 * Migrates one database per run and lets every test file start from a copy of it: opening and
 * migrating a fresh PGlite takes seconds, loading a dump or cloning a template a fraction of that.
 */
export default async function setup(project: TestProject) {
  if (testEngine() === 'postgres') {
    const name = `afiliados_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(testPostgresUrl());
    url.pathname = `/${name}`;
    const template = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await template.migrate();
    await template.close();
    project.provide('databaseTemplate', name);
    return async () => {
      // Test files drop their own copies; this sweeps any a crashed worker left behind.
      const left = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
        `afiliados_test_${process.pid}_%`,
      ]);
      for (const row of left.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const dir = resolve(TEMPLATE_DIR);
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create();
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const file = join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('databaseTemplate', file);
  return () => rmSync(file, { force: true });
}
