import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/helper';
import { affiliates, campaigns, sales } from '../db/schema';

// The defects a schema fuzzer, sqlmap and wapiti found, one by one: each answer must be a 4xx
// problem naming the field, never a 500 nor a download cut short.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
let apiKey: string;
let affiliateCode: string;

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, t.database.db);
  const [affiliate] = await t.database.db
    .select({ code: affiliates.code })
    .from(affiliates)
    .where(eq(affiliates.id, ana.user.affiliateId ?? 0));
  affiliateCode = affiliate?.code ?? '';
  const [campaign] = await t.database.db
    .insert(campaigns)
    .values({
      name: 'Loja',
      destinationUrl: 'https://loja.example.com/',
      commissionType: 'percent',
      commissionValue: 1_000,
      cookieDays: 30,
      holdDays: 7,
    })
    .returning();
  campaignId = campaign?.id ?? 0;
  apiKey = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: admin.headers,
      payload: { name: 'Loja', signed: false },
    })
  ).json().key;
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/v1/postback',
    headers: { 'x-api-key': apiKey },
    payload: {
      campaign_id: campaignId,
      external_id: 'pedido-1',
      amount_cents: 10_000,
      payment_method: 'pix',
      affiliate_code: affiliateCode,
    },
  });
  if (first.statusCode !== 201) throw new Error(first.body);
});
afterAll(async () => t.close());

type Sent = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; payload?: unknown; as?: 'admin' | 'ana' };

async function send({ method, url, payload, as }: Sent, extraHeaders: Record<string, string> = {}) {
  const who = as === 'admin' ? admin.headers : as === 'ana' ? ana.headers : {};
  return t.app.inject({ method, url, headers: { ...who, ...extraHeaders }, ...(payload ? { payload } : {}) });
}

function expectProblemNaming(res: Awaited<ReturnType<typeof send>>, field: string, status = 400) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
}

describe('a NUL byte in any text is refused, naming the field', () => {
  test.each<[string, Sent, string]>([
    ['the sales search', { method: 'GET', url: `/api/v1/sales?q=${encodeURIComponent(NUL)}`, as: 'admin' }, 'q'],
    [
      'the sales origin filter',
      { method: 'GET', url: `/api/v1/sales?origin=${encodeURIComponent(NUL)}`, as: 'ana' },
      'origin',
    ],
    [
      'the audit entity filter',
      { method: 'GET', url: `/api/v1/audit?entity=${encodeURIComponent(NUL)}&entity_id=1`, as: 'admin' },
      'entity',
    ],
    ['the users search', { method: 'GET', url: `/api/v1/users?q=${encodeURIComponent(NUL)}`, as: 'admin' }, 'q'],
    [
      'the sales CSV export',
      { method: 'GET', url: `/api/v1/sales/export?q=${encodeURIComponent(NUL)}`, as: 'admin' },
      'q',
    ],
    [
      'the payments CSV export',
      { method: 'GET', url: `/api/v1/payments/export?q=${encodeURIComponent(NUL)}`, as: 'admin' },
      'q',
    ],
    [
      'registration',
      {
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          first_name: NUL,
          last_name: 'Souza',
          email: 'nul@example.com',
          password: 'abcdef123',
          accept_terms: true,
        },
      },
      'first_name',
    ],
    [
      'a level',
      { method: 'POST', url: '/api/v1/levels', as: 'admin', payload: { name: NUL, rank: 9, commission_bps: 100 } },
      'name',
    ],
    ['a network update', { method: 'PATCH', url: '/api/v1/me', as: 'ana', payload: { first_name: NUL } }, 'first_name'],
    [
      'a contact message',
      {
        method: 'POST',
        url: '/api/v1/contact',
        as: 'ana',
        payload: { subject: 'Olá, tudo bem', message: `Uma mensagem ${NUL} longa` },
      },
      'message',
    ],
  ])('%s', async (_name, sent, field) => {
    expectProblemNaming(await send(sent), field);
  });

  test('POST /postback refuses a NUL byte in a string, naming it, and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/postback',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      payload: JSON.stringify({
        campaign_id: campaignId,
        external_id: `x${NUL}`,
        amount_cents: 100,
        payment_method: 'pix',
        origin: NUL,
      }),
    });
    expectProblemNaming(res, 'external_id');
    const all = await t.database.db.select().from(sales);
    expect(all).toHaveLength(1);
  });

  test('a control character in an object key is refused too', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/v1/logs',
      as: 'ana',
      payload: {
        user: { afiliado_id: '', email: ana.user.email, id: String(ana.user.id), codigo_afiliado: '' },
        notification: { id: 'n-1', title: 'Olá', text: 'Texto', [`k${NUL}`]: 'v' },
        timestamp: new Date().toISOString(),
      },
    });
    expectProblemNaming(res, `notification.k${NUL}`);
  });

  test('tabs and line breaks, which people do type, still pass', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/v1/contact',
      as: 'ana',
      payload: { subject: 'Olá, tudo bem', message: 'Linha um\r\n\tLinha dois, com acentuação e emoji 🎉' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('a lone UTF-16 surrogate is refused', () => {
  test('POST /analytics/events with a lone surrogate in a param answers 400 naming it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      // JSON.stringify keeps the lone half as the escape \ud800, as a hostile client would send it.
      payload: JSON.stringify({
        name: 'notification_activated',
        params: {
          user_id: '',
          notification_title: LONE_SURROGATE,
          notification_text: 'Texto',
          timestamp: new Date().toISOString(),
        },
      }),
    });
    expectProblemNaming(res, 'params.notification_title');
  });
});

