import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../../test/helper';
import type { Database } from '../db/client';
import { jobLeases } from '../db/schema';
import { acquireLease, LEASE_MS, withLease } from './lease';

const opened: Database[] = [];
afterEach(async () => {
  for (const database of opened.splice(0).reverse()) await database.close();
});
/** Two servers on one database. */
async function twoServers() {
  const one = await createTestDatabase();
  opened.push(one);
  const other = await one.reopen();
  opened.push(other);
  return [one.db, other.db] as const;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fast = { leaseMs: 1_000, renewEveryMs: 200 };

describe('job leases (one server at a time runs a job)', () => {
  test('a run that lasts longer than its lease keeps it: another server is refused until it ends', async () => {
    const [one, other] = await twoServers();
    const long = withLease(
      one,
      'test.job',
      async () => {
        await sleep(3_000);
        return 'done';
      },
      fast,
    );
    await sleep(2_000);
    // Twice the lease has passed: only renewal keeps it.
    expect(await withLease(other, 'test.job', async () => 'also', fast)).toBeNull();
    expect(await long).toBe('done');
    expect(await withLease(other, 'test.job', async () => 'next', fast)).toBe('next');
  });

  test('a server killed in the middle of a run frees the job once its lease runs out', async () => {
    const [one, other] = await twoServers();
    // What a `kill -9` leaves: a lease taken and never renewed nor given back.
    expect(await acquireLease(one, 'test.job', 'killed-server', 1_000)).toBe(true);
    expect(await withLease(other, 'test.job', async () => 'too soon', fast)).toBeNull();
    await sleep(1_200);
    expect(await withLease(other, 'test.job', async () => 'taken over', fast)).toBe('taken over');
  });

  test('a lease lasts 30 s unless renewed, so a killed server holds its job back that long at most', async () => {
    const [one] = await twoServers();
    const before = Date.now();
    expect(await acquireLease(one, 'test.job', 'killed-server')).toBe(true);
    const [lease] = await one.select().from(jobLeases).where(eq(jobLeases.name, 'test.job'));
    expect(LEASE_MS).toBeLessThanOrEqual(30_000);
    expect((lease?.heldUntil.getTime() ?? 0) - before).toBeLessThanOrEqual(30_000 + 1_000);
  });
});
