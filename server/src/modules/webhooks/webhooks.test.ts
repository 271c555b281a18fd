import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_ROLE } from '@contract/auth';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { testEngine } from '../../../test/engine';
import { createSignedIn } from '../../../test/fixtures';
import { createPostgresCopy, createTestDatabase, testConfig } from '../../../test/helper';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import {
  affiliates,
  campaigns,
  notifications,
  outboundAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { PUBLIC_URLS, SPECIAL_PURPOSE_URLS } from '../../outbound/destination.fixtures';
import { DISABLE_AFTER_FAILURES } from './webhook-endpoint-health';
import { queueWebhookEvent } from './webhook-queue';
import { BACKOFF_SECONDS, MAX_ATTEMPTS, runWebhookDeliveries } from './webhook-worker';

// Signed webhooks out, against a real receiver on 127.0.0.1 that checks every delivery with the
// Standard Webhooks library itself. `open` is a server whose operator allows private destinations
// (OUTBOUND_ALLOW_PRIVATE=1); `strict` is a second server on the same database without it.

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

type Received = {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The payload as `Webhook.verify` returned it, or the reason it refused. */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | { refused: string };
};

/** A receiver: verifies each POST with the secret its path was given, records it, answers from its script. */
function createReceiver() {
  const secrets = new Map<string, string>();
  const scripts = new Map<string, number[]>();
  const seen: Received[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let verified: Received['verified'];
      try {
        verified = new Webhook(secrets.get(path) ?? 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(
          body,
          headers,
        ) as Received['verified'];
      } catch (error) {
        verified = { refused: (error as Error).message };
      }
      seen.push({
        path,
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        verified,
      });
      const status = scripts.get(path)?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : `no: ${'x'.repeat(2_000)}`);
    });
  });
  return {
    server,
    seen,
    secret(path: string, secret: string) {
      secrets.set(path, secret);
    },
    script(path: string, replies: number[]) {
      scripts.set(path, replies);
    },
    at(path: string) {
      return seen.filter((s) => s.path === path);
    },
    async listen(port = 0) {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    port: () => (server.address() as AddressInfo).port,
    base: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
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

const TIMEOUT_MS = 1_000;
/** The workers' clock: now, moved forward by the tests instead of waiting. */
let shiftMs = 0;
const clock = () => new Date(Date.now() + shiftMs);
const later = (seconds: number) => {
  shiftMs += seconds * 1000;
};
const deliver = (db = first.db, allowPrivate = true) =>
  runWebhookDeliveries(db, { policy: { allowPrivate }, timeoutMs: TIMEOUT_MS, serverSecret: SECRET, clock });

beforeAll(async () => {
  receiver = createReceiver();
  await receiver.listen();
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
  dataDir = await mkdtemp(join(tmpdir(), 'afiliados-webhooks-'));
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
      name: 'Loja Webhook',
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

// Every endpoint hears every event it subscribed to: each test starts with none.
beforeEach(async () => {
  await first.db.delete(webhookEndpoints);
  shiftMs = 0;
});

type Created = { id: number; secret: string; url: string; events: string[] };

/** Registers an endpoint at the receiver's `path` through the API, and tells the receiver its secret. */
async function register(path: string, events: string[], base = receiver.base()): Promise<Created> {
  const res = await open.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: admin.headers,
    payload: { url: `${base}${path}`, events, description: path },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as Created;
  receiver.secret(path, created.secret);
  return created;
}

let order = 0;
async function recordSale(affiliateId: number, change: Record<string, unknown> = {}) {
  const res = await open.inject({
    method: 'POST',
    url: '/api/v1/sales',
    headers: admin.headers,
    payload: {
      campaign_id: campaignId,
      affiliate_id: affiliateId,
      external_id: `wh-${process.pid}-${++order}`,
      amount_cents: 18_990,
      payment_method: 'pix',
      ...change,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string };
}

async function decide(saleId: number, action: 'approve' | 'cancel' | 'refund') {
  const res = await open.inject({
    method: 'POST',
    url: `/api/v1/sales/${saleId}/${action}`,
    headers: admin.headers,
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function affiliateId() {
  const person = await createSignedIn(open, first.db);
  return person.user.affiliateId ?? 0;
}

const messagesOf = (endpointId: number) =>
  first.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.id);

/** Arrival order per subject (`sale.created:42` → `sale:42`): what the receiver may rely on. */
const bySubject = (messages: { type: string; data: Record<string, unknown> }[]) => {
  const groups = new Map<string, string[]>();
  for (const m of messages) {
    const subject = `${m.type.split('.')[0]}:${m.data.id}`;
    groups.set(subject, [...(groups.get(subject) ?? []), m.type]);
  }
  return Object.fromEntries(groups);
};

const verifiedAt = (path: string) =>
  receiver.at(path).map((r) => {
    expect(r.verified, `${path} ${r.id}`).not.toHaveProperty('refused');
    return r.verified as { type: string; timestamp: string; data: Record<string, unknown> };
  });

describe('endpoints', () => {
  test('POST /webhooks answers the whsec_ secret once; GET /webhooks lists the endpoint without it', async () => {
    const created = await register('/crud', ['sale.refunded', 'sale.created', 'sale.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.events).toEqual(['sale.created', 'sale.refunded']);
    const list = await open.inject({ method: 'GET', url: '/api/v1/webhooks', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: created.id, enabled: true, failure_count: 0, description: '/crud' }),
    ]);
    const [row] = await first.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row?.secretSealed).not.toContain(created.secret.slice(6));
  });

  test('PATCH, rotate-secret and DELETE /webhooks/{id} change, re-key and remove an endpoint', async () => {
    const created = await register('/edit', ['sale.created']);
    const patched = await open.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${created.id}`,
      headers: admin.headers,
      payload: { events: ['redemption.paid'], enabled: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ events: ['redemption.paid'], enabled: false, disabled_reason: 'admin' });
    const rotated = await open.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${created.id}/rotate-secret`,
      headers: admin.headers,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);
    const removed = await open.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${created.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    const again = await open.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${created.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  test.each([
    ['a URL that is not one', { url: 'receiver', events: ['sale.created'] }, 'url'],
    ['another scheme', { url: 'ftp://hooks.example.com/', events: ['sale.created'] }, 'url'],
    ['a password in the URL', { url: 'https://u:p@hooks.example.com/', events: ['sale.created'] }, 'url'],
    ['a URL too long', { url: `https://hooks.example.com/${'a'.repeat(2_001)}`, events: ['sale.created'] }, 'url'],
    ['no event', { url: 'https://hooks.example.com/', events: [] }, 'events'],
    ['an unknown event', { url: 'https://hooks.example.com/', events: ['sale.sold'] }, 'events.0'],
  ])('POST /webhooks refuses %s with a 400 naming the field', async (_, payload, field) => {
    const res = await open.inject({ method: 'POST', url: '/api/v1/webhooks', headers: admin.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  test.each([
    ['plain http', 'http://hooks.example.com/in'],
    ['a loopback address', 'https://127.0.0.1/in'],
    ['a private address', 'https://10.1.2.3/in'],
    ['a link-local address (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'https://[::1]/in'],
    ['IPv4 loopback written as IPv6', 'https://[::ffff:127.0.0.1]/in'],
    ['a host name that resolves to loopback', 'https://localhost/in'],
  ])('POST /webhooks refuses %s (422 naming url) unless the operator allows it', async (_, url) => {
    const res = await strict.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: admin.headers,
      payload: { url, events: ['sale.created'] },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[0].field).toBe('url');
    expect(await first.db.select().from(webhookEndpoints)).toEqual([]);
  });

  test.each(SPECIAL_PURPOSE_URLS)('POST /webhooks refuses %s (%s) with a 422 naming url', async (url) => {
    const res = await strict.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: admin.headers,
      payload: { url, events: ['sale.created'] },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'url', message: expect.stringMatching(/^must not point to/) });
    expect(await first.db.select().from(webhookEndpoints)).toEqual([]);
  });

  test.each(SPECIAL_PURPOSE_URLS)('PATCH /webhooks/{id} refuses %s (%s) with a 422 naming url', async (url) => {
    const created = await strict.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: admin.headers,
      payload: { url: 'https://8.8.8.8/in', events: ['sale.created'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await strict.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${created.json().id}`,
      headers: admin.headers,
      payload: { url },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[0].field).toBe('url');
    const [row] = await first.db.select().from(webhookEndpoints);
    expect(row?.url).toBe('https://8.8.8.8/in');
  });

  test.each(PUBLIC_URLS)('POST /webhooks takes %s (%s)', async (url) => {
    const res = await strict.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: admin.headers,
      payload: { url, events: ['sale.created'] },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  test('the webhook routes are for admins: an affiliate gets 403', async () => {
    const person = await createSignedIn(open, first.db);
    const res = await open.inject({ method: 'GET', url: '/api/v1/webhooks', headers: person.headers });
    expect(res.statusCode).toBe(403);
  });
});

describe('deliveries', () => {
  test('a sale created, approved and refunded reaches the receiver in that order, each verified by the Standard Webhooks library', async () => {
    const endpoint = await register('/sales', ['sale.created', 'sale.approved', 'sale.refunded']);
    const ana = await affiliateId();
    const sale = await recordSale(ana);
    await decide(sale.id, 'approve');
    await decide(sale.id, 'refund');
    // All three wait before the worker runs: it still sends them in the order they happened.
    await deliver();
    const got = verifiedAt('/sales');
    expect(got.map((m) => m.type)).toEqual(['sale.created', 'sale.approved', 'sale.refunded']);
    expect(got.map((m) => m.data.status)).toEqual(['pending', 'approved', 'refunded']);
    expect(got[0]?.data).toMatchObject({
      id: sale.id,
      campaign_id: campaignId,
      affiliate_id: ana,
      amount_cents: 18_990,
      commission_cents: 1_899,
      currency: 'BRL',
      payment_method: 'pix',
    });
    expect(got[0]?.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const headers = receiver.at('/sales');
    expect(new Set(headers.map((h) => h.id)).size).toBe(3);
    for (const h of headers) expect(h.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect((await messagesOf(endpoint.id)).map((m) => [m.state, m.attempts, m.statusCode])).toEqual([
      ['delivered', 1, 200],
      ['delivered', 1, 200],
      ['delivered', 1, 200],
    ]);
  });

  test('a sale recorded as approved sends created before approved, and a cancellation sends nothing', async () => {
    await register('/recorded', ['sale.created', 'sale.approved', 'sale.refunded']);
    const ana = await affiliateId();
    const recorded = await recordSale(ana, { status: 'approved' });
    const cancelled = await recordSale(ana);
    await decide(cancelled.id, 'cancel');
    await deliver();
    expect(bySubject(verifiedAt('/recorded'))).toEqual({
      [`sale:${recorded.id}`]: ['sale.created', 'sale.approved'],
      [`sale:${cancelled.id}`]: ['sale.created'],
    });
  });

  test('an endpoint hears only the events it chose, and with no endpoint a sale queues nothing', async () => {
    const before = (await first.db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries))[0]?.n ?? 0;
    const ana = await affiliateId();
    await recordSale(ana);
    const after = (await first.db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries))[0]?.n ?? 0;
    expect(after).toBe(before);
    const endpoint = await register('/approvals', ['sale.approved']);
    const sale = await recordSale(ana);
    expect(await messagesOf(endpoint.id)).toEqual([]);
    await decide(sale.id, 'approve');
    await deliver();
    expect(verifiedAt('/approvals').map((m) => [m.type, m.data.id])).toEqual([['sale.approved', sale.id]]);
  });

  test('redemption requested, paid and rejected, affiliate registered and approved are sent as they happen', async () => {
    await register('/people', [
      'redemption.requested',
      'redemption.paid',
      'redemption.rejected',
      'affiliate.registered',
      'affiliate.approved',
    ]);
    const email = `wh-register-${process.pid}@example.com`;
    const registered = await open.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { first_name: 'Rita', last_name: 'Lee', email, password: 'correct-horse-9', accept_terms: true },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [pending] = await first.db.select().from(affiliates).where(eq(affiliates.status, 'pending'));
    const approved = await open.inject({
      method: 'POST',
      url: `/api/v1/affiliates/${pending?.id}/approve`,
      headers: admin.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const person = await createSignedIn(open, first.db);
    const id = person.user.affiliateId ?? 0;
    await first.db
      .update(affiliates)
      .set({ pixKey: person.user.email, pixKeyType: 'email' })
      .where(eq(affiliates.id, id));
    await recordSale(id, { amount_cents: 100_000, status: 'approved' });
    const ask = async () => {
      const res = await open.inject({
        method: 'POST',
        url: '/api/v1/redemptions',
        headers: person.headers,
        payload: { amount_cents: 2_000, method: 'pix' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const act = async (redemption: number, action: string, payload: Record<string, unknown>) => {
      const res = await open.inject({
        method: 'POST',
        url: `/api/v1/redemptions/${redemption}/${action}`,
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const paid = await ask();
    await act(paid, 'approve', {});
    await act(paid, 'pay', { reference: 'E2E-0001' });
    const rejected = await ask();
    await act(rejected, 'reject', { reason: 'wrong key' });
    await deliver();
    const got = verifiedAt('/people');
    expect(bySubject(got)).toEqual({
      [`affiliate:${pending?.id}`]: ['affiliate.registered', 'affiliate.approved'],
      [`redemption:${paid}`]: ['redemption.requested', 'redemption.paid'],
      [`redemption:${rejected}`]: ['redemption.requested', 'redemption.rejected'],
    });
    const of = (type: string, subjectId: unknown) => got.find((m) => m.type === type && m.data.id === subjectId)?.data;
    expect(of('affiliate.registered', pending?.id)).toMatchObject({ status: 'pending', email });
    expect(of('affiliate.approved', pending?.id)).toMatchObject({ status: 'approved' });
    expect(of('redemption.paid', paid)).toMatchObject({ affiliate_id: id, amount_cents: 2_000, status: 'paid' });
    expect(of('redemption.rejected', rejected)).toMatchObject({ status: 'rejected', note: 'wrong key' });
  });

  test('an affiliate invited by an admin (POST /users) is told as approved, an admin is not told at all', async () => {
    await register('/invited', ['affiliate.registered', 'affiliate.approved']);
    const invite = (email: string, role: string) =>
      open.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: admin.headers,
        payload: { first_name: 'Ivo', last_name: 'Convite', email, role, language: 'en' },
      });
    const affiliateEmail = `wh-invited-${process.pid}@example.com`;
    const invited = await invite(affiliateEmail, 'Afiliado');
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await invite(`wh-admin-${process.pid}@example.com`, ADMIN_ROLE)).statusCode).toBe(201);
    await deliver();
    const got = verifiedAt('/invited');
    expect(got.map((m) => [m.type, m.data.status])).toEqual([['affiliate.approved', 'approved']]);
    expect(got[0]?.data.id).toBe(invited.json().affiliate_id);
  });

  test('sale.chargeback is sent when an admin charges a sale back, with its subscription charge', async () => {
    await register('/chargeback', ['sale.chargeback']);
    const sale = await recordSale(await affiliateId(), {
      status: 'approved',
      subscription_id: 'sub-wh',
      charge_number: 1,
    });
    const res = await open.inject({
      method: 'POST',
      url: `/api/v1/sales/${sale.id}/chargeback`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    await deliver();
    expect(
      verifiedAt('/chargeback').map((m) => [
        m.type,
        m.data.id,
        m.data.status,
        m.data.subscription_id,
        m.data.charge_number,
      ]),
    ).toEqual([['sale.chargeback', sale.id, 'chargeback', 'sub-wh', 1]]);
  });

  test('an event is not queued when its transaction rolls back', async () => {
    const endpoint = await register('/rollback', ['redemption.requested']);
    await expect(
      first.db.transaction(async (tx) => {
        await queueWebhookEvent(tx, 'redemption.requested', { id: 1 });
        throw new Error('the step failed');
      }),
    ).rejects.toThrow('the step failed');
    expect(await messagesOf(endpoint.id)).toEqual([]);
    // A refused redemption (nothing to redeem) writes no message either.
    const person = await createSignedIn(open, first.db);
    const refused = await open.inject({
      method: 'POST',
      url: '/api/v1/redemptions',
      headers: person.headers,
      payload: { amount_cents: 2_000, method: 'pix' },
    });
    expect(refused.statusCode).toBe(422);
    expect(await messagesOf(endpoint.id)).toEqual([]);
  });
});

describe('retries', () => {
  test('a receiver down for a while gets the message once it is back, after backoff, and the sale’s later event waits behind it', async () => {
    const down = createReceiver();
    await down.listen();
    const port = down.port();
    const endpoint = await register('/down', ['sale.created', 'sale.approved'], down.base());
    down.secret('/down', endpoint.secret);
    await down.close();
    const ana = await affiliateId();
    const sale = await recordSale(ana);
    await decide(sale.id, 'approve');

    expect(await deliver()).toBe(1);
    let [head, next] = await messagesOf(endpoint.id);
    expect(head).toMatchObject({ state: 'queued', attempts: 1, statusCode: null });
    expect(head?.error).toMatch(/could not connect/);
    expect(next).toMatchObject({ state: 'queued', attempts: 0 });
    // Not due again before its backoff.
    expect(await deliver()).toBe(0);
    later(BACKOFF_SECONDS[0]);
    expect(await deliver()).toBe(1);
    [head] = await messagesOf(endpoint.id);
    expect(head?.attempts).toBe(2);
    expect(head?.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(clock().getTime() + (BACKOFF_SECONDS[1] - 5) * 1000);

    // Back up on the same port.
    await down.listen(port);
    try {
      later(BACKOFF_SECONDS[1]);
      await deliver();
      expect(
        down.at('/down').map((r) => {
          expect(r.verified).not.toHaveProperty('refused');
          const verified = r.verified as { type: string; data: Record<string, unknown> };
          return [verified.type, verified.data.id];
        }),
      ).toEqual([
        ['sale.created', sale.id],
        ['sale.approved', sale.id],
      ]);
      [head, next] = await messagesOf(endpoint.id);
      expect(head).toMatchObject({ state: 'delivered', attempts: 3, statusCode: 200 });
      expect(next).toMatchObject({ state: 'delivered', attempts: 1 });
      const attempts = await first.db
        .select()
        .from(outboundAttempts)
        .where(eq(outboundAttempts.deliveryId, head?.id ?? 0))
        .orderBy(outboundAttempts.id);
      expect(attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
        [1, null],
        [2, null],
        [3, 200],
      ]);
      const [row] = await first.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
      expect(row).toMatchObject({ failureCount: 0, failingSince: null, enabled: true });
    } finally {
      await down.close();
    }
  });

  test('the log keeps the first KiB of an answer, and the message fails after its last attempt', async () => {
    const endpoint = await register('/refusing', ['sale.created']);
    receiver.script('/refusing', Array(MAX_ATTEMPTS).fill(500));
    await recordSale(await affiliateId());
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await deliver()).toBe(1);
      later(BACKOFF_SECONDS[attempt] ?? 0);
    }
    expect(await deliver()).toBe(0);
    const [message] = await messagesOf(endpoint.id);
    expect(message).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, statusCode: 500, nextAttemptAt: null });
    expect(message?.responseExcerpt).toHaveLength(1024);
    expect(message?.responseExcerpt?.startsWith('no: xxx')).toBe(true);
    expect(receiver.at('/refusing')).toHaveLength(MAX_ATTEMPTS);
    const res = await open.inject({
      method: 'GET',
      url: `/api/v1/webhooks/${endpoint.id}/deliveries`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({
      event_type: 'sale.created',
      state: 'failed',
      attempts: MAX_ATTEMPTS,
      status_code: 500,
      next_attempt_at: null,
    });
    expect(res.json().items[0].history).toHaveLength(MAX_ATTEMPTS);
    // Each attempt waited its backoff after the one before.
    const times = res.json().items[0].history.map((h: { at: string }) => Date.parse(h.at));
    expect(times.slice(1).map((t: number, i: number) => Math.round((t - times[i]) / 1000))).toEqual(
      BACKOFF_SECONDS.map((seconds) => expect.toSatisfy((gap: number) => gap >= seconds && gap < seconds + 5)),
    );
  });

  test('an endpoint failing without pause for a day is disabled and the admins are notified', async () => {
    const endpoint = await register('/broken', ['sale.created']);
    receiver.script('/broken', Array(40).fill(503));
    const ana = await affiliateId();
    await recordSale(ana);
    await recordSale(ana);
    let made = 0;
    for (let round = 0; round < 20; round++) {
      made += await deliver();
      const [row] = await first.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
      if (!row?.enabled) break;
      later(12 * 3_600);
    }
    const [row] = await first.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: 'failing' });
    expect(row?.failureCount).toBeGreaterThanOrEqual(DISABLE_AFTER_FAILURES);
    expect(made).toBe(row?.failureCount);
    const told = await first.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, admin.user.id),
          eq(notifications.kind, 'webhook.disabled'),
          sql`${notifications.data}->>'webhook_endpoint_id' = ${String(endpoint.id)}`,
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('127.0.0.1');
    // Disabled: nothing more is queued for it nor sent to it.
    const queued = (await messagesOf(endpoint.id)).length;
    await recordSale(ana);
    expect(await messagesOf(endpoint.id)).toHaveLength(queued);
    later(86_400);
    expect(await deliver()).toBe(0);
    // Enabled again, it starts afresh and the waiting message goes out.
    receiver.script('/broken', []);
    const enabled = await open.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${endpoint.id}`,
      headers: admin.headers,
      payload: { enabled: true },
    });
    expect(enabled.json()).toMatchObject({ enabled: true, failure_count: 0, disabled_reason: null });
    expect(await deliver()).toBeGreaterThan(0);
  });

  test('POST /webhooks/deliveries/{id}/resend sends the message again with the same webhook-id, as a new attempt', async () => {
    const endpoint = await register('/again', ['sale.created']);
    await recordSale(await affiliateId());
    await deliver();
    const [message] = await messagesOf(endpoint.id);
    const res = await open.inject({
      method: 'POST',
      url: `/api/v1/webhooks/deliveries/${message?.id}/resend`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'delivered', attempts: 2, message_id: message?.messageId });
    expect(
      res
        .json()
        .history.map((h: { attempt: number; is_manual: boolean; status_code: number }) => [
          h.attempt,
          h.is_manual,
          h.status_code,
        ]),
    ).toEqual([
      [1, false, 200],
      [2, true, 200],
    ]);
    const got = receiver.at('/again');
    expect(got.map((r) => r.id)).toEqual([message?.messageId, message?.messageId]);
    verifiedAt('/again');
    const attempts = await first.db
      .select()
      .from(outboundAttempts)
      .where(eq(outboundAttempts.deliveryId, message?.id ?? 0))
      .orderBy(outboundAttempts.id);
    expect(attempts.map((a) => [a.attempt, a.isManual])).toEqual([
      [1, false],
      [2, true],
    ]);
    const missing = await open.inject({
      method: 'POST',
      url: '/api/v1/webhooks/deliveries/999999/resend',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  test('after a secret rotation each delivery carries both signatures, so either secret verifies it', async () => {
    const endpoint = await register('/rotating', ['sale.created']);
    const rotated = await open.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${endpoint.id}/rotate-secret`,
      headers: admin.headers,
    });
    const fresh = rotated.json().secret as string;
    await recordSale(await affiliateId());
    await deliver();
    const [got] = receiver.at('/rotating');
    expect(got?.signature.split(' ')).toHaveLength(2);
    const headers = {
      'webhook-id': got?.id ?? '',
      'webhook-timestamp': got?.timestamp ?? '',
      'webhook-signature': got?.signature ?? '',
    };
    expect(() => new Webhook(fresh).verify(got?.body ?? '', headers)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(got?.body ?? '', headers)).not.toThrow();
    expect(() => new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(got?.body ?? '', headers)).toThrow();
  });

  test('a destination that became private is refused at delivery time by a server that does not allow it', async () => {
    const endpoint = await register('/inside', ['sale.created']);
    await recordSale(await affiliateId());
    await deliver(first.db, false);
    expect(receiver.at('/inside')).toEqual([]);
    const [message] = await messagesOf(endpoint.id);
    expect(message).toMatchObject({ state: 'queued', attempts: 1 });
    expect(message?.error).toMatch(/refused/);
  });
});

describe('two servers', () => {
  test('two workers on one database deliver each message once, in order per endpoint', async () => {
    const endpoints = await Promise.all([
      register('/twin-a', ['sale.created', 'sale.approved']),
      register('/twin-b', ['sale.created', 'sale.approved']),
      register('/twin-c', ['sale.created']),
    ]);
    const ana = await affiliateId();
    const sales: number[] = [];
    for (let n = 0; n < 6; n++) {
      const sale = await recordSale(ana);
      await decide(sale.id, 'approve');
      sales.push(sale.id);
    }
    for (let round = 0; round < 20; round++) {
      const [a, b] = await Promise.all([deliver(first.db), deliver(second.db)]);
      if (a + b === 0) break;
    }
    for (const path of ['/twin-a', '/twin-b']) {
      expect(bySubject(verifiedAt(path))).toEqual(
        Object.fromEntries(sales.map((id) => [`sale:${id}`, ['sale.created', 'sale.approved']])),
      );
      const ids = receiver.at(path).map((r) => r.id);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
    }
    expect(
      verifiedAt('/twin-c')
        .map((m) => m.data.id)
        .sort(),
    ).toEqual([...sales].sort());
    for (const endpoint of endpoints) {
      for (const m of await messagesOf(endpoint.id)) expect(m).toMatchObject({ state: 'delivered', attempts: 1 });
    }
  });
});
