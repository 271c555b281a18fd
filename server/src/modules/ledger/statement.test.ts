import { ADMIN_ROLE } from '@contract/auth';
import { parseCsv } from '@contract/csv';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { affiliates, campaigns } from '../../db/schema';
import { appendLedgerEntry } from './ledger.service';

/** The affiliate's statement and payments: date order, running balance, and the CSV a spreadsheet in Brazil opens. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const setLanguage = async (headers: Record<string, string>, language: string) => {
  const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers, payload: { language } });
  expect(res.statusCode).toBe(200);
};

/**
 * Entries written in one order and dated in another (a decision's own time, as the approval job and
 * the demo history write them): ids 1..4 carry the days 3, 1, 2, 4 of March.
 */
async function affiliateWithShuffledLedger() {
  const person = await createSignedIn(t.app, db());
  const affiliateId = person.user.affiliateId ?? 0;
  const written = [
    { day: '2026-03-03T15:00:00Z', cents: 10_000, kind: 'adjustment' as const, note: 'terceiro' },
    { day: '2026-03-01T15:00:00Z', cents: 5_000, kind: 'adjustment' as const, note: 'primeiro' },
    { day: '2026-03-02T15:00:00Z', cents: -2_000, kind: 'adjustment' as const, note: 'segundo' },
    { day: '2026-03-04T02:30:00Z', cents: 123_456, kind: 'adjustment' as const, note: '=1+1' },
  ];
  for (const entry of written) {
    await appendLedgerEntry(db(), {
      affiliateId,
      kind: entry.kind,
      amountCents: entry.cents,
      note: entry.note,
      at: new Date(entry.day),
    });
  }
  return person;
}

type Line = { note: string; amount_cents: number; balance_cents: number; created_at: string };

describe('GET /ledger', () => {
  test('lists entries newest first by date, each with the balance after it over the whole history, page by page', async () => {
    const ana = await affiliateWithShuffledLedger();
    const page = async (n: number) =>
      (await get(`/api/v1/ledger?page=${n}&page_size=2`, ana.headers))
        .json()
        .items.map((e: Line) => [e.note, e.amount_cents, e.balance_cents]);
    expect(await page(1)).toEqual([
      ['=1+1', 123_456, 136_456],
      ['terceiro', 10_000, 13_000],
    ]);
    expect(await page(2)).toEqual([
      ['segundo', -2_000, 3_000],
      ['primeiro', 5_000, 5_000],
    ]);
    const dates = (await get('/api/v1/ledger?page_size=10', ana.headers))
      .json()
      .items.map((e: Line) => Date.parse(e.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});

describe('GET /ledger/export', () => {
  test('is the statement oldest first in date order, with the running balance, for a spreadsheet in Brazil', async () => {
    const ana = await affiliateWithShuffledLedger();
    await setLanguage(ana.headers, 'pt');
    const res = await get('/api/v1/ledger/export', ana.headers);
    expect(res.statusCode).toBe(200);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(res.body);
    expect(res.body.split('\r\n')[0]).toBe(
      '\uFEFFData;Movimento;Valor (R$);Saldo (R$);Retido (R$);Líquido pago (R$);Venda;Resgate;Observação;Lançamento',
    );
    expect(rows.slice(1).map((r) => r.slice(0, 4).concat(r[8] ?? ''))).toEqual([
      ['01/03/2026 12:00', 'Ajuste', '50,00', '50,00', 'primeiro'],
      ['02/03/2026 12:00', 'Ajuste', '-20,00', '30,00', 'segundo'],
      ['03/03/2026 12:00', 'Ajuste', '100,00', '130,00', 'terceiro'],
      // 02:30 UTC on the 4th is still the 3rd in Brasília; the note that looks like a formula is text.
      ['03/03/2026 23:30', 'Ajuste', '1234,56', '1364,56', "'=1+1"],
    ]);
  });

  test('speaks English to an English account', async () => {
    const bia = await affiliateWithShuffledLedger();
    const rows = parseCsv((await get('/api/v1/ledger/export', bia.headers)).body);
    expect(rows[0]).toEqual([
      'Date',
      'Movement',
      'Amount (R$)',
      'Balance (R$)',
      'Withheld (R$)',
      'Net paid (R$)',
      'Sale',
      'Redemption',
      'Note',
      'Entry',
    ]);
    expect(rows[1]?.slice(0, 4)).toEqual(['2026-03-01 12:00', 'Adjustment', '50,00', '50,00']);
  });
});

describe('GET /payments/export', () => {
  test('has the payment in Brasília time, money with a decimal comma, words for the method, pt headers', async () => {
    const [campaign] = await db()
      .insert(campaigns)
      .values({
        name: 'Pagamentos',
        destinationUrl: 'https://p.example.com/',
        commissionType: 'percent',
        commissionValue: 10_000,
        cookieDays: 30,
        holdDays: 0,
      })
      .returning();
    const caio = await createSignedIn(t.app, db());
    const affiliateId = caio.user.affiliateId ?? 0;
    await db()
      .update(affiliates)
      .set({ pixKey: caio.user.email, pixKeyType: 'email' })
      .where(eq(affiliates.id, affiliateId));
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sales',
      headers: admin.headers,
      payload: {
        campaign_id: campaign?.id,
        affiliate_id: affiliateId,
        amount_cents: 250_075,
        payment_method: 'pix',
        status: 'approved',
      },
    });
    expect(sale.statusCode).toBe(201);
    const redemption = await t.app.inject({
      method: 'POST',
      url: '/api/v1/redemptions',
      headers: caio.headers,
      payload: { amount_cents: 150_050, method: 'pix' },
    });
    const id = redemption.json().id;
    const act = (action: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/redemptions/${id}/${action}`, headers: admin.headers, payload });
    expect((await act('approve')).statusCode).toBe(200);
    expect((await act('pay', { reference: '@E2E-REF-1', paid_at: '2026-04-01T01:15:00Z' })).statusCode).toBe(200);

    await setLanguage(admin.headers, 'pt');
    const res = await get(`/api/v1/payments/export?affiliate_id=${affiliateId}`, admin.headers);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = parseCsv(res.body);
    expect(header).toEqual([
      'Pagamento',
      'Pago em',
      'Afiliado',
      'Código de afiliado',
      'Valor (R$)',
      'Forma',
      'Referência',
      'Pago por',
      'Resgate',
    ]);
    expect(row?.slice(1, 2).concat(row.slice(4, 7))).toEqual(['31/03/2026 22:15', '1500,50', 'PIX', "'@E2E-REF-1"]);
    expect(res.body.split('\r\n')[1]).toMatch(/;1500,50;PIX;'@E2E-REF-1;/);
  });
});
