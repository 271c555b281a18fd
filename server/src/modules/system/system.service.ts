import type { Health, Ready } from '@contract/system';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';

export function getHealth(version: string): Health {
  return { status: 'ok', version, uptime_seconds: Math.round(process.uptime()) };
}

/** Ready only when the database answers: a load balancer sends no traffic before that. */
export async function getReadiness(database: Database): Promise<Ready> {
  try {
    await database.ping();
  } catch {
    throw new AppError('UNAVAILABLE', 'The database is not reachable.', { reason: 'DATABASE_UNAVAILABLE' });
  }
  return { status: 'ready', database: database.engine };
}
