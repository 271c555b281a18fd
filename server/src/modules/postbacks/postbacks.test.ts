import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_ROLE } from '@contract/auth';
import type { SaleAction } from '@contract/sales';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testEngine } from '../../../test/engine';
import { createSignedIn } from '../../../test/fixtures';
import { createPostgresCopy, createTestDatabase, testConfig } from '../../../test/helper';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { affiliatePostbacks, campaigns, postbackDeliveries } from '../../db/schema';
import { MACRO_IN_HOST_TEMPLATES, PUBLIC_URLS, SPECIAL_PURPOSE_URLS } from '../../outbound/destination.fixtures';
import { runAutoApproval } from '../sales/approval-job';
import { BACKOFF_SECONDS, MAX_ATTEMPTS, runPostbackDeliveries } from './postback-worker';

// Postbacks to an affiliate's own tracker, against a real receiver on 127.0.0.1. `open` is a
// server whose operator allows private destinations (OUTBOUND_ALLOW_PRIVATE=1, as for a tracker
// inside the operator's network); `strict` is a second server on the same database without it.

type Reply = number | 'hang' | { status: number; location: string };

/** A tracker: records every request's URL and answers each path from its script (then 200). */
function createReceiver() {
  const scripts = new Map<string, Reply[]>();
  const seen: { path: string; url: string; at: number }[] = [];
  const hanging: ServerResponse[] = [];
  let delayMs = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    seen.push({ path, url, at: Date.now() });
    const reply = scripts.get(path)?.shift() ?? 200;
    if (reply === 'hang') {
      hanging.push(res);
      return;
    }
    setTimeout(() => {
      if (typeof reply === 'number') res.writeHead(reply).end('ok');
      else res.writeHead(reply.status, { location: reply.location }).end();
    }, delayMs);
  });
  return {
    server,
    seen,
    script(path: string, replies: Reply[]) {
      scripts.set(path, replies);
    },
    slow(ms: number) {
      delayMs = ms;
    },
    hits(path: string) {
      return seen.filter((s) => s.path === path);
    },
    base: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let receiver: ReturnType<typeof createReceiver>;
let first: Database;
let second: Database;
let dropCopy: (() => Promise<void>) | null = null;
let dataDir: string;
let open: FastifyInstance;
let strict: FastifyInstance;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;

const TIMEOUT_MS = 500;
/** The workers' clock: now, moved forward by the tests instead of waiting. */
let shiftMs = 0;
const clock = () => new Date(Date.now() + shiftMs);
const deliver = (db = first.db, allowPrivate = true) =>
  runPostbackDeliveries(db, { policy: { allowPrivate }, timeoutMs: TIMEOUT_MS, clock });

beforeAll(async () => {
  receiver = createReceiver();
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  // Two servers on one database: on PostgreSQL each with its own pool, as two machines would be.
  if (testEngine() === 'postgres') {
    const copy = await createPostgresCopy();
    first = await openDatabase({ databaseUrl: copy.url, poolSize: 10 });
    second = await openDatabase({ databaseUrl: copy.url, poolSize: 10 });
    dropCopy = copy.drop;
  } else {
    first = await createTestDatabase();
    second = first;
  }
  dataDir = await mkdtemp(join(tmpdir(), 'afiliados-postbacks-'));
  open = await buildApp({
    config: testConfig(dataDir, { OUTBOUND_ALLOW_PRIVATE: '1', OUTBOUND_TIMEOUT_MS: String(TIMEOUT_MS) }),
    database: first,
    logger: false,
  });
  strict = await buildApp({ config: testConfig(dataDir), database: second, logger: false });
  await Promise.all([open.ready(), strict.ready()]);
  admin = await createSignedIn(open, first.db, { role: ADMIN_ROLE });
  const [campaign] = await first.db
    .insert(campaigns)
    .values({
      name: 'Loja Postback',
      destinationUrl: 'https://loja.example.com/',
      commissionType: 'percent',
      commissionValue: 1_000,
      cookieDays: 30,
      holdDays: 0,
    })
    .returning();
  campaignId = campaign?.id ?? 0;
});

afterAll(async () => {
  await open?.close();
  await strict?.close();
  await first?.close();
  if (second !== first) await second?.close();
  await dropCopy?.();
  await receiver?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Person = Awaited<ReturnType<typeof createSignedIn>>;

async function affiliate(): Promise<Person> {
  return createSignedIn(open, first.db);
}

/** Saves a postback through the API (the open server: the receiver is on 127.0.0.1). */
async function savePostback(person: Person, path: string, events = ['created', 'approved', 'reversed'], query = '') {
  const res = await open.inject({
    method: 'PUT',
    url: '/api/v1/me/postback',
    headers: person.headers,
    payload: { url: `${receiver.base()}${path}${query}`, events, active: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let order = 0;
async function recordSale(person: Person, change: Record<string, unknown> = {}) {
  const res = await open.inject({
    method: 'POST',
    url: '/api/v1/sales',
    headers: admin.headers,
    payload: {
      campaign_id: campaignId,
      affiliate_id: person.user.affiliateId,
      external_id: `pb-${process.pid}-${++order}`,
      amount_cents: 18_990,
      payment_method: 'pix',
      ...change,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string };
}

async function decide(saleId: number, action: SaleAction) {
  const res = await open.inject({
    method: 'POST',
    url: `/api/v1/sales/${saleId}/${action}`,
    headers: admin.headers,
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
}

function deliveriesOf(saleId: number) {
  return first.db
    .select()
    .from(postbackDeliveries)
    .where(eq(postbackDeliveries.saleId, saleId))
    .orderBy(postbackDeliveries.id);
}

describe('the postback settings', () => {
  test('PUT /me/postback saves the template and GET /me/postback answers it', async () => {
    const ana = await affiliate();
    const empty = await open.inject({ method: 'GET', url: '/api/v1/me/postback', headers: ana.headers });
    expect(empty.json()).toEqual({ url: null, events: [], active: false });
    const url = `${receiver.base()}/saved?cid={click_id}&v={amount}`;
    const saved = await open.inject({
      method: 'PUT',
      url: '/api/v1/me/postback',
      headers: ana.headers,
      payload: { url, events: ['reversed', 'created', 'created'], active: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await open.inject({ method: 'GET', url: '/api/v1/me/postback', headers: ana.headers });
    expect(read.json()).toEqual({ url, events: ['created', 'reversed'], active: true });
  });

  test.each([
    ['a URL that is not one', { url: 'tracker', events: [], active: true }, 'url'],
    ['another scheme', { url: 'ftp://tracker.example.com/', events: [], active: true }, 'url'],
    ['an unknown macro', { url: 'https://tracker.example.com/?x={order}', events: [], active: true }, 'url'],
    ['a macro in the host', { url: 'https://{sub_id}.example.com/', events: [], active: true }, 'url'],
    ['a password in the URL', { url: 'https://u:p@tracker.example.com/', events: [], active: true }, 'url'],
    ['a URL too long', { url: `https://tracker.example.com/${'a'.repeat(2_001)}`, events: [], active: true }, 'url'],
    ['an unknown event', { url: 'https://tracker.example.com/', events: ['sold'], active: true }, 'events.0'],
    ['no active flag', { url: 'https://tracker.example.com/', events: [] }, 'active'],
  ])('PUT /me/postback refuses %s with a 400 naming the field', async (_, payload, field) => {
    const ana = await affiliate();
    const res = await open.inject({ method: 'PUT', url: '/api/v1/me/postback', headers: ana.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  test.each([
    ['plain http', 'http://tracker.example.com/pb'],
    ['a loopback address', 'https://127.0.0.1/pb'],
    ['a private address', 'https://10.1.2.3/pb'],
    ['another private range', 'https://192.168.0.10/pb'],
    ['a link-local address (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'https://[::1]/pb'],
    ['an IPv6 unique local address', 'https://[fc00::1]/pb'],
    ['IPv4 loopback written as IPv6', 'https://[::ffff:127.0.0.1]/pb'],
    ['a host name that resolves to loopback', 'https://localhost/pb'],
  ])('PUT /me/postback refuses %s (422 naming url) unless the operator allows it', async (_, url) => {
    const ana = await affiliate();
    const res = await strict.inject({
      method: 'PUT',
      url: '/api/v1/me/postback',
      headers: ana.headers,
      payload: { url, events: ['created'], active: true },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[0].field).toBe('url');
    expect(
      await first.db
        .select()
        .from(affiliatePostbacks)
        .where(eq(affiliatePostbacks.affiliateId, ana.user.affiliateId ?? 0)),
    ).toEqual([]);
  });

  test.each(MACRO_IN_HOST_TEMPLATES)(
    'PUT /me/postback refuses %j (%s): the parser reads a macro into its host (400 naming url)',
    async (url) => {
      const ana = await affiliate();
      const res = await open.inject({
        method: 'PUT',
        url: '/api/v1/me/postback',
        headers: ana.headers,
        payload: { url, events: ['created'], active: true },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field: 'url', message: 'must not have a macro in its host' });
    },
  );

  test.each(SPECIAL_PURPOSE_URLS)('PUT /me/postback refuses %s (%s) with a 422 naming url', async (address) => {
    const ana = await affiliate();
    const res = await strict.inject({
      method: 'PUT',
      url: '/api/v1/me/postback',
      headers: ana.headers,
      payload: { url: `${address}?c={click_id}`, events: ['created'], active: true },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'url', message: expect.stringMatching(/^must not point to/) });
  });

  test.each([
    ...PUBLIC_URLS.map(([address, why]) => [`${address}?cid={click_id}&s={sub_id}`, `${why}, macros in the query`]),
    ['https://8.8.8.8/pb/{sub_id}/{sale_id}/{status}', 'macros in the path'],
    ['HTTPS://8.8.8.8:8443/pb?v={amount}#{campaign_id}', 'an upper-case scheme, a port, a macro in the fragment'],
  ])('PUT /me/postback takes %s (%s)', async (url) => {
    const ana = await affiliate();
    const res = await strict.inject({
      method: 'PUT',
      url: '/api/v1/me/postback',
      headers: ana.headers,
      payload: { url, events: ['created'], active: true },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('PUT /me/postback with OUTBOUND_ALLOW_PRIVATE takes a private address, over http too, but a public one only over https', async () => {
    const ana = await affiliate();
    const put = (url: string) =>
      open.inject({
        method: 'PUT',
        url: '/api/v1/me/postback',
        headers: ana.headers,
        payload: { url, events: ['created'], active: true },
      });
    expect((await put(`${receiver.base()}/inside`)).statusCode).toBe(200);
    expect((await put('https://localhost/inside')).statusCode).toBe(200);
    const outside = await put('http://tracker.example.com/pb');
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors[0]).toMatchObject({ field: 'url', message: 'must start with https://' });
  });

  test('the postback routes are for affiliates: an admin gets 403', async () => {
    const res = await open.inject({ method: 'GET', url: '/api/v1/me/postback', headers: admin.headers });
    expect(res.statusCode).toBe(403);
  });

  test('POST /me/postback/test calls the URL once with sample values and says what it answered', async () => {
    const ana = await affiliate();
    receiver.script('/try', [204]);
    const res = await open.inject({
      method: 'POST',
      url: '/api/v1/me/postback/test',
      headers: ana.headers,
      payload: { url: `${receiver.base()}/try?a={amount}&s={status}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ is_delivered: true, status_code: 204, error: null });
    expect(receiver.hits('/try').map((h) => h.url)).toEqual(['/try?a=189.90&s=test']);
    const refused = await strict.inject({
      method: 'POST',
      url: '/api/v1/me/postback/test',
      headers: ana.headers,
      payload: { url: `${receiver.base()}/try` },
    });
    expect(refused.statusCode).toBe(422);
    expect(receiver.hits('/try')).toHaveLength(1);
    // Nothing is queued by a test send.
    const list = await open.inject({ method: 'GET', url: '/api/v1/me/postback/deliveries', headers: ana.headers });
    expect(list.json().total).toBe(0);
  });
});

describe('deliveries', () => {
  test('created, approved and reversed sales reach the tracker with every macro filled in and URL-encoded', async () => {
    const ana = await affiliate();
    await savePostback(
      ana,
      '/macros',
      undefined,
      '?cid={click_id}&sub={sub_id}&sale={sale_id}&camp={campaign_id}&amt={amount}&com={commission}&st={status}',
    );
    const link = await open.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers: ana.headers,
      payload: { campaign_id: campaignId, sub_id: 'black friday~1' },
    });
    expect(link.statusCode, link.body).toBe(201);
    const redirect = await open.inject({
      method: 'GET',
      url: `/r/${link.json().code}`,
      headers: { 'user-agent': 'Mozilla/5.0' },
    });
    const clickId = new URL(redirect.headers.location as string).searchParams.get('click_id');
    const sale = await recordSale(ana, { affiliate_id: undefined, click_id: clickId });
    await deliver();
    const expected = (status: string) =>
      `/macros?cid=${clickId}&sub=black%20friday~1&sale=${sale.id}&camp=${campaignId}&amt=189.90&com=18.99&st=${status}`;
    expect(receiver.hits('/macros').map((h) => h.url)).toEqual([expected('pending')]);

    await decide(sale.id, 'approve');
    await deliver();
    await decide(sale.id, 'refund');
    await deliver();
    expect(receiver.hits('/macros').map((h) => h.url)).toEqual([
      expected('pending'),
      expected('approved'),
      expected('refunded'),
    ]);
    const rows = await deliveriesOf(sale.id);
    expect(rows.map((r) => [r.event, r.state, r.statusCode, r.attempts])).toEqual([
      ['created', 'delivered', 200, 1],
      ['approved', 'delivered', 200, 1],
      ['reversed', 'delivered', 200, 1],
    ]);
    expect(rows[0]?.url).toBe(`${receiver.base()}${expected('pending')}`);

    // The affiliate sees them, newest first, with the URL as it was sent.
    const list = await open.inject({ method: 'GET', url: '/api/v1/me/postback/deliveries', headers: ana.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(3);
    expect(list.json().items[0]).toMatchObject({
      event: 'reversed',
      sale_id: sale.id,
      state: 'delivered',
      status_code: 200,
      attempts: 1,
      next_attempt_at: null,
      url: `${receiver.base()}${expected('refunded')}`,
    });
  });

  test('a cancelled sale is reversed; only the events chosen are sent', async () => {
    const ana = await affiliate();
    await savePostback(ana, '/reversed-only', ['reversed'], '?st={status}');
    const sale = await recordSale(ana);
    await decide(sale.id, 'cancel');
    await deliver();
    expect(receiver.hits('/reversed-only').map((h) => h.url)).toEqual(['/reversed-only?st=cancelled']);
    expect((await deliveriesOf(sale.id)).map((r) => r.event)).toEqual(['reversed']);
    // A chargeback is a reversal too, with its own status.
    const chargedBack = await recordSale(ana);
    await decide(chargedBack.id, 'approve');
    await decide(chargedBack.id, 'chargeback');
    await deliver();
    expect(receiver.hits('/reversed-only').map((h) => h.url)).toEqual([
      '/reversed-only?st=cancelled',
      '/reversed-only?st=chargeback',
    ]);
  });

  test('a sale recorded as approved and one approved by the hold job send their approvals', async () => {
    const ana = await affiliate();
    await savePostback(ana, '/approvals', ['approved'], '?sale={sale_id}&st={status}');
    const atOnce = await recordSale(ana, { status: 'approved' });
    const later = await recordSale(ana);
    expect(await runAutoApproval(first.db, new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    await deliver();
    expect(
      receiver
        .hits('/approvals')
        .map((h) => h.url)
        .sort(),
    ).toEqual([`/approvals?sale=${atOnce.id}&st=approved`, `/approvals?sale=${later.id}&st=approved`].sort());
  });

  test('a failing tracker (500, then 200) is retried after the backoff and delivered once', async () => {
    const ana = await affiliate();
    await savePostback(ana, '/flaky', ['created']);
    receiver.script('/flaky', [500]);
    const sale = await recordSale(ana);
    await deliver();
    let [row] = await deliveriesOf(sale.id);
    expect(row).toMatchObject({ state: 'queued', statusCode: 500, attempts: 1, error: 'answered 500' });
    const wait = (row?.nextAttemptAt?.getTime() ?? 0) - (row?.lastAttemptAt?.getTime() ?? 0);
    // The wait runs from the end of the attempt.
    expect(wait).toBeGreaterThanOrEqual(BACKOFF_SECONDS[0] * 1000);
    expect(wait).toBeLessThan((BACKOFF_SECONDS[0] + 2) * 1000);

    // Not before its time.
    await deliver();
    expect(receiver.hits('/flaky')).toHaveLength(1);
    shiftMs += (BACKOFF_SECONDS[0] + 1) * 1000;
    await deliver();
    await deliver();
    expect(receiver.hits('/flaky')).toHaveLength(2);
    [row] = await deliveriesOf(sale.id);
    expect(row).toMatchObject({ state: 'delivered', statusCode: 200, attempts: 2, error: null, nextAttemptAt: null });
    expect(row?.deliveredAt).not.toBeNull();
  });

  test('a tracker that never answers is cut off at the timeout and retried later', async () => {
    const ana = await affiliate();
    await savePostback(ana, '/silent', ['created']);
    receiver.script('/silent', ['hang']);
    const sale = await recordSale(ana);
    const started = Date.now();
    await deliver();
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1_500);
    const [row] = await deliveriesOf(sale.id);
    expect(row).toMatchObject({
      state: 'queued',
      statusCode: null,
      attempts: 1,
      error: `no answer within ${TIMEOUT_MS} ms`,
    });
    expect(row?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + shiftMs);
  });

  test(`a tracker that always fails is given up after ${MAX_ATTEMPTS} attempts`, async () => {
    const ana = await affiliate();
    await savePostback(ana, '/down', ['created']);
    receiver.script('/down', Array(MAX_ATTEMPTS + 2).fill(503));
    const sale = await recordSale(ana);
    for (let n = 0; n < MAX_ATTEMPTS + 2; n++) {
      await deliver();
      shiftMs += 13 * 3_600_000;
    }
    expect(receiver.hits('/down')).toHaveLength(MAX_ATTEMPTS);
    const [row] = await deliveriesOf(sale.id);
    expect(row).toMatchObject({ state: 'failed', statusCode: 503, attempts: MAX_ATTEMPTS, nextAttemptAt: null });
  });

  test('a redirect is not followed', async () => {
    const ana = await affiliate();
    await savePostback(ana, '/moved', ['created']);
    receiver.script('/moved', [{ status: 302, location: `${receiver.base()}/elsewhere` }]);
    const sale = await recordSale(ana);
    await deliver();
    expect(receiver.hits('/elsewhere')).toHaveLength(0);
    const [row] = await deliveriesOf(sale.id);
    expect(row).toMatchObject({ state: 'queued', statusCode: 302, error: 'redirects are not followed' });
  });

  test.each([
    ['a loopback address', (base: string) => `${base}/inside`],
    ['a host name that resolves to loopback', (base: string) => `${base.replace('127.0.0.1', 'localhost')}/inside`],
    ['IPv6 loopback', (base: string) => `${base.replace('127.0.0.1', '[::1]')}/inside`],
  ])('at delivery, a server without OUTBOUND_ALLOW_PRIVATE refuses %s and sends nothing', async (_, urlOf) => {
    const ana = await affiliate();
    // Saved while allowed (or before a DNS change): the check is made again at every attempt.
    await first.db
      .insert(affiliatePostbacks)
      .values({ affiliateId: ana.user.affiliateId ?? 0, url: urlOf(receiver.base()), events: ['created'] });
    const before = receiver.hits('/inside').length;
    const sale = await recordSale(ana);
    await deliver(second.db, false);
    expect(receiver.hits('/inside')).toHaveLength(before);
    const [row] = await deliveriesOf(sale.id);
    expect(row?.state).toBe('queued');
    expect(row?.error).toMatch(/^refused: the address must/);
  });

  test('at delivery, a template saved with a macro in its host (before that was refused) fails without a call', async () => {
    const ana = await affiliate();
    const port = new URL(receiver.base()).port;
    // As saved before the check read the template as the parser does: the link's sub_id names the host.
    await first.db
      .insert(affiliatePostbacks)
      .values({ affiliateId: ana.user.affiliateId ?? 0, url: `http:{sub_id}:${port}/stolen`, events: ['created'] });
    const link = await open.inject({
      method: 'POST',
      url: '/api/v1/links',
      headers: ana.headers,
      payload: { campaign_id: campaignId, sub_id: '127.0.0.1' },
    });
    const redirect = await open.inject({
      method: 'GET',
      url: `/r/${link.json().code}`,
      headers: { 'user-agent': 'Mozilla/5.0' },
    });
    const clickId = new URL(redirect.headers.location as string).searchParams.get('click_id');
    const sale = await recordSale(ana, { affiliate_id: undefined, click_id: clickId });
    await deliver();
    expect(receiver.hits('/stolen')).toHaveLength(0);
    const [row] = await deliveriesOf(sale.id);
    expect(row).toMatchObject({ state: 'failed', error: 'refused: the address must not have a macro in its host' });
  });

  test.each(SPECIAL_PURPOSE_URLS.slice(0, 9))(
    'at delivery, a server without POSTBACK_ALLOW_PRIVATE refuses %s (%s)',
    async (address) => {
      const ana = await affiliate();
      await first.db
        .insert(affiliatePostbacks)
        .values({ affiliateId: ana.user.affiliateId ?? 0, url: `${address}?s={sale_id}`, events: ['created'] });
      const sale = await recordSale(ana);
      await deliver(second.db, false);
      const [row] = await deliveriesOf(sale.id);
      expect(row).toMatchObject({ state: 'queued', statusCode: null });
      expect(row?.error).toMatch(/^refused: the address must not point to a private/);
    },
  );

  test('a postback turned off before its delivery is skipped', async () => {
    const ana = await affiliate();
    await savePostback(ana, '/off', ['created']);
    const sale = await recordSale(ana);
    await first.db
      .update(affiliatePostbacks)
      .set({ active: false })
      .where(eq(affiliatePostbacks.affiliateId, ana.user.affiliateId ?? 0));
    await deliver();
    expect(receiver.hits('/off')).toHaveLength(0);
    expect((await deliveriesOf(sale.id))[0]?.state).toBe('skipped');
  });

  test('an affiliate without a postback gets no delivery rows', async () => {
    const ana = await affiliate();
    const sale = await recordSale(ana, { status: 'approved' });
    await decide(sale.id, 'refund');
    expect(await deliveriesOf(sale.id)).toEqual([]);
  });

  test('GET /me/postback/deliveries shows an affiliate only their own deliveries, a page at a time', async () => {
    const ana = await affiliate();
    const bia = await affiliate();
    await savePostback(ana, '/own', ['created']);
    for (let n = 0; n < 3; n++) await recordSale(ana);
    await deliver();
    const anas = await open.inject({
      method: 'GET',
      url: '/api/v1/me/postback/deliveries?page_size=2',
      headers: ana.headers,
    });
    expect(anas.json()).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(anas.json().items).toHaveLength(2);
    const bias = await open.inject({ method: 'GET', url: '/api/v1/me/postback/deliveries', headers: bia.headers });
    expect(bias.json()).toMatchObject({ items: [], total: 0 });
    const tooBig = await open.inject({
      method: 'GET',
      url: '/api/v1/me/postback/deliveries?page_size=500',
      headers: ana.headers,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors[0].field).toBe('page_size');
  });

  test('two servers working the queue at once deliver each postback once', async () => {
    const ana = await affiliate();
    await savePostback(ana, '/once', ['created'], '?sale={sale_id}');
    const ids: number[] = [];
    for (let n = 0; n < 30; n++) ids.push((await recordSale(ana)).id);
    receiver.slow(30);
    try {
      await Promise.all([deliver(first.db), deliver(second.db), deliver(first.db), deliver(second.db)]);
    } finally {
      receiver.slow(0);
    }
    const sent = receiver.hits('/once').map((h) => h.url);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
    const rows = await first.db
      .select()
      .from(postbackDeliveries)
      .where(and(eq(postbackDeliveries.affiliateId, ana.user.affiliateId ?? 0)));
    expect(rows.every((r) => r.state === 'delivered' && r.attempts === 1)).toBe(true);
  });
});
