import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Answer, send } from './fuzz/verdicts';
import { createTestApp, type TestApp } from './helper';
import { listenOnce, logBodyAbout, openLogStream } from './log-stream-client';
import { fillPath, listOperations, type Operation } from './openapi';
import { type IdKind, idKindOf, idsFor, type Role, seedWorld, type World } from './world';

// Who may call what, generated from the OpenAPI document: every operation as anonymous, as affiliate
// A, as admin, and as A naming B's things; the postback without and with a wrong key. An operation
// the table below does not classify fails the suite, so a new route states its audience the day it
// is written.

/**
 * public: anyone. signed-in: any signed-in person (affiliates and admins). affiliate: affiliates
 * only (an admin has no balance, links nor level). admin: Administrador only. api-key: a merchant's
 * server, by its X-Api-Key. provider: the payout provider's calls, by the token set on its webhook
 * (no session opens them: a signed-in person without the token is refused as anyone).
 */
type Audience = 'public' | 'signed-in' | 'affiliate' | 'admin' | 'api-key' | 'provider';

const AUDIENCE: Record<string, Audience> = {
  'GET /api/v1/health': 'public',
  'GET /api/v1/ready': 'public',
  'GET /api/v1/settings/maintenance': 'public',
  'POST /api/v1/auth/register': 'public',
  'POST /api/v1/auth/login': 'public',
  'POST /api/v1/auth/two-steps': 'public',
  'POST /api/v1/auth/forgot-password': 'public',
  'POST /api/v1/auth/reset-password': 'public',
  'POST /api/v1/auth/reset-password/check': 'public',
  'GET /api/v1/avatars/{id}': 'public',
  'GET /api/v1/campaigns/{id}/image': 'public',
  'POST /api/v1/postback': 'api-key',
  // A checkout's webhook: its guards are the address's token and the platform's own signature
  // (a ghost token is a 404; a real one unsigned, a 401: integrations.test.ts).
  'POST /api/v1/integrations/receive/{token}': 'public',
  'POST /api/v1/payouts/asaas/webhook': 'provider',
  'POST /api/v1/payouts/asaas/transfer-validation': 'provider',
  // A WebSocket opened without a header: each write on it carries its token (last describe below).
  'GET /api/v1/logs/stream': 'public',
  // The public programme page (/programa); its application posts to /auth/register.
  'GET /api/v1/programme': 'public',
  // An announcement mail's unsubscribe link: its random token is the key (messages/announcements.test.ts).
  'POST /api/v1/unsubscribe/{token}': 'public',

  'GET /api/v1/me': 'signed-in',
  'PATCH /api/v1/me': 'signed-in',
  'GET /api/v1/me/account': 'signed-in',
  'PUT /api/v1/me/avatar': 'signed-in',
  'GET /api/v1/me/export': 'signed-in',
  'GET /api/v1/me/two-factor': 'signed-in',
  'POST /api/v1/me/two-factor': 'signed-in',
  'POST /api/v1/me/two-factor/enable': 'signed-in',
  'POST /api/v1/me/two-factor/disable': 'signed-in',
  'POST /api/v1/auth/change-password': 'signed-in',
  'POST /api/v1/auth/logout': 'signed-in',
  'GET /api/v1/notifications': 'signed-in',
  'POST /api/v1/notifications/read': 'signed-in',
  'GET /api/v1/notifications/stream': 'signed-in',
  'POST /api/v1/logs': 'signed-in',
  'POST /api/v1/analytics/events': 'signed-in',
  'POST /api/v1/contact': 'signed-in',
  'GET /api/v1/campaigns': 'signed-in',
  'GET /api/v1/campaigns/{id}': 'signed-in',
  'GET /api/v1/campaigns/{id}/stats': 'signed-in',
  // An admin sees every creative; an affiliate those meant for them (creatives.test.ts).
  'GET /api/v1/campaigns/{id}/creatives': 'signed-in',
  'GET /api/v1/creatives/{id}/file': 'signed-in',
  'GET /api/v1/sales': 'signed-in',
  'GET /api/v1/sales/export': 'signed-in',
  'GET /api/v1/sales/{id}': 'signed-in',
  'GET /api/v1/coupons': 'signed-in',
  'GET /api/v1/subscriptions': 'signed-in',
  'GET /api/v1/redemptions': 'signed-in',
  'GET /api/v1/redemptions/{id}': 'signed-in',
  'GET /api/v1/payments': 'signed-in',
  'GET /api/v1/payments/export': 'signed-in',
  'GET /api/v1/receipts': 'signed-in',
  'GET /api/v1/receipts/yearly': 'signed-in',
  'GET /api/v1/receipts/{id}/pdf': 'signed-in',
  'GET /api/v1/redemptions/{id}/invoice': 'signed-in',
  'GET /api/v1/redemptions/{id}/invoice/file': 'signed-in',
  // The menu's unread badge: an affiliate's replies and announcements, an admin's inbox.
  'GET /api/v1/messages/unread': 'signed-in',
  // Announcements reach affiliates; an admin has none, and another's id is a 404.
  'GET /api/v1/me/announcements': 'signed-in',
  'POST /api/v1/me/announcements/{id}/read': 'signed-in',

  'GET /api/v1/links': 'affiliate',
  'POST /api/v1/links': 'affiliate',
  'GET /api/v1/me/level': 'affiliate',
  'GET /api/v1/balance': 'affiliate',
  'GET /api/v1/me/bonuses': 'affiliate',
  'GET /api/v1/ledger': 'affiliate',
  'GET /api/v1/ledger/export': 'affiliate',
  'GET /api/v1/metrics/me': 'affiliate',
  'GET /api/v1/metrics/clicks': 'signed-in',
  'POST /api/v1/redemptions': 'affiliate',
  'GET /api/v1/me/postback': 'affiliate',
  'PUT /api/v1/me/postback': 'affiliate',
  'POST /api/v1/me/postback/test': 'affiliate',
  'GET /api/v1/me/postback/deliveries': 'affiliate',
  'GET /api/v1/me/tax-profile': 'affiliate',
  'PUT /api/v1/me/tax-profile': 'affiliate',
  'PUT /api/v1/redemptions/{id}/invoice': 'affiliate',
  'GET /api/v1/messages': 'affiliate',
  'POST /api/v1/messages': 'affiliate',
  'POST /api/v1/messages/read': 'affiliate',

  'PUT /api/v1/settings/maintenance': 'admin',
  'GET /api/v1/settings/redemptions': 'admin',
  'PUT /api/v1/settings/redemptions': 'admin',
  'PUT /api/v1/campaigns/{id}/image': 'admin',
  'POST /api/v1/campaigns': 'admin',
  'PATCH /api/v1/campaigns/{id}': 'admin',
  'POST /api/v1/campaigns/{id}/creatives': 'admin',
  'PATCH /api/v1/creatives/{id}': 'admin',
  'DELETE /api/v1/creatives/{id}': 'admin',
  'PUT /api/v1/creatives/{id}/file': 'admin',
  'GET /api/v1/logs': 'admin',
  'GET /api/v1/analytics/events': 'admin',
  'GET /api/v1/contact': 'admin',
  'GET /api/v1/affiliates': 'admin',
  'GET /api/v1/affiliates/{id}': 'admin',
  'PATCH /api/v1/affiliates/{id}': 'admin',
  'DELETE /api/v1/affiliates/{id}': 'admin',
  'POST /api/v1/affiliates/{id}/approve': 'admin',
  'POST /api/v1/affiliates/{id}/reject': 'admin',
  'GET /api/v1/levels': 'admin',
  'POST /api/v1/levels': 'admin',
  'GET /api/v1/levels/{id}': 'admin',
  'PATCH /api/v1/levels/{id}': 'admin',
  'DELETE /api/v1/levels/{id}': 'admin',
  'GET /api/v1/levels/promotion': 'admin',
  'PUT /api/v1/levels/promotion': 'admin',
  'POST /api/v1/levels/promotion/run': 'admin',
  'GET /api/v1/networks': 'admin',
  'POST /api/v1/networks': 'admin',
  'GET /api/v1/networks/{id}': 'admin',
  'PATCH /api/v1/networks/{id}': 'admin',
  'GET /api/v1/networks/{id}/sales': 'admin',
  'POST /api/v1/networks/{id}/affiliates': 'admin',
  'DELETE /api/v1/networks/{id}/affiliates/{affiliateId}': 'admin',
  'GET /api/v1/users': 'admin',
  'POST /api/v1/users': 'admin',
  'GET /api/v1/users/{id}': 'admin',
  'PATCH /api/v1/users/{id}': 'admin',
  'DELETE /api/v1/users/{id}': 'admin',
  'GET /api/v1/audit': 'admin',
  'POST /api/v1/sales': 'admin',
  'POST /api/v1/sales/{id}/approve': 'admin',
  'POST /api/v1/sales/{id}/cancel': 'admin',
  'POST /api/v1/sales/{id}/refund': 'admin',
  'POST /api/v1/sales/{id}/chargeback': 'admin',
  'POST /api/v1/sales/actions': 'admin',
  'POST /api/v1/sales/import': 'admin',
  'POST /api/v1/coupons': 'admin',
  'POST /api/v1/coupons/issue': 'admin',
  'PATCH /api/v1/coupons/{id}': 'admin',
  'GET /api/v1/bonuses': 'admin',
  'POST /api/v1/bonuses': 'admin',
  'PATCH /api/v1/bonuses/{id}': 'admin',
  'GET /api/v1/bonus-awards': 'admin',
  'POST /api/v1/affiliates/{id}/bonuses': 'admin',
  'GET /api/v1/programme/settings': 'admin',
  'PUT /api/v1/programme/settings': 'admin',
  'GET /api/v1/api-keys': 'admin',
  'POST /api/v1/api-keys': 'admin',
  'DELETE /api/v1/api-keys/{id}': 'admin',
  'GET /api/v1/webhooks': 'admin',
  'POST /api/v1/webhooks': 'admin',
  'PATCH /api/v1/webhooks/{id}': 'admin',
  'DELETE /api/v1/webhooks/{id}': 'admin',
  'POST /api/v1/webhooks/{id}/rotate-secret': 'admin',
  'GET /api/v1/webhooks/{id}/deliveries': 'admin',
  'POST /api/v1/webhooks/deliveries/{id}/resend': 'admin',
  'GET /api/v1/mails': 'admin',
  'GET /api/v1/integrations': 'admin',
  'POST /api/v1/integrations': 'admin',
  'GET /api/v1/integrations/{id}': 'admin',
  'PATCH /api/v1/integrations/{id}': 'admin',
  'DELETE /api/v1/integrations/{id}': 'admin',
  'GET /api/v1/integrations/{id}/products': 'admin',
  'PUT /api/v1/integrations/{id}/products': 'admin',
  'GET /api/v1/integrations/{id}/deliveries': 'admin',
  'POST /api/v1/integrations/{id}/deliveries/{deliveryId}/replay': 'admin',
  'POST /api/v1/integrations/{id}/test-event': 'admin',
  'POST /api/v1/redemptions/{id}/approve': 'admin',
  'POST /api/v1/redemptions/{id}/reject': 'admin',
  'POST /api/v1/redemptions/{id}/pay': 'admin',
  'GET /api/v1/metrics/overview': 'admin',
  'GET /api/v1/metrics/top-affiliates': 'admin',
  'GET /api/v1/metrics/payment-methods': 'admin',
  'GET /api/v1/metrics/origins': 'admin',
  'GET /api/v1/metrics/sales': 'admin',
  'GET /api/v1/metrics/redemptions': 'admin',
  'GET /api/v1/metrics/indicators': 'admin',
  'GET /api/v1/fraud-rules': 'admin',
  'PUT /api/v1/fraud-rules': 'admin',
  'GET /api/v1/fraud/click-floods': 'admin',
  'GET /api/v1/fraud/chargeback-rates': 'admin',
  'POST /api/v1/payout-batches': 'admin',
  'GET /api/v1/settings/payouts': 'admin',
  'GET /api/v1/payout-batches': 'admin',
  'GET /api/v1/payout-batches/{id}': 'admin',
  'GET /api/v1/payout-batches/{id}/export': 'admin',
  'POST /api/v1/payout-batches/{id}/pay': 'admin',
  'POST /api/v1/payout-batches/{id}/items/{itemId}/release': 'admin',
  'POST /api/v1/payout-batches/{id}/items/{itemId}/fail': 'admin',
  'GET /api/v1/affiliates/{id}/tax-profile': 'admin',
  'GET /api/v1/settings/withholdings': 'admin',
  'PUT /api/v1/settings/withholdings': 'admin',
  'GET /api/v1/settings/withholdings/preview': 'admin',
  'POST /api/v1/redemptions/{id}/invoice/review': 'admin',
  'GET /api/v1/invoices': 'admin',
  'GET /api/v1/message-threads': 'admin',
  'GET /api/v1/message-threads/{id}': 'admin',
  'POST /api/v1/message-threads/{id}/messages': 'admin',
  'POST /api/v1/message-threads/{id}/read': 'admin',
  'PUT /api/v1/message-threads/{id}/assignee': 'admin',
  'POST /api/v1/affiliates/{id}/message-thread': 'admin',
  'GET /api/v1/announcements': 'admin',
  'POST /api/v1/announcements': 'admin',
};

