import { ADMIN_ROLE } from '@contract/auth';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/helper';
import { buildApp } from '../app';
import type { Database } from './client';

/** Issue 18: what one server changes, every server's cache drops within this long. */
const WITHIN_MS = 1_000;

let t: TestApp;
let other: FastifyInstance;
let otherDatabase: Database;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let affiliate: Awaited<ReturnType<typeof createSignedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  // A second server: its own app and its own connections (a second pool on PostgreSQL).
  otherDatabase = await t.database.reopen();
  other = await buildApp({ config: t.config, database: otherDatabase, logger: false });
  await other.ready();
  admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
  affiliate = await createSignedIn(t.app, t.database.db);
});
afterAll(async () => {
  await other.close();
  await otherDatabase.close();
  await t.close();
});

/** Polls `probe` until it gives `expected`, and says how long that took (or fails after 6 s). */
async function timeUntil<T>(probe: () => Promise<T>, expected: T): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await probe()) === expected) return Date.now() - started;
    if (Date.now() - started > 6_000) throw new Error(`still not ${String(expected)} after 6 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const campaignBody = (name: string) => ({
  name,
  destination_url: 'https://loja.example.com/',
  cookie_days: 30,
  hold_days: 7,
});

async function campaignWithLink(name: string) {
  const campaign = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: admin.headers,
    payload: campaignBody(name),
  });
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/v1/links',
    headers: affiliate.headers,
    payload: { campaign_id: campaign.json().id },
  });
  return { campaignId: campaign.json().id as number, code: link.json().code as string };
}

const follow = (app: FastifyInstance, code: string) =>
  app.inject({ url: `/r/${code}`, headers: { 'user-agent': 'Mozilla/5.0' }, remoteAddress: '10.18.0.1' });

describe('changes reach every server at once (issue 18)', () => {
  test('PATCH /campaigns/:id paused on one server: the other stops redirecting within a second', async () => {
    const { campaignId, code } = await campaignWithLink('Pausada');
    // Both servers now hold the link as active in their caches.
    expect((await follow(t.app, code)).statusCode).toBe(302);
    expect((await follow(other, code)).statusCode).toBe(302);
    const paused = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/campaigns/${campaignId}`,
      headers: admin.headers,
      payload: { ...campaignBody('Pausada'), status: 'paused' },
    });
    expect(paused.statusCode).toBe(200);
    expect((await follow(t.app, code)).statusCode).toBe(410);
    const took = await timeUntil(async () => (await follow(other, code)).statusCode, 410);
    expect(took).toBeLessThan(WITHIN_MS);
  });

  test('PATCH /campaigns/:id with a new destination: the other server redirects there within a second', async () => {
    const { campaignId, code } = await campaignWithLink('Mudou');
    expect(new URL((await follow(other, code)).headers.location as string).host).toBe('loja.example.com');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/campaigns/${campaignId}`,
      headers: admin.headers,
      payload: { ...campaignBody('Mudou'), destination_url: 'https://nova.example.com/' },
    });
    const took = await timeUntil(
      async () => new URL((await follow(other, code)).headers.location as string).host,
      'nova.example.com',
    );
    expect(took).toBeLessThan(WITHIN_MS);
  });

  test('PUT /settings/maintenance on one server: the other answers 503 within a second, and again 200 after', async () => {
    const campaigns = () =>
      other.inject({ method: 'GET', url: '/api/v1/campaigns', headers: affiliate.headers }).then((r) => r.statusCode);
    expect(await campaigns()).toBe(200);
    const set = (enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/settings/maintenance',
        headers: admin.headers,
        payload: { enabled },
      });
    expect((await set(true)).statusCode).toBe(200);
    expect(await timeUntil(campaigns, 503)).toBeLessThan(WITHIN_MS);
    expect((await set(false)).statusCode).toBe(200);
    expect(await timeUntil(campaigns, 200)).toBeLessThan(WITHIN_MS);
  });

  test('DELETE /api-keys/:id on one server: the other refuses the key at once', async () => {
    const { campaignId } = await campaignWithLink('Chave');
    const key = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: admin.headers,
        payload: { name: 'outro servidor', signed: false },
      })
    ).json();
    let n = 0;
    const postback = () =>
      other
        .inject({
          method: 'POST',
          url: '/api/v1/postback',
          headers: { 'x-api-key': key.key },
          payload: {
            campaign_id: campaignId,
            external_id: `feed-${++n}`,
            amount_cents: 10_000,
            payment_method: 'pix',
            affiliate_code: 'NOBODY',
          },
        })
        .then((r) => r.statusCode);
    expect(await postback()).not.toBe(401);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${key.id}`, headers: admin.headers });
    // Well inside the second the key's row could otherwise be trusted for.
    expect(await timeUntil(postback, 401)).toBeLessThan(300);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('the change feed on PostgreSQL', () => {
  test('a dropped LISTEN connection reconnects, and changes reach the server again', async () => {
    const { campaignId, code } = await campaignWithLink('Reconexão');
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
