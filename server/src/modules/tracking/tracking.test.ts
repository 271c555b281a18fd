import { createHmac, randomUUID } from 'node:crypto';
import { IncomingMessage, request, ServerResponse } from 'node:http';
import { type AddressInfo, Socket } from 'node:net';
import { ADMIN_ROLE } from '@contract/auth';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildApp } from '../../app';
import { campaigns, clicks, countedVisits } from '../../db/schema';
import { CLICK_BEHIND_MS } from './click-batcher';

let t: TestApp;
let affiliate: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
let pausedId: number;

beforeAll(async () => {
  // The HTTP requests below come from loopback, standing in for a proxy that names the visitor.
  t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  affiliate = await createSignedIn(t.app, t.database.db);
  const [active, paused] = await t.database.db
    .insert(campaigns)
    .values([
      { name: 'Loja', destinationUrl: 'https://loja.example.com/produto?cor=azul', cookieDays: 30, holdDays: 7 },
      { name: 'Pausada', destinationUrl: 'https://pausa.example.com/', cookieDays: 10, holdDays: 7, status: 'paused' },
    ])
    .returning();
  campaignId = active?.id ?? 0;
  pausedId = paused?.id ?? 0;
});
afterAll(async () => t.close());

/** What helmet gives every portal page, on the redirect's own pages too. */
function expectPageSecurityHeaders(res: Answer) {
  expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['strict-transport-security']).toBeDefined();
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

const makeLink = (payload: Record<string, unknown>, headers = affiliate.headers) =>
  t.app.inject({ method: 'POST', url: '/api/v1/links', headers, payload });
type Answer = { statusCode: number; headers: Record<string, string | string[] | undefined>; body: string };
/**
 * How a request reaches the redirect: `inject` goes through Fastify's route; `http`, over a real
 * socket, is answered by the route's raw path (app.ts's serverFactory), which must answer alike.
 */
type Through = 'inject' | 'http';

async function send(
  through: Through,
  app: FastifyInstance,
  method: 'GET' | 'HEAD',
  url: string,
  headers: Record<string, string>,
  remoteAddress: string,
): Promise<Answer> {
  if (through === 'inject') {
    const res = await app.inject({ method, url, headers, remoteAddress });
    return { statusCode: res.statusCode, headers: res.headers as Answer['headers'], body: res.body };
  }
  // TRUST_PROXY=loopback: the address arrives as a proxy would send it.
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path: url, headers: { 'x-forwarded-for': remoteAddress, ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function clicksOf(linkId: number) {
  await t.app.clickBuffer.flush();
  return t.database.db.select().from(clicks).where(eq(clicks.linkId, linkId));
}

describe('links', () => {
  test('POST /links gives a short link; the same choices give the same link', async () => {
    const first = await makeLink({ campaign_id: campaignId, utm_source: 'instagram' });
    expect(first.statusCode).toBe(201);
    expect(first.json().url).toMatch(/^http:\/\/portal\.test\/r\/[a-z0-9]{8}$/);
    const again = await makeLink({ campaign_id: campaignId, utm_source: 'instagram' });
    expect(again.statusCode).toBe(200);
    expect(again.json().code).toBe(first.json().code);
    const other = await makeLink({ campaign_id: campaignId, utm_source: 'instagram', sub_id: 'stories' });
    expect(other.json().code).not.toBe(first.json().code);
  });

  test.each([
    ['campaign_id', { campaign_id: 0 }],
    ['sub_id', { sub_id: 'a"b<script>' }],
  ])('refuses a bad %s', async (field, change) => {
    const res = await makeLink({ campaign_id: campaignId, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });

  test('no new link for a paused campaign; none for an admin', async () => {
    const paused = await makeLink({ campaign_id: pausedId });
    expect(paused.statusCode).toBe(422);
    expect(paused.json().errors[0].field).toBe('campaign_id');
    const admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
    expect((await makeLink({ campaign_id: campaignId }, admin.headers)).statusCode).toBe(403);
  });

  test("GET /links says the status of each link's campaign, so a paused one is marked", async () => {
    const made = (await makeLink({ campaign_id: campaignId, sub_id: 'status' })).json();
    const statusOf = async () => {
      const { items } = (
        await t.app.inject({ method: 'GET', url: '/api/v1/links', headers: affiliate.headers })
      ).json();
      return items.find((l: { id: number }) => l.id === made.id)?.campaign_status;
    };
    expect(await statusOf()).toBe('active');
    await t.database.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, campaignId));
    try {
      expect(await statusOf()).toBe('paused');
    } finally {
      await t.database.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, campaignId));
    }
  });
});

