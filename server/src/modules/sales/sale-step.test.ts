import { ADMIN_ROLE } from '@contract/auth';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { readRollups } from '../../../test/rollups';
import { auditLog, campaigns, ledgerEntries, notifications, sales } from '../../db/schema';
import { rebuildDailyStats } from '../metrics/daily-stats';
import { runAutoApproval } from './approval-job';

// The sale step (issue 25, point 1): every change of a sale goes through one function, so each step
// writes the same effects (status, ledger, rollups, audit, notifications, postbacks and webhooks
// queued) whichever door it came in by: the admin's form and buttons, the bulk actions, a CSV
// import, a merchant's postback, the approval job.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let anaCode = '';
let campaignId = 0;
let apiKey = '';
let order = 0;
const db = () => t.database.db;
const nextOrder = () => `step-${process.pid}-${++order}`;

beforeAll(async () => {
  // Destinations on this machine are allowed, so the postback and the webhook can be saved; no
  // worker runs in a test app, so what the steps queue stays to be read.
  t = await createTestApp({ env: { POSTBACK_ALLOW_PRIVATE: '1' } });
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: ana.headers });
  anaCode = me.json().codigo_afiliado;
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      name: 'Curso de Fotografia',
      destinationUrl: 'https://curso.example.com/',
      commissionType: 'percent',
      commissionValue: 5_000,
      cookieDays: 30,
      holdDays: 0,
    })
    .returning();
  campaignId = campaign?.id ?? 0;
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: admin.headers,
    payload: { name: 'Checkout', signed: false },
  });
  apiKey = key.json().key;
  const postback = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/me/postback',
    headers: ana.headers,
    payload: { url: 'http://127.0.0.1:9/pb?s={status}', events: ['created', 'approved', 'reversed'], active: true },
  });
  expect(postback.statusCode, postback.body).toBe(200);
  const webhook = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: admin.headers,
    payload: {
      url: 'http://127.0.0.1:9/hook',
      events: ['sale.created', 'sale.approved', 'sale.refunded', 'sale.chargeback'],
      description: 'ERP',
    },
  });
  expect(webhook.statusCode, webhook.body).toBe(201);
});
afterAll(async () => t.close());

type Status = 'pending' | 'approved';
const SALE = { amount_cents: 10_000, payment_method: 'pix' } as const;

/** One CSV row on the campaign, as the import screen sends it. */
const importRow = (values: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/sales/import',
    headers: admin.headers,
    payload: { rows: [{ line: 2, values: { campaign_id: String(campaignId), ...values } }] },
  });

/** The doors a sale comes in by; each answers the new sale's id. */
const RECORDERS: Record<string, (externalId: string, status: Status) => Promise<number>> = {
  'the admin form': async (externalId, status) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales',
      headers: admin.headers,
      payload: { ...SALE, campaign_id: campaignId, external_id: externalId, affiliate_code: anaCode, status },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  },
  'a CSV import': async (externalId, status) => {
    const res = await importRow({
      external_id: externalId,
      amount: '100,00',
      payment_method: 'pix',
      affiliate_code: anaCode,
      status,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results[0]).toMatchObject({ outcome: 'created' });
    return res.json().results[0].sale_id;
  },
  "a merchant's postback": async (externalId, status) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/postback',
      headers: { 'x-api-key': apiKey },
      payload: { ...SALE, campaign_id: campaignId, external_id: externalId, affiliate_code: anaCode, status },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  },
};