/** Kinds of thing one affiliate owns: another affiliate naming them must learn nothing. */
const OWNED_KINDS: IdKind[] = ['user', 'affiliate', 'sale', 'redemption', 'coupon'];
/** An id of the right shape that names nothing: the role checks run without changing real rows. */
const GHOST_ID = '987654321';

let t: TestApp;
let world: World;
let operations: Operation[];
/** Cells asserted, by caller. */
const cells: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  world = await seedWorld(t);
  operations = await listOperations(t.app);
}, 120_000);

afterAll(async () => {
  const total = Object.values(cells).reduce((sum, n) => sum + n, 0);
  const parts = Object.entries(cells).map(([caller, n]) => `${caller} ${n}`);
  console.log(`authorization matrix: ${operations.length} operations, ${total} cells (${parts.join(', ')})`);
  await t?.close();
});

type Call = {
  operation: Operation;
  role: Role;
  /** The matrix column this call fills, for the summary. */
  column: string;
  path?: Record<string, string>;
  query?: string;
  apiKey?: string;
};

/** One call without a body: the guards answer before any body is read or validated. */
async function call({ operation, role, column, path, query, apiKey }: Call): Promise<Answer & { kind: 'answered' }> {
  const ghosts = Object.fromEntries(operation.pathParams.map((p) => [p.name, GHOST_ID]));
  const headers = { ...world.headersOf(role), ...(apiKey ? { 'x-api-key': apiKey } : {}) };
  const url = `${fillPath(operation.path, path ?? ghosts)}${query ? `?${query}` : ''}`;
  const answer = await send(t.app, { label: role, method: operation.method, url, headers });
  cells[column] = (cells[column] ?? 0) + 1;
  // A call may have signed the caller out (POST /auth/logout): the next one starts signed in.
  await world.restore();
  if (answer.kind !== 'answered') throw new Error(`${operation.key} as ${role}: ${answer.kind}`);
  return answer;
}

