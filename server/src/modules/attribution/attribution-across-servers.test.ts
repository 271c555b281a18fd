import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { sales } from '../../db/schema';
import { newClickId } from '../tracking/click-id';
import { REMOTE_CLICK_WAIT_MS } from './candidates';

/** Issue 18 point 5: a postback names a click another server answered a moment earlier. */
let t: TestApp;
let other: FastifyInstance;
let otherDatabase: Database;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let affiliate: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
let link: { id: number; code: string };
let apiKey: string;

beforeAll(async () => {
  t = await createTestApp();
  // A second server: its own app and its own connections (a second pool on PostgreSQL).
  otherDatabase = await t.database.reopen();
  other = await buildApp({ config: t.config, database: otherDatabase, logger: false });
  await other.ready();
  admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
  affiliate = await createSignedIn(t.app, t.database.db);
  const campaign = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: admin.headers,
    payload: { name: 'Entre servidores', destination_url: 'https://loja.example.com/', cookie_days: 30, hold_days: 7 },
  });
  campaignId = campaign.json().id;
  link = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers: affiliate.headers,
      payload: { campaign_id: campaignId, sub_id: 'stories-42' },
    })
  ).json();
  apiKey = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: admin.headers,
      payload: { name: 'loja', signed: false },
    })
  ).json().key;
});
afterAll(async () => {
  await other.close();
  await otherDatabase.close();
  await t.close();
});

let order = 0;
const postback = (app: FastifyInstance, clickId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/postback',
    headers: { 'x-api-key': apiKey },
    payload: {
      campaign_id: campaignId,
      external_id: `entre-${++order}`,
      amount_cents: 19_990,
      payment_method: 'pix',
      click_id: clickId,
    },
  });

/** A click answered by `app`: its id, from the redirect's Location. */
async function clickOn(app: FastifyInstance) {
  const res = await app.inject({
    url: `/r/${link.code}`,
    headers: { 'user-agent': 'Mozilla/5.0 (Android 14) Chrome/126' },
    remoteAddress: `198.51.100.${++order % 250}`,
  });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location)).searchParams.get('click_id') ?? '';
}

describe('POST /postback naming a click another server answered a moment ago (issue 18)', () => {
  test('is credited to the click’s affiliate, with its link and sub id, and flagged as a fast click', async () => {
    const clickId = await clickOn(t.app);
    // Still only in the first server's memory.
    expect(t.app.clickBuffer.pending).toBeGreaterThan(0);
    const res = await postback(other, clickId);
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json();
    expect(sale).toMatchObject({ affiliate_id: affiliate.user.affiliateId, click_id: clickId, attributed_by: 'click' });
    // A sale milliseconds after its click: the click's own time decides.
    expect(sale.flags).toContain('fast_click');
    const [row] = await t.database.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(row?.linkId).toBe(link.id);
    const detail = await other.inject({ method: 'GET', url: `/api/v1/sales/${sale.id}`, headers: admin.headers });
    expect(detail.json().click).toMatchObject({ link_code: link.code, sub_id: 'stories-42' });
  });

  test('many at once, each postback right after its click, to the other server: every one credited', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const clickId = await clickOn(t.app);
        return { clickId, answer: await postback(other, clickId) };
      }),
    );
    expect(pairs.map((p) => p.answer.statusCode)).toEqual(pairs.map(() => 201));
    expect(pairs.map((p) => p.answer.json().click_id)).toEqual(pairs.map((p) => p.clickId));
  });

  test.each([
    ['forged (a fresh id no server answered)', () => newClickId()],
    [
      'tampered (one digit of a real click changed)',
      async () => {
        const real = await clickOn(t.app);
        const last = real.at(-1) === '0' ? '1' : '0';
        return `${real.slice(0, -1)}${last}`;
      },
    ],
  ])('a %s click id is refused with 422 naming click_id, within the wait', async (_, clickIdOf) => {
    const clickId = await clickIdOf();
    const started = Date.now();
    const res = await postback(other, clickId);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('click_id');
    expect(Date.now() - started).toBeLessThan(REMOTE_CLICK_WAIT_MS + 1_000);
  });

  test('an old click id not found is refused at once, without waiting for the other servers', async () => {
    const started = Date.now();
    const res = await postback(other, newClickId(Date.now() - 60_000));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('click_id');
    expect(Date.now() - started).toBeLessThan(REMOTE_CLICK_WAIT_MS / 2);
  });
});
