import { ADMIN_ROLE } from '@contract/auth';
import { parseCsv } from '@contract/csv';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { affiliates, campaigns, sales } from '../../db/schema';

/** Every CSV the API exports opens as columns in Excel set to Brazil: the bytes, read as they are. */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let ana: Awaited<ReturnType<typeof createSignedIn>>;
let anaCode: string;
let campaignId: number;
let saleId: number;
const db = () => t.database.db;
/** 02:30 UTC is 23:30 of the day before in Brasília (UTC−3). */
const SOLD_AT = new Date('2026-03-10T02:30:00Z');

const setLanguage = async (headers: Record<string, string>, language: string) => {
  const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers, payload: { language } });
  expect(res.statusCode).toBe(200);
};
const download = async (url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return { bytes: res.rawPayload, text: res.rawPayload.toString('utf8') };
};
const linesOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  const [row] = await db()
    .select({ code: affiliates.code })
    .from(affiliates)
    .where(eq(affiliates.id, ana.user.affiliateId ?? 0));
  anaCode = row?.code ?? '';
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      name: 'Loja; Centro',
      destinationUrl: 'https://loja.example.com/',
      commissionType: 'percent',
      commissionValue: 1_000,
      cookieDays: 30,
      holdDays: 0,
    })
    .returning();
  campaignId = campaign?.id ?? 0;
  const sale = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sales',
    headers: admin.headers,
    payload: {
      campaign_id: campaignId,
      affiliate_code: anaCode,
      amount_cents: 123_456,
      payment_method: 'credit_card',
      origin: '=HYPERLINK("http://evil.example")',
      // The buyer is the affiliate: the sale is flagged as a self-referral.
      customer_email: ana.user.email,
      external_id: 'PEDIDO-1',
    },
  });
  expect(sale.statusCode).toBe(201);
  saleId = sale.json().id;
  await db().update(sales).set({ createdAt: SOLD_AT }).where(eq(sales.id, saleId));
});
afterAll(async () => t.close());

describe('GET /sales/export', () => {
  test('is a UTF-8 file with a BOM, `;` between fields, money with a decimal comma and no thousands separator', async () => {
    const { bytes, text } = await download('/api/v1/sales/export', admin.headers);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, line] = linesOf(text);
    expect(header?.split(';')).toHaveLength(17);
    expect(header).not.toContain(',');
    const cells = parseCsv(text)[1] ?? [];
    // 1234.56 reais, and a 10 % commission of 123.46.
    expect(cells).toContain('1234,56');
    expect(cells).toContain('123,46');
    expect(line).toContain(';1234,56;');
    // A text cell holding the separator is quoted, so it stays one cell.
    expect(line).toContain('"Loja; Centro"');
  });

  test('neutralises a cell a spreadsheet would run as a formula', async () => {
    const { text } = await download('/api/v1/sales/export', admin.headers);
    const cells = parseCsv(text)[1] ?? [];
    expect(cells).toContain(`'=HYPERLINK("http://evil.example")`);
    expect(cells.some((cell) => cell.startsWith('='))).toBe(false);
  });

  test('speaks English to an English account: words for codes, Brasília time as yyyy-mm-dd hh:mm', async () => {
    await setLanguage(admin.headers, 'en');
    const [header, row] = parseCsv((await download('/api/v1/sales/export', admin.headers)).text);
    expect(header).toEqual([
      'Sale',
      'Date',
      'Campaign',
      'Affiliate',
      'Buyer email',
      'Affiliate code',
      'Order id',
      'Amount (R$)',
      'Payment method',
      'Origin',
      'Status',
      'Attributed by',
      'Subscription',
      'Charge',
      'Commission (R$)',
      'Commission split',
      'Flags',
    ]);
    expect(row).toEqual([
      String(saleId),
      '2026-03-09 23:30',
      'Loja; Centro',
      expect.any(String),
      ana.user.email,
      anaCode,
      'PEDIDO-1',
      '1234,56',
      'Credit card',
      `'=HYPERLINK("http://evil.example")`,
      'Pending',
      'Affiliate code',
      '',
      '',
      '123,46',
      '',
      'Self-referral',
    ]);
  });

  test('speaks Portuguese to a Portuguese account: headers, words for codes, dd/mm/aaaa hh:mm in Brasília', async () => {
    await setLanguage(ana.headers, 'pt');
    const [header, row] = parseCsv((await download('/api/v1/sales/export', ana.headers)).text);
    expect(header).toEqual([
      'Venda',
      'Data',
      'Campanha',
      'Código de afiliado',
      'Pedido',
      'Valor (R$)',
      'Forma de pagamento',
      'Origem',
      'Situação',
      'Atribuída por',
      'Assinatura',
      'Cobrança',
      'Comissão (R$)',
      'Venda dividida',
      'Alertas',
    ]);
    expect(row).toEqual([
      String(saleId),
      '09/03/2026 23:30',
      'Loja; Centro',
      anaCode,
      'PEDIDO-1',
      '1234,56',
      'Cartão de crédito',
      `'=HYPERLINK("http://evil.example")`,
      'Pendente',
      'Código de afiliado',
      '',
      '',
      '123,46',
      '',
      'Autoindicação',
    ]);
  });
});