const audienceOf = (operation: Operation) => AUDIENCE[operation.key];

function expectRefused(answer: Answer & { kind: 'answered' }, status: 401 | 403, where: string) {
  expect(answer.status, `${where}: ${answer.body}`).toBe(status);
  expect(answer.contentType, where).toContain('application/problem+json');
}

function expectLetThrough(answer: Answer & { kind: 'answered' }, where: string) {
  expect([401, 403], `${where} answered ${answer.status}: ${answer.body}`).not.toContain(answer.status);
  expect(answer.status, `${where}: ${answer.body}`).toBeLessThan(500);
}

test('every operation of the document has an audience, and every audience an operation', () => {
  const documented = operations.map((o) => o.key);
  expect(
    documented.filter((key) => !AUDIENCE[key]),
    'operations with no audience in AUDIENCE',
  ).toEqual([]);
  expect(
    Object.keys(AUDIENCE).filter((key) => !documented.includes(key)),
    'stale AUDIENCE entries',
  ).toEqual([]);
});

test('the document tells integrators how each operation is called: a bearer token, an API key or nothing', () => {
  const expected: Record<Audience, string[]> = {
    public: [],
    'signed-in': ['bearer'],
    affiliate: ['bearer'],
    admin: ['bearer'],
    'api-key': ['apiKey'],
    provider: ['asaasToken'],
  };
  const wrong = operations
    .filter((o) => JSON.stringify(o.security) !== JSON.stringify(expected[audienceOf(o) ?? 'public']))
    .map((o) => `${o.key}: ${JSON.stringify(o.security)}`);
  expect(wrong).toEqual([]);
});

