import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import type { Database } from './client';
import { sharedServerSecret } from './server-secret';

const opened: Database[] = [];
afterEach(async () => {
  for (const database of opened.splice(0).reverse()) await database.close();
});
async function freshDatabase() {
  const database = await createTestDatabase();
  opened.push(database);
  return database;
}
const emptyDir = () => mkdtempSync(join(tmpdir(), 'afiliados-secret-'));

describe('the shared server secret (issue 18)', () => {
  test('is generated once and every server of the database reads the same one', async () => {
    const database = await freshDatabase();
    const second = await database.reopen();
    opened.push(second);
    // Two servers with their own (empty) data folders, asking at the same moment.
    const [mine, theirs] = await Promise.all([
      sharedServerSecret(database.db, emptyDir()),
      sharedServerSecret(second.db, emptyDir()),
    ]);
    expect(mine.length).toBeGreaterThanOrEqual(32);
    expect(theirs).toBe(mine);
    expect(await sharedServerSecret(database.db, emptyDir())).toBe(mine);
  });

  test('adopts the jwt-secret file an older version kept in DATA_DIR, so sessions and sealed secrets survive', async () => {
    const database = await freshDatabase();
    const dataDir = emptyDir();
    writeFileSync(join(dataDir, 'jwt-secret'), 'an-older-secret-that-is-long-enough-0123456789\n');
    expect(await sharedServerSecret(database.db, dataDir)).toBe('an-older-secret-that-is-long-enough-0123456789');
    expect(await sharedServerSecret(database.db, emptyDir())).toBe('an-older-secret-that-is-long-enough-0123456789');
  });
});
