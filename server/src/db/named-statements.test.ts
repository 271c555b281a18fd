import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import { type Database, selectRows } from './client';
import { executeNamed } from './named-statements';

// A named statement (the sale step's, decision 032) is planned once per connection and run again
// by name, with its parameters, on both engines; one that the session lost is prepared again.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const echo = (text: string, n: number) =>
  sql`select ${text}::text as text, ${n}::int * 2 as twice, ${JSON.stringify({ quote: "it's" })}::jsonb ->> 'quote' as quote`;

test('runs a statement by name again and again with new parameters, quotes and all', async () => {
  const first = await executeNamed(database.db, 'named_echo_test', echo("d'Ávila", 21));
  expect(first.rows).toEqual([{ text: "d'Ávila", twice: 42, quote: "it's" }]);
  const second = await executeNamed(database.db, 'named_echo_test', echo('Ana', 5));
  expect(second.rows).toEqual([{ text: 'Ana', twice: 10, quote: "it's" }]);
  // The database holds it prepared under its name (PGlite: PREPARE; node-postgres: the protocol's).
  const held = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_prepared_statements where name = 'named_echo_test'`,
  );
  // node-postgres prepares on a pooled connection, which this read may not be on: at most one.
  expect(held[0]?.n).toBeLessThanOrEqual(1);
});

test('inside a transaction too, and after the session forgot its statements', async () => {
  await database.db.transaction(async (tx) => {
    const inside = await executeNamed(tx, 'named_echo_test', echo('tx', 1));
    expect(inside.rows[0]).toMatchObject({ text: 'tx', twice: 2 });
  });
  await database.db.execute(sql`deallocate all`);
  const again = await executeNamed(database.db, 'named_echo_test', echo('again', 3));
  expect(again.rows[0]).toMatchObject({ text: 'again', twice: 6 });
});

test('a call the database refuses throws its error and leaves the session to the next one', async () => {
  const divide = (n: number) => sql`select 10 / ${n}::int as quotient`;
  const refused = await executeNamed(database.db, 'named_divide_test', divide(0)).catch((error: unknown) => error);
  // node-postgres' error comes wrapped by drizzle, PGlite's as it is.
  const { code, cause } = refused as { code?: string; cause?: { code?: string } };
  expect(code ?? cause?.code).toBe('22012');
  const next = await executeNamed(database.db, 'named_divide_test', divide(5));
  expect(next.rows).toEqual([{ quotient: 2 }]);
  const other = await selectRows<{ one: number }>(database.db, sql`select 1 as one`);
  expect(other).toEqual([{ one: 1 }]);
});