const admins = (action: string) => async (id: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/sales/${id}/${action}`,
    headers: admin.headers,
    payload: { note: 'conferido' },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const inBulk = (action: string) => async (id: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sales/actions',
    headers: admin.headers,
    payload: { ids: [id], action, note: 'conferido' },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().results).toEqual([{ id, ok: true, status: expect.any(String), error: null }]);
};
const orderOf = async (id: number) => {
  const [row] = await db().select({ externalId: sales.externalId }).from(sales).where(eq(sales.id, id));
  return row?.externalId ?? '';
};

/** The doors each decision comes in by, and the status the sale must be in first. */
const DECISIONS: [string, string, Status, (id: number) => Promise<void>][] = [
  ['approve', 'an admin', 'pending', admins('approve')],
  ['approve', 'the bulk action', 'pending', inBulk('approve')],
  [
    'approve',
    'the approval job',
    'pending',
    async () => {
      expect(await runAutoApproval(db(), new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    },
  ],
  ['cancel', 'an admin', 'pending', admins('cancel')],
  ['cancel', 'the bulk action', 'pending', inBulk('cancel')],
  ['refund', 'an admin', 'approved', admins('refund')],
  ['refund', 'the bulk action', 'approved', inBulk('refund')],
  ['chargeback', 'an admin', 'approved', admins('chargeback')],
  ['chargeback', 'the bulk action', 'approved', inBulk('chargeback')],
  [
    'chargeback',
    "a merchant's postback",
    'approved',
    async (id) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/postback',
        headers: { 'x-api-key': apiKey },
        payload: { campaign_id: campaignId, external_id: await orderOf(id), status: 'chargeback' },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  ],
  [
    'chargeback',
    'a CSV import',
    'approved',
    async (id) => {
      const res = await importRow({ external_id: await orderOf(id), status: 'chargeback' });
      expect(res.json().results[0], res.body).toMatchObject({ outcome: 'charged_back' });
    },
  ],
];

/** Everything a sale's steps wrote, in the order written. */
async function effectsOf(saleId: number) {
  const [sale] = await db().select({ status: sales.status }).from(sales).where(eq(sales.id, saleId));
  const ofSale = sql`${notifications.data}->>'sale_id' = ${String(saleId)}`;
  const rows = async (query: string) =>
    ((await db().execute(sql.raw(query))) as unknown as { rows: { v: string }[] }).rows.map((row) => row.v);
  return {
    status: sale?.status,
    ledger: (
      await db().select().from(ledgerEntries).where(eq(ledgerEntries.saleId, saleId)).orderBy(asc(ledgerEntries.id))
    ).map((line) => `${line.kind} ${line.amountCents}`),
    audit: (
      await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(sql`${auditLog.entity} = 'sale' and ${auditLog.entityId} = ${String(saleId)}`)
        .orderBy(asc(auditLog.id))
    ).map((row) => row.action),
    told: (
      await db()
        .select({ kind: notifications.kind, userId: notifications.userId })
        .from(notifications)
        .where(ofSale)
        .orderBy(asc(notifications.id))
    ).map((row) => (row.userId === ana.user.id ? row.kind : `someone else: ${row.kind}`)),
    postbacks: await rows(
      `select event || ' ' || sale_status as v from postback_deliveries where sale_id = ${saleId} order by id`,
    ),
    webhooks: await rows(
      `select event_type || ' ' || (payload->'data'->>'status') as v from webhook_deliveries
       where subject = 'sale:${saleId}' order by id`,
    ),
  };
}

type Effects = Awaited<ReturnType<typeof effectsOf>>;
const RECORDED: Effects = {
  status: 'pending',
  ledger: [],
  audit: ['sale.create'],
  told: ['sale.created'],
  postbacks: ['created pending'],
  webhooks: ['sale.created pending'],
};
const APPROVED: Effects = {
  status: 'approved',
  ledger: ['commission 5000'],
  audit: ['sale.create', 'sale.approve'],
  told: ['sale.created', 'sale.approved'],
  postbacks: ['created pending', 'approved approved'],
  webhooks: ['sale.created pending', 'sale.approved approved'],
};
/** What each decision adds to the sale's effects. */
const AFTER: Record<string, Effects> = {
  approve: APPROVED,
  cancel: {
    status: 'cancelled',
    ledger: [],
    audit: ['sale.create', 'sale.cancel'],
    told: ['sale.created', 'sale.cancelled'],
    postbacks: ['created pending', 'reversed cancelled'],
    webhooks: ['sale.created pending'],
  },
  refund: {
    status: 'refunded',
    ledger: ['commission 5000', 'reversal -5000'],
    audit: [...APPROVED.audit, 'sale.refund'],
    told: [...APPROVED.told, 'sale.refunded'],
    postbacks: [...APPROVED.postbacks, 'reversed refunded'],
    webhooks: [...APPROVED.webhooks, 'sale.refunded refunded'],
  },
  chargeback: {
    status: 'chargeback',
    ledger: ['commission 5000', 'reversal -5000'],
    audit: [...APPROVED.audit, 'sale.chargeback'],
    told: [...APPROVED.told, 'sale.chargeback'],
    postbacks: [...APPROVED.postbacks, 'reversed chargeback'],
    webhooks: [...APPROVED.webhooks, 'sale.chargeback chargeback'],
  },
};

async function expectRollupsEqualARebuild() {
  const kept = await readRollups(db());
  await rebuildDailyStats(db());
  expect(kept).toEqual(await readRollups(db()));
}

describe('one sale step, whatever the door', () => {
  test.each(Object.keys(RECORDERS))('recorded pending by %s: the same effects', async (door) => {
    const id = await RECORDERS[door]?.(nextOrder(), 'pending');
    expect(await effectsOf(id ?? 0)).toEqual(RECORDED);
    await expectRollupsEqualARebuild();
  });

  test.each(Object.keys(RECORDERS))(
    'recorded approved by %s: the same effects as recorded, then approved',
    async (door) => {
      const id = await RECORDERS[door]?.(nextOrder(), 'approved');
      expect(await effectsOf(id ?? 0)).toEqual(APPROVED);
      await expectRollupsEqualARebuild();
    },
  );

  test.each(DECISIONS)('%s by %s: the same effects', async (action, _door, from, decide) => {
    const id = (await RECORDERS['the admin form']?.(nextOrder(), from)) ?? 0;
    await decide(id);
    expect(await effectsOf(id)).toEqual(AFTER[action]);
    await expectRollupsEqualARebuild();
  });

  test('a step the sale is not in a status for changes nothing: no line, no message, a 409', async () => {
    const id = (await RECORDERS['the admin form']?.(nextOrder(), 'pending')) ?? 0;
    const before = await effectsOf(id);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sales/${id}/refund`,
      headers: admin.headers,
      payload: {},
    });
    expect(refund.statusCode).toBe(409);
    expect(await effectsOf(id)).toEqual(before);
  });

  test('a batch of decisions is one step: each sale changes on its own, the others answer why not', async () => {
    const pending = (await RECORDERS['the admin form']?.(nextOrder(), 'pending')) ?? 0;
    const approved = (await RECORDERS['the admin form']?.(nextOrder(), 'approved')) ?? 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales/actions',
      headers: admin.headers,
      payload: { ids: [pending, approved, 999_999], action: 'approve' },
    });
    expect(res.json().results).toEqual([
      { id: pending, ok: true, status: 'approved', error: null },
      { id: approved, ok: false, status: 'approved', error: 'A approved sale cannot be approved.' },
      { id: 999_999, ok: false, status: null, error: 'Sale 999999 not found.' },
    ]);
    expect(await effectsOf(pending)).toEqual(APPROVED);
    expect(await effectsOf(approved)).toEqual(APPROVED);
    await expectRollupsEqualARebuild();
  });
});