describe('each caller gets what the audience allows', () => {
  test('anonymous: 401 problem on everything not public', async () => {
    for (const operation of operations) {
      const answer = await call({ operation, role: 'anonymous', column: 'anonymous' });
      if (audienceOf(operation) === 'public') expectLetThrough(answer, operation.key);
      else expectRefused(answer, 401, operation.key);
    }
  });

  test('affiliate A: 403 problem on admin operations, through on the rest', async () => {
    for (const operation of operations) {
      const answer = await call({ operation, role: 'affiliate', column: 'affiliate A' });
      const audience = audienceOf(operation);
      if (audience === 'admin') {
        expectRefused(answer, 403, operation.key);
        expect(JSON.parse(answer.body).code, operation.key).toBe('ADMIN_ONLY');
      } else if (audience === 'api-key' || audience === 'provider') expectRefused(answer, 401, operation.key);
      else expectLetThrough(answer, operation.key);
    }
  });

  test('admin: through on everything but the API-key and affiliate-only operations', async () => {
    for (const operation of operations) {
      const answer = await call({ operation, role: 'admin', column: 'admin' });
      const audience = audienceOf(operation);
      if (audience === 'api-key' || audience === 'provider') expectRefused(answer, 401, operation.key);
      else if (audience === 'affiliate') {
        // The affiliate check sits in the service, so a body the contract refuses is answered first.
        expect([400, 403], `${operation.key}: ${answer.body}`).toContain(answer.status);
        if (answer.status === 403) expect(JSON.parse(answer.body).code, operation.key).toBe('NOT_AN_AFFILIATE');
      } else expectLetThrough(answer, operation.key);
    }
  });

  test('API-key operations: 401 problem without a key and with a wrong or revoked one', async () => {
    const keyed = operations.filter((o) => audienceOf(o) === 'api-key');
    expect(keyed.length).toBeGreaterThan(0);
    for (const operation of keyed) {
      for (const apiKey of [undefined, 'wrong-key', `${world.apiKey.key}x`]) {
        expectRefused(
          await call({ operation, role: 'anonymous', column: 'API key', apiKey }),
          401,
          `${operation.key} key=${apiKey}`,
        );
      }
      // The right key passes the guard (the empty body is then refused as a 400).
      expectLetThrough(
        await call({ operation, role: 'anonymous', column: 'API key', apiKey: world.apiKey.key }),
        operation.key,
      );
    }
  });
});

