import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serverSecrets } from './schema';

const JWT_SECRET = 'jwt';

/**
 * The secret every server of this database signs sessions with, seals stored secrets with and
 * hashes addresses with, when JWT_SECRET does not give one: the first server generates it and
 * keeps it in the database, the others read it (docs/decisions/025). A `jwt-secret` file an older
 * version kept in DATA_DIR is adopted, so sessions and sealed secrets survive the upgrade.
 */
export async function sharedServerSecret(db: Db, dataDir: string): Promise<string> {
  const kept = async () => (await db.select().from(serverSecrets).where(eq(serverSecrets.name, JWT_SECRET)))[0]?.value;
  const existing = await kept();
  if (existing) return existing;
  const legacyFile = join(dataDir, 'jwt-secret');
  const candidate = existsSync(legacyFile)
    ? readFileSync(legacyFile, 'utf8').trim()
    : randomBytes(48).toString('base64url');
  // Two servers racing both insert; the first wins and both read the winner.
  await db.insert(serverSecrets).values({ name: JWT_SECRET, value: candidate }).onConflictDoNothing();
  const secret = await kept();
  if (!secret) throw new Error('the server secret could not be kept in the database');
  return secret;
}
