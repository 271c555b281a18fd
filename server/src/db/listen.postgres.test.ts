import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { createSignedIn } from '../../test/fixtures';
import type { TestApp } from '../../test/helper';
import { campaignBody, campaignWithLink, follow, timeUntil, twoServers } from '../../test/two-servers';

// LISTEN on PostgreSQL (issue 18): what PGlite, one process, has no counterpart of. Each server
// listens on one connection for every channel, and that connection comes back when it is dropped.

const WITHIN_MS = 1_000;
let servers: Awaited<ReturnType<typeof twoServers>>;
let t: TestApp;
let other: FastifyInstance;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let affiliate: Awaited<ReturnType<typeof createSignedIn>>;

beforeAll(async () => {
  servers = await twoServers();
  ({ t, other, admin, affiliate } = servers);
});
afterAll(() => servers.close());

describe('LISTEN on PostgreSQL', () => {
  test('each server listens for notifications, ended sessions and changes on one connection', async () => {
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity
        where pid <> pg_backend_pid() and datname = current_database() and query ilike 'listen%'`,
    )) as unknown as { rows: { n: number }[] };
    // This file's two servers: one connection each (three before: one per channel).
    expect(result.rows[0]?.n).toBe(2);
  });

  test('a dropped LISTEN connection reconnects, and changes reach the server again', async () => {
    const { campaignId, code } = await campaignWithLink(
      t.app,
      { admin: admin.headers, affiliate: affiliate.headers },
      'Reconexão',
    );
    expect((await follow(other, code)).statusCode).toBe(302);
    // Ends every server's LISTEN connection on this database, as a restart on PostgreSQL's side would.
    const listeners = sql`pid <> pg_backend_pid() and datname = current_database() and query ilike 'listen%'`;
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows;
    const ended = await rowsOf(sql`select pg_terminate_backend(pid) as n from pg_stat_activity where ${listeners}`);
    expect(ended.length).toBeGreaterThan(0);
    // Back within a few seconds; until then the caches' own lifetimes are the bound.
    await timeUntil(async () => {
      const [back] = await rowsOf(sql`select count(*)::int as n from pg_stat_activity where ${listeners}`);
      return (back?.n ?? 0) >= ended.length;
    }, true);
    expect((await follow(other, code)).statusCode).toBe(302);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/campaigns/${campaignId}`,
      headers: admin.headers,
      payload: { ...campaignBody('Reconexão'), status: 'paused' },
    });
    expect(await timeUntil(async () => (await follow(other, code)).statusCode, 410)).toBeLessThan(WITHIN_MS);
  });
});