describe.each(['inject', 'http'] as const)('GET /r/:code (through %s)', (through) => {
  const follow = (
    code: string,
    headers: Record<string, string> = {},
    method: 'GET' | 'HEAD' = 'GET',
    remoteAddress = '10.9.0.1',
    app: FastifyInstance = t.app,
  ) => send(through, app, method, `/r/${code}`, { 'user-agent': 'Mozilla/5.0 (iPhone)', ...headers }, remoteAddress);
  // Each way has links of its own, so clicks are counted per way.
  const linkFor = (payload: { campaign_id: number; sub_id?: string } & Record<string, unknown>) =>
    makeLink({ ...payload, sub_id: `${payload.sub_id ?? ''}-${through}` });
  const listening = async (app: FastifyInstance) => {
    if (through === 'http') await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  beforeAll(async () => {
    if (through === 'http' && !t.app.server.listening) await listening(t.app);
  });

  test('answers 302 to the configured destination with click_id and UTM merged, sets the cookie, records the click', async () => {
    const link = (
      await linkFor({ campaign_id: campaignId, utm_source: 'whatsapp', utm_medium: 'social', sub_id: 'grupo1' })
    ).json();
    const res = await follow(link.code, { referer: 'https://wa.me/' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin + location.pathname).toBe('https://loja.example.com/produto');
    expect(location.searchParams.get('cor')).toBe('azul');
    expect(location.searchParams.get('utm_source')).toBe('whatsapp');
    expect(location.searchParams.get('utm_medium')).toBe('social');
    const clickId = location.searchParams.get('click_id');
    expect(clickId).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(res.headers['set-cookie'])).toContain(`afl_${campaignId}=${clickId}; Max-Age=${30 * 86400}`);
    const recorded = await clicksOf(link.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      id: clickId,
      affiliateId: affiliate.user.affiliateId,
      campaignId,
      referrer: 'https://wa.me/',
      isBot: false,
      isRepeat: false,
    });
    expect(recorded[0]?.ipHash).not.toContain('10.9.0.1');
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/links?campaign_id=${campaignId}`,
      headers: affiliate.headers,
    });
    expect(mine.json().items.find((l: { id: number }) => l.id === link.id).clicks).toBe(1);
  });

  test('the same IP and agent within an hour counts once; bots and HEAD are recorded, never counted', async () => {
    const link = (await linkFor({ campaign_id: campaignId, sub_id: 'repeat' })).json();
    await follow(link.code);
    await follow(link.code);
    await follow(link.code, { 'user-agent': 'Mozilla/5.0 (Android)' });
    await follow(link.code, { 'user-agent': 'facebookexternalhit/1.1' });
    await follow(link.code, {}, 'HEAD', '10.9.0.2');
    const recorded = await clicksOf(link.id);
    expect(recorded).toHaveLength(5);
    expect(recorded.filter((c) => !c.isBot && !c.isRepeat)).toHaveLength(2);
    expect(recorded.filter((c) => c.isBot)).toHaveLength(2);
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/links', headers: affiliate.headers });
    expect(mine.json().items.find((l: { id: number }) => l.id === link.id).clicks).toBe(2);
  });

  test('two servers on one database count the same visitor on a link once within the hour', async () => {
    const link = (await linkFor({ campaign_id: campaignId, sub_id: 'two-servers' })).json();
    const other = await listening(
      await buildApp({ config: t.config, database: await t.database.reopen(), logger: false }),
    );
    await follow(link.code, {}, 'GET', '10.9.0.7');
    await follow(link.code, {}, 'GET', '10.9.0.7', other);
    await follow(link.code, { 'user-agent': 'Mozilla/5.0 (Android)' }, 'GET', '10.9.0.7', other);
    await other.clickBuffer.flush();
    const recorded = await clicksOf(link.id);
    expect(recorded).toHaveLength(3);
    expect(recorded.filter((c) => !c.isRepeat)).toHaveLength(2);
    await other.close();
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/links', headers: affiliate.headers });
    expect(mine.json().items.find((l: { id: number }) => l.id === link.id).clicks).toBe(2);
  });

  test('the shared visit memory is written without WAL: a working memory, not a record', async () => {
    const rows = await t.database.db.execute<{ relpersistence: string }>(
      sql`select relpersistence from pg_class where relname = 'counted_visits'`,
    );
    expect((rows as unknown as { rows: { relpersistence: string }[] }).rows[0]?.relpersistence).toBe('u');
  });

  test('no parameter can change the destination', async () => {
    const link = (await linkFor({ campaign_id: campaignId, sub_id: 'open' })).json();
    const res = await send(
      through,
      t.app,
      'GET',
      `/r/${link.code}?url=https://evil.example&next=//evil.example&destination=https://evil.example`,
      {},
      '10.9.0.5',
    );
    expect(new URL(res.headers.location as string).host).toBe('loja.example.com');
    const crlf = await send(
      through,
      t.app,
      'GET',
      `/r/${link.code}%0d%0aLocation:%20https://evil.example`,
      {},
      '10.9.0.5',
    );
    expect(crlf.statusCode).toBe(404);
    expect(crlf.headers.location).toBeUndefined();
  });

  test('an unknown code is a 404 with no redirect; a paused campaign a friendly page and no click', async () => {
    const unknown = await follow('zzzzzzzz');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.location).toBeUndefined();
    expectPageSecurityHeaders(unknown);
    const link = (await linkFor({ campaign_id: campaignId, sub_id: 'to-pause' })).json();
    await t.database.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, campaignId));
    // The redirect caches a link for a few seconds; a fresh app sees the change at once.
    const other = await listening(
      await buildApp({ config: t.config, database: await t.database.reopen(), logger: false }),
    );
    const res = await follow(link.code, {}, 'GET', '10.9.0.1', other);
    expect(res.statusCode).toBe(410);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('não está ativa');
    expectPageSecurityHeaders(res);
    await other.close();
    await t.database.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, campaignId));
    expect(await clicksOf(link.id)).toHaveLength(0);
  });

  test('on an https portal the click cookie is Secure; on http it cannot be', async () => {
    const link = (await linkFor({ campaign_id: campaignId, sub_id: 'secure-cookie' })).json();
    const plain = await follow(link.code);
    expect(String(plain.headers['set-cookie'])).not.toContain('Secure');
    const https = await listening(
      await buildApp({
        config: { ...t.config, publicUrl: 'https://portal.test' },
        database: await t.database.reopen(),
        logger: false,
      }),
    );
    const res = await follow(link.code, {}, 'GET', '10.9.0.2', https);
    await https.close();
    expect(res.statusCode).toBe(302);
    expect(String(res.headers['set-cookie'])).toMatch(/; HttpOnly; Secure$/);
  });

  test('X-Forwarded-For names the visitor only when TRUST_PROXY trusts the hop that sent it', async () => {
    const link = (await linkFor({ campaign_id: campaignId, sub_id: 'forwarded' })).json();
    const untrusting = await listening(
      await buildApp({
        config: { ...t.config, trustProxy: false },
        database: await t.database.reopen(),
        logger: false,
      }),
    );
    const forged = { 'x-forwarded-for': '203.0.113.9' };
    // The socket peer: inject's remoteAddress, or loopback over HTTP.
    const peer = through === 'inject' ? '10.9.0.8' : '127.0.0.1';
    await follow(link.code, { ...forged, 'user-agent': 'Agent/untrusting' }, 'GET', peer, untrusting);
    await follow(link.code, { ...forged, 'user-agent': 'Agent/trusting' }, 'GET', '127.0.0.1');
    await untrusting.close();
    const hashOf = (ip: string) => createHmac('sha256', t.config.jwtSecret).update(ip).digest('hex').slice(0, 32);
    const recorded = await clicksOf(link.id);
    expect(recorded.find((c) => c.userAgent === 'Agent/untrusting')?.ipHash).toBe(hashOf(peer));
    expect(recorded.find((c) => c.userAgent === 'Agent/trusting')?.ipHash).toBe(hashOf('203.0.113.9'));
  });

  test('a click whose connection is already gone (no peer address) does not bring the server down', async () => {
    const link = (await linkFor({ campaign_id: campaignId, sub_id: 'gone' })).json();
    await follow(link.code, { 'user-agent': 'Agent/first' }, 'GET', '10.9.0.2');
    // What a connection reset by the client or the proxy leaves: a socket with no remote address.
    const req = new IncomingMessage(new Socket());
    Object.assign(req, { method: 'GET', url: `/r/${link.code}`, headers: { 'user-agent': 'Agent/gone' } });
    const res = new ServerResponse(req);
    expect(() => t.app.server.emit('request', req, res)).not.toThrow();
    // No socket to write to: the answer is ended into the response, which is all it can do.
    for (let waited = 0; !res.writableEnded && waited < 5_000; waited += 10)
      await new Promise((r) => setTimeout(r, 10));
    expect(res.statusCode).toBe(302);
    await t.app.clickBuffer.flush();
    const recorded = await clicksOf(link.id);
    expect(recorded.map((c) => c.userAgent).sort()).toEqual(['Agent/first', 'Agent/gone']);
  });

  test('a graceful shutdown writes the clicks still in memory', async () => {
    const link = (await linkFor({ campaign_id: campaignId, sub_id: 'shutdown' })).json();
    const database = await t.database.reopen();
    const other = await listening(await buildApp({ config: t.config, database, logger: false }));
    await follow(link.code, {}, 'GET', '10.9.0.1', other);
    expect(other.clickBuffer.pending).toBe(1);
    await other.close();
    const recorded = await t.database.db.select().from(clicks).where(eq(clicks.linkId, link.id));
    expect(recorded).toHaveLength(1);
  });
});

