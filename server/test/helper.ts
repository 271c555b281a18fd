import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { testEngine, testPostgresUrl } from './engine';

let copies = 0;

/** A fresh, migrated database of the engine this run tests, private to the calling test file. */
export async function createTestDatabase(): Promise<Database> {
  const template = inject('databaseTemplate');
  if (testEngine() === 'pglite') {
    const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) });
    return openDatabase({ pglite });
  }
  const copy = await createPostgresCopy();
  const database = await openDatabase({ databaseUrl: copy.url, poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await copy.drop();
    },
  };
}

/** PostgreSQL only: a fresh, migrated database of this test file's own, by its URL. */
export async function createPostgresCopy(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject('databaseTemplate');
  const name = `afiliados_test_${template.split('_').pop()}_${process.pid}_${++copies}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl() });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  const url = new URL(testPostgresUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The configuration tests run with: quiet, a fixed secret, a throw-away data folder. */
export function testConfig(dataDir: string, env: NodeJS.ProcessEnv = {}): Config {
  const config = loadConfig({
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
    // Suites sign in many times from one address; the rate-limit tests set their own limit.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  if (!config.jwtSecret) throw new Error('tests run with a JWT_SECRET');
  return { ...config, jwtSecret: config.jwtSecret };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
};

/** The real app on a real database, driven with `app.inject`. Call `close` in afterAll. */
export async function createTestApp(
  options: { env?: NodeJS.ProcessEnv; webDir?: string; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'afiliados-test-'));
  const config = testConfig(dataDir, options.env);
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    webDir: options.webDir,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
