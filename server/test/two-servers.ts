import { ADMIN_ROLE } from '@contract/auth';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { createSignedIn } from './fixtures';
import { createTestApp, type TestApp } from './helper';

/** A second server on the test's database: its own app and its own connections (a second pool on PostgreSQL). */
export async function startSecondServer(t: TestApp): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await t.database.reopen();
  const app = await buildApp({ config: t.config, database, logger: false });
  await app.ready();
  return { app, database };
}

/** Two servers on one fresh database, with an admin and an affiliate signed in (through the first). */
export async function twoServers() {
  const t = await createTestApp();
  const { app: other, database } = await startSecondServer(t);
  const admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
  const affiliate = await createSignedIn(t.app, t.database.db);
  return {
    t,
    other,
    admin,
    affiliate,
    async close() {
      await other.close();
      await database.close();
      await t.close();
    },
  };
}

/** Polls `probe` until it gives `expected`, and says how long that took (or fails after 6 s). */
export async function timeUntil<T>(probe: () => Promise<T>, expected: T): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await probe()) === expected) return Date.now() - started;
    if (Date.now() - started > 6_000) throw new Error(`still not ${String(expected)} after 6 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const campaignBody = (name: string) => ({
  name,
  destination_url: 'https://loja.example.com/',
  cookie_days: 30,
  hold_days: 7,
});

/** A campaign an admin creates, and a link an affiliate makes on it. */
export async function campaignWithLink(
  app: FastifyInstance,
  headers: { admin: Record<string, string>; affiliate: Record<string, string> },
  name: string,
) {
  const campaign = await app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: headers.admin,
    payload: campaignBody(name),
  });
  const link = await app.inject({
    method: 'POST',
    url: '/api/v1/links',
    headers: headers.affiliate,
    payload: { campaign_id: campaign.json().id },
  });
  return { campaignId: campaign.json().id as number, code: link.json().code as string };
}

/** A browser following a tracking link. */
export const follow = (app: FastifyInstance, code: string) =>
  app.inject({ url: `/r/${code}`, headers: { 'user-agent': 'Mozilla/5.0' }, remoteAddress: '10.18.0.1' });