describe('the click buffer', () => {
  const clickOn = (linkId: number, at: number) => ({
    id: randomUUID(),
    linkId,
    affiliateId: affiliate.user.affiliateId ?? 0,
    campaignId,
    at,
    ipHash: 'b'.repeat(32),
    userAgent: 'Mozilla/5.0 (Android)',
    referrer: '',
    isBot: false,
  });

  test('a click is written within a fraction of a second, with no flush asked for', async () => {
    const link = (await makeLink({ campaign_id: campaignId, sub_id: 'soon' })).json();
    t.app.clickBuffer.record(clickOn(link.id, Date.now()));
    // Written CLICK_WRITE_DELAY_MS (0.2 s) after it came in; the wait leaves room for a slow machine.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(t.app.clickBuffer.pending).toBe(0);
    expect(await clicksOf(link.id)).toHaveLength(1);
  });

  test('once the oldest unwritten click is 0.3 s old, the buffer says the writes are behind', async () => {
    const link = (await makeLink({ campaign_id: campaignId, sub_id: 'behind' })).json();
    const now = Date.now();
    expect(t.app.clickBuffer.record(clickOn(link.id, now))).toBe(false);
    expect(t.app.clickBuffer.record(clickOn(link.id, now + CLICK_BEHIND_MS - 1))).toBe(false);
    expect(t.app.clickBuffer.record(clickOn(link.id, now + CLICK_BEHIND_MS))).toBe(true);
    await t.app.clickBuffer.flush();
    expect(await clicksOf(link.id)).toHaveLength(3);
  });

  test('across servers a visitor counts again once the hour has passed, not before', async () => {
    const link = (await makeLink({ campaign_id: campaignId, sub_id: 'hour-across' })).json();
    const other = await buildApp({ config: t.config, database: await t.database.reopen(), logger: false });
    const at = Date.parse('2026-11-20T10:00:00.000Z');
    const visit = {
      linkId: link.id,
      affiliateId: affiliate.user.affiliateId ?? 0,
      campaignId,
      ipHash: 'a'.repeat(32),
      userAgent: 'Mozilla/5.0 (iPhone)',
      referrer: '',
      isBot: false,
    };
    const first = randomUUID();
    const early = randomUUID();
    const later = randomUUID();
    t.app.clickBuffer.record({ ...visit, id: first, at });
    await t.app.clickBuffer.flush();
    other.clickBuffer.record({ ...visit, id: early, at: at + 59 * 60_000 });
    await other.clickBuffer.flush();
    // The second server took 10:59 for counted until the check said otherwise: the hour runs from 10:00.
    other.clickBuffer.record({ ...visit, id: later, at: at + 61 * 60_000 });
    await other.clickBuffer.flush();
    const repeats = Object.fromEntries((await clicksOf(link.id)).map((c) => [c.id, c.isRepeat]));
    expect(repeats).toEqual({ [first]: false, [early]: true, [later]: false });
    await other.close();
  });

  test('visits counted over an hour ago are forgotten; recent ones are kept', async () => {
    const link = (await makeLink({ campaign_id: campaignId, sub_id: 'forget' })).json();
    const hour = 60 * 60_000;
    await t.database.db.insert(countedVisits).values([
      { linkId: link.id, visitor: 1, countedAt: new Date(Date.now() - 2 * hour) },
      { linkId: link.id, visitor: 2, countedAt: new Date(Date.now() - hour / 6) },
    ]);
    await t.app.clickBuffer.forgetOldVisits();
    const left = await t.database.db.select().from(countedVisits).where(eq(countedVisits.linkId, link.id));
    expect(left).toHaveLength(1);
    expect(left[0]?.countedAt.getTime()).toBeGreaterThan(Date.now() - hour);
  });

  test('a full batch is stored whole, every click once, though PGlite takes its rows in several COPYs', async () => {
    const link = (await makeLink({ campaign_id: campaignId, sub_id: 'full' })).json();
    const at = Date.now();
    const recorded = Array.from({ length: 1_600 }, (_, i) => ({
      ...clickOn(link.id, at + i),
      ipHash: i.toString(16).padStart(32, '0'),
    }));
    for (const click of recorded) t.app.clickBuffer.record(click);
    await t.app.clickBuffer.flush();
    const stored = await clicksOf(link.id);
    expect(stored).toHaveLength(recorded.length);
    expect(new Set(stored.map((c) => c.id))).toEqual(new Set(recorded.map((c) => c.id)));
    expect(stored.filter((c) => c.isRepeat)).toHaveLength(0);
  });

  test('stores every field exactly as recorded, whatever the agent and referrer hold', async () => {
    const link = (await makeLink({ campaign_id: campaignId, sub_id: 'exact' })).json();
    const at = Date.parse('2026-11-20T13:45:06.789Z');
    const tricky = {
      linkId: link.id,
      affiliateId: affiliate.user.affiliateId ?? 0,
      campaignId,
      at,
      ipHash: 'f'.repeat(32),
      isBot: false,
    };
    const recorded = [
      { ...tricky, id: randomUUID(), userAgent: 'tab\there\nnew line\r\\backslash\\N', referrer: '' },
      {
        ...tricky,
        id: randomUUID(),
        userAgent: 'Pedro 🙂 ação',
        referrer: 'https://exemplo.com.br/página?q=1',
        isBot: true,
      },
    ];
    for (const click of recorded) t.app.clickBuffer.record(click);
    const stored = await clicksOf(link.id);
    expect(
      stored.map(({ id, userAgent, referrer, isBot, isRepeat, at: when, ipHash }) => ({
        id,
        userAgent,
        referrer,
        isBot,
        isRepeat,
        at: when.getTime(),
        ipHash,
      })),
    ).toEqual(
      expect.arrayContaining(
        recorded.map((c) => ({
          id: c.id,
          userAgent: c.userAgent,
          referrer: c.referrer,
          isBot: c.isBot,
          isRepeat: false,
          at,
          ipHash: c.ipHash,
        })),
      ),
    );
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ affiliateId: affiliate.user.affiliateId, campaignId, linkId: link.id });
  });
});