describe("affiliate A naming affiliate B's things", () => {
  test("every operation with B's ids in the path answers 403 or 404 and never B's data", async () => {
    const bIds = idsFor(world, world.b.ids);
    for (const operation of operations.filter((o) => o.pathParams.length > 0)) {
      const path: Record<string, string> = {};
      const kinds: (IdKind | null)[] = [];
      for (const param of operation.pathParams) {
        const kind = idKindOf(operation.path, param.name);
        kinds.push(kind);
        path[param.name] = kind ? String(bIds[kind]) : GHOST_ID;
      }
      const answer = await call({ operation, role: 'affiliate', column: "A with B's path ids", path });
      const audience = audienceOf(operation);
      for (const secret of world.b.ids.secrets) expect(answer.body, operation.key).not.toContain(secret);
      if (audience === 'admin') expectRefused(answer, 403, operation.key);
      else if (audience !== 'public' && kinds.some((kind) => kind && OWNED_KINDS.includes(kind))) {
        expect([403, 404], `${operation.key}: ${answer.status} ${answer.body}`).toContain(answer.status);
      }
    }
  });

  test("every operation filtering by affiliate_id answers A nothing of B's", async () => {
    const filtered = operations.filter((o) => o.query.some((p) => p.name === 'affiliate_id'));
    expect(filtered.length).toBeGreaterThan(0);
    for (const operation of filtered) {
      const answer = await call({
        operation,
        role: 'affiliate',
        column: "A with B's affiliate_id",
        query: `affiliate_id=${world.b.ids.affiliateId}`,
      });
      for (const secret of world.b.ids.secrets) expect(answer.body, operation.key).not.toContain(secret);
      if (audienceOf(operation) === 'admin') expectRefused(answer, 403, operation.key);
    }
  });

  test("B's own sale is visible to B, so the checks above look for data that exists", async () => {
    const sales = await t.app.inject({ method: 'GET', url: '/api/v1/sales', headers: world.b.headers });
    expect(sales.body).toContain(world.b.ids.secrets[1]);
  });
});

describe('GET /logs/stream: each write on the WebSocket is checked with the token it carries', () => {
  test('none or a forged one 401, B’s token on A’s log 403, A’s and the admin’s own 201', async () => {
    const cases = [
      { token: undefined, body: logBodyAbout(world.a.user), status: 401 },
      { token: `${world.a.token}x`, body: logBodyAbout(world.a.user), status: 401 },
      { token: world.b.token, body: logBodyAbout(world.a.user), status: 403 },
      { token: world.a.token, body: logBodyAbout(world.a.user), status: 201 },
      { token: world.admin.token, body: logBodyAbout(world.admin.user), status: 201 },
    ];
    const stream = await openLogStream(await listenOnce(t.app));
    for (const [i, { token, body }] of cases.entries()) stream.send({ id: `c${i}`, path: '/logs', body, token });
    const answers = await stream.answered(cases.length);
    expect(answers.map((a) => a.status)).toEqual(cases.map((c) => c.status));
    cells['log stream writes'] = cases.length;
    stream.close();
  });
});
