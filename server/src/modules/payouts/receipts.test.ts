import { ADMIN_ROLE } from '@contract/auth';
import { parseCsv } from '@contract/csv';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { nfseXml } from '../../../test/nfse-fixtures';
import { approvedRedemption, fullCommissionCampaign } from '../../../test/redemption-fixtures';
import { ledgerEntries, payoutReceipts } from '../../db/schema';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  campaignId = await fullCommissionCampaign(t);
  const current = await call('GET', '/settings/withholdings', admin.headers);
  const payer = await call('PUT', '/settings/withholdings', admin.headers, {
    ...(current.json() as object),
    payer_name: 'Loja Exemplo LTDA',
    payer_document: '11.222.333/0001-81',
  });
  expect(payer.statusCode, payer.body).toBe(200);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });

/** The words a PDF shows: pdfkit writes each run of text as a hex string of its WinAnsi bytes. */
const pdfText = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/<([0-9a-f]+)>/g)]
    .map((m) => Buffer.from(m[1] ?? '', 'hex').toString('latin1'))
    .join('');

const PROFILE = {
  document: '529.982.247-25',
  legal_name: 'Ana Souza da Silva',
  street: 'Rua das Flores',
  number: '123',
  district: 'Centro',
  city: 'Recife',
  state: 'PE',
  postal_code: '50010-000',
};

/** Pays these redemptions in one manual batch; answers the batch. */
async function payManually(ids: number[]) {
  const batch = (await call('POST', '/payout-batches', admin.headers, { redemption_ids: ids })).json();
  const paid = await call('POST', `/payout-batches/${batch.id}/pay`, admin.headers, {
    reference: `LOTE-${batch.id}-OK`,
  });
  expect(paid.statusCode).toBe(200);
  return paid.json();
}

