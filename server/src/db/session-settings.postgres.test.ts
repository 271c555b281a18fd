import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { testPostgresUrl } from '../../test/engine';
import { openDatabase, selectRows } from './client';

// Decision 032: the portal's connections never JIT-compile. Its reads are small (rollups, index
// ranges) but on tables of tens of millions of rows the planner's estimates pass jit_above_cost,
// and compiling costs more than the read.
test('every connection of the primary and the read pool has JIT off', async () => {
  const database = await openDatabase({
    databaseUrl: testPostgresUrl(),
    readDatabaseUrl: testPostgresUrl(),
    poolSize: 2,
  });
  try {
    expect(database.readDb).not.toBe(database.db);
    for (const db of [database.db, database.readDb]) {
      // Two at once: both connections of the pool, not only the first.
      const settings = await Promise.all(
        [1, 2].map(() => selectRows<{ jit: string }>(db, sql`select current_setting('jit') as jit, pg_sleep(0.05)`)),
      );
      expect(settings.map(([row]) => row?.jit)).toEqual(['off', 'off']);
    }
  } finally {
    await database.close();
  }
});