describe('dates outside the calendar are refused, naming the field', () => {
  test.each<[string, string, 'admin' | 'ana']>([
    ['/api/v1/sales?to=9999-12-31', 'to', 'admin'],
    ['/api/v1/sales/export?from=0000-01-01', 'from', 'admin'],
    ['/api/v1/redemptions?to=9999-12-31', 'to', 'admin'],
    ['/api/v1/payments/export?to=9999-12-31', 'to', 'admin'],
    ['/api/v1/metrics/me?from=9999-12-01&to=9999-12-31', 'from', 'ana'],
    ['/api/v1/metrics/overview?from=1969-12-31&to=1970-01-01', 'from', 'admin'],
    ['/api/v1/metrics/indicators?to=9999-12-31', 'to', 'admin'],
  ])('GET %s', async (url, field, as) => {
    expectProblemNaming(await send({ method: 'GET', url, as }), field);
  });

  test('a campaign ending in the year 10000 is refused', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/v1/campaigns',
      as: 'admin',
      payload: {
        name: 'Fim dos tempos',
        destination_url: 'https://loja.example.com/',
        cookie_days: 30,
        hold_days: 7,
        status: 'active',
        ends_at: '9999-12-31T23:59:59Z',
      },
    });
    expectProblemNaming(res, 'ends_at');
  });
});

describe('uploads without a body', () => {
  test('PUT /me/avatar with no body answers 400 naming the file', async () => {
    const res = await send({ method: 'PUT', url: '/api/v1/me/avatar', as: 'ana' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  test('PUT /campaigns/:id/image with no body answers 400', async () => {
    const res = await send({ method: 'PUT', url: `/api/v1/campaigns/${campaignId}/image`, as: 'admin' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('CSV downloads are whole or a problem', () => {
  test('GET /sales/export answers every row after its header', async () => {
    const res = await send({ method: 'GET', url: '/api/v1/sales/export', as: 'admin' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('pedido-1');
  });
});

describe('paths the router refuses before any route', () => {
  test.each([
    ['bytes that are not UTF-8', '/api/v1/sales/%FF', 400, 'BAD_REQUEST'],
    ['an encoded lone surrogate', '/api/v1/users/%ED%A0%80', 400, 'BAD_REQUEST'],
    ['a 3000-character id', `/api/v1/sales/${'1'.repeat(3000)}`, 414, 'URI_TOO_LONG'],
  ])('GET with %s in the path answers %i problem+json', async (_what, url, status, code) => {
    const res = await send({ method: 'GET', url, as: 'admin' });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status, code });
  });
});

describe('ids are digits and nothing else', () => {
  // Coerced, each of these spellings read as an existing person's id.
  test.each<[string, (id: number) => string]>([
    ['a space before it', (id) => `%20${id}`],
    ['an exponent', (id) => `${id}e0`],
    ['hexadecimal', (id) => `0x${id.toString(16)}`],
  ])('an id with %s is a 400 naming the id, not a record', async (_what, spell) => {
    expectProblemNaming(await send({ method: 'GET', url: `/api/v1/users/${spell(admin.user.id)}`, as: 'admin' }), 'id');
  });

  test('`true` is not campaign 1 in a body', async () => {
    const payload = { campaign_id: true, affiliate_code: affiliateCode, amount_cents: 100, payment_method: 'pix' };
    expectProblemNaming(await send({ method: 'POST', url: '/api/v1/sales', as: 'admin', payload }), 'campaign_id');
  });
});

describe('requests Node refuses before Fastify', () => {
  test('an oversized query string answers 431 problem+json', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: `/api/v1/sales?q=${'x'.repeat(20_000)}` }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(answer.type).toContain('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({ status: 431, code: 'HEADERS_TOO_LARGE' });
  });
});