describe('receipts (RPA) of paying a person', () => {
  test('a person is paid the gross less INSS and IRRF; the receipt, its PDF and the ledger’s gross agree', async () => {
    const r = await approvedRedemption(t, admin, campaignId, 600_000);
    await call('PUT', '/me/tax-profile', r.person.headers, { kind: 'person', ...PROFILE });
    const batch = await payManually([r.id]);
    // 6.000,00: INSS 660,00; base 5.340,00 → 559,77 − reduction 179,75 = 380,02; net 4.959,98
    expect(batch.items[0]).toMatchObject({
      amount_cents: 600_000,
      inss_cents: 66_000,
      irrf_cents: 38_002,
      iss_cents: 0,
      net_cents: 495_998,
    });
    const { items } = (await call('GET', '/receipts', r.person.headers)).json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      gross_cents: 600_000,
      net_cents: 495_998,
      document: '52998224725',
      legal_name: 'Ana Souza da Silva',
    });
    // The ledger debited the gross when the redemption was asked for: the withholdings are the programme's to pay over.
    const [debit] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.redemptionId, r.id));
    expect(debit?.amountCents).toBe(-600_000);
    // The statement shows both: the gross debited, and what was withheld and paid net beside it.
    const statement = (await call('GET', '/ledger', r.person.headers)).json();
    expect(statement.items.find((e: { kind: string }) => e.kind === 'redemption')).toMatchObject({
      amount_cents: -600_000,
      withheld_cents: 104_002,
      net_paid_cents: 495_998,
    });
    expect(statement.items.find((e: { kind: string }) => e.kind === 'commission')).toMatchObject({
      withheld_cents: null,
      net_paid_cents: null,
    });
    const csv = parseCsv((await call('GET', '/ledger/export', r.person.headers)).body);
    expect(csv[0]).toContain('Net paid (R$)');
    const redemptionRow = csv.find((row) => row.includes('-6000,00'));
    expect(redemptionRow).toEqual(expect.arrayContaining(['1040,02', '4959,98']));

    const pdf = await call('GET', `/receipts/${items[0].id}/pdf`, r.person.headers);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const words = pdfText(pdf.rawPayload);
    for (const expected of [
      'RECIBO DE PAGAMENTO A AUTÔNOMO',
      'Loja Exemplo LTDA',
      'CNPJ 11.222.333/0001-81',
      'CPF 529.982.247-25',
      'R$ 6.000,00',
      'R$ 660,00',
      'R$ 380,02',
      'R$ 4.959,98',
    ]) {
      expect(words).toContain(expected);
    }
    // Someone else's receipt is not found; an admin reads any.
    const other = await createSignedIn(t.app, db());
    expect((await call('GET', `/receipts/${items[0].id}/pdf`, other.headers)).statusCode).toBe(404);
    expect((await call('GET', `/receipts/${items[0].id}/pdf`, admin.headers)).statusCode).toBe(200);
  });

  test('a month’s receipts add up: the second payment withholds what the month’s total asks less what was withheld', async () => {
    // 8.000,00 earned; 3.000,00 redeemed and paid, then 5.000,00 the same month.
    const first = await approvedRedemption(t, admin, campaignId, 300_000);
    await call('PUT', '/me/tax-profile', first.person.headers, { kind: 'person', ...PROFILE });
    const one = await payManually([first.id]);
    // 3.000,00 alone: INSS 330,00; base 2.392,80 (the simplified discount is larger) → exempt
    expect(one.items[0]).toMatchObject({ inss_cents: 33_000, irrf_cents: 0, net_cents: 267_000 });
    await call('POST', '/sales', admin.headers, {
      campaign_id: campaignId,
      affiliate_id: first.affiliateId,
      amount_cents: 500_000,
      payment_method: 'pix',
      status: 'approved',
    });
    const second = (
      await call('POST', '/redemptions', first.person.headers, { amount_cents: 500_000, method: 'pix' })
    ).json();
    await call('POST', `/redemptions/${second.id}/approve`, admin.headers);
    const two = await payManually([second.id]);
    // The month: 8.000,00 → INSS 880,00 and IRRF 1.049,27 in all; the second withholds the rest.
    expect(two.items[0]).toMatchObject({
      inss_cents: 55_000,
      irrf_cents: 104_927,
      net_cents: 500_000 - 55_000 - 104_927,
    });
    const receipts = await db().select().from(payoutReceipts).where(eq(payoutReceipts.affiliateId, first.affiliateId));
    expect(receipts.reduce((sum, r) => sum + r.inssCents + r.irrfCents, 0)).toBe(88_000 + 104_927);
  });

  test('a company (its NFS-e accepted) is paid the gross with no receipt; so is an affiliate without a tax profile', async () => {
    const company = await approvedRedemption(t, admin, campaignId, 250_000);
    await call('PUT', '/me/tax-profile', company.person.headers, {
      kind: 'company',
      ...PROFILE,
      document: '11.222.333/0001-81',
      legal_name: 'Souza Marketing LTDA',
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/redemptions/${company.id}/invoice`,
      headers: { ...company.person.headers, 'content-type': 'application/xml' },
      payload: nfseXml('2500.00', '11222333000181'),
    });
    const none = await approvedRedemption(t, admin, campaignId, 150_000);
    const batch = await payManually([company.id, none.id]);
    expect(
      batch.items.map(
        (i: { inss_cents: number; irrf_cents: number; net_cents: number; amount_cents: number }) =>
          i.net_cents === i.amount_cents && i.inss_cents + i.irrf_cents === 0,
      ),
    ).toEqual([true, true]);
    expect((await call('GET', '/receipts', company.person.headers)).json().items).toEqual([]);
  });

  test('the yearly statement, as CSV with a decimal comma and as PDF with its totals', async () => {
    const r = await approvedRedemption(t, admin, campaignId, 123_456);
    await call('PUT', '/me/tax-profile', r.person.headers, { kind: 'person', ...PROFILE });
    await payManually([r.id]);
    const year = new Date().getFullYear();
    const csv = await call('GET', `/receipts/yearly?year=${year}&format=csv`, r.person.headers);
    const [header, row] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(header).toContain('Net (R$)');
    // 1.234,56: INSS 135,80; IRRF 0 (base 627,36 exempt); net 1.098,76
    expect(row?.slice(3, 8)).toEqual(['1234,56', '135,80', '0,00', '0,00', '1098,76']);
    const pdf = await call('GET', `/receipts/yearly?year=${year}`, r.person.headers);
    const words = pdfText(pdf.rawPayload);
    expect(words).toContain(`INFORME DE PAGAMENTOS E RETENÇÕES · ${year}`);
    expect(words).toContain('R$ 1.098,76');
    expect((await call('GET', `/receipts/yearly?year=1999`, r.person.headers)).statusCode).toBe(400);
  });
});
