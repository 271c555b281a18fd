import { ADMIN_ROLE } from '@contract/auth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { companyTaxProfile, nfseXml } from '../../../test/nfse-fixtures';
import { approvedRedemption, fullCommissionCampaign } from '../../../test/redemption-fixtures';
import { readNfseXml } from './invoices.service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let campaignId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
  campaignId = await fullCommissionCampaign(t);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });
const upload = (id: number, headers: Record<string, string>, body: string | Buffer, type: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/redemptions/${id}/invoice`,
    headers: { ...headers, 'content-type': type },
    payload: body,
  });

const CNPJ = '11222333000181';
async function companyRedemption(cents: number) {
  const r = await approvedRedemption(t, admin, campaignId, cents);
  const saved = await call(
    'PUT',
    '/me/tax-profile',
    r.person.headers,
    companyTaxProfile('Empresa Afiliada LTDA', CNPJ),
  );
  expect(saved.statusCode).toBe(200);
  return r;
}

describe('a company’s NFS-e', () => {
  test('reads the national layout’s value and issuer, and ABRASF’s', () => {
    expect(readNfseXml(nfseXml('1234.56', CNPJ))).toEqual({ amountCents: 123_456, issuer: CNPJ });
    const abrasf =
      '<CompNfse><Nfse><InfNfse><Servico><Valores><ValorServicos>99.90</ValorServicos></Valores></Servico>' +
      `<PrestadorServico><IdentificacaoPrestador><CpfCnpj><Cnpj>${CNPJ}</Cnpj></CpfCnpj></IdentificacaoPrestador></PrestadorServico></InfNfse></Nfse></CompNfse>`;
    expect(readNfseXml(abrasf)).toEqual({ amountCents: 9_990, issuer: CNPJ });
  });

  test('a company’s redemption waits for its NFS-e; an XML of the exact value and CNPJ lets it be batched', async () => {
    const r = await companyRedemption(300_000);
    const waiting = await call('POST', '/payout-batches', admin.headers, { redemption_ids: [r.id] });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ code: 'NFSE_MISSING', errors: [{ field: 'redemption_ids' }] });
    // Every approved one up to today leaves it out.
    const today = new Date().toISOString().slice(0, 10);
    const all = await call('POST', '/payout-batches', admin.headers, { approved_until: today });
    if (all.statusCode === 201) {
      expect(all.json().items.map((i: { redemption_id: number }) => i.redemption_id)).not.toContain(r.id);
    }

    const wrongValue = await upload(r.id, r.person.headers, nfseXml('2999.99', CNPJ), 'application/xml');
    expect(wrongValue.statusCode).toBe(400);
    expect(wrongValue.json().errors[0]).toMatchObject({ field: 'file' });
    const wrongIssuer = await upload(r.id, r.person.headers, nfseXml('3000.00', '11444777000161'), 'application/xml');
    expect(wrongIssuer.json().errors[0].message).toContain('another CNPJ');
    const ok = await upload(r.id, r.person.headers, nfseXml('3000.00', CNPJ), 'application/xml');
    expect(ok.json()).toMatchObject({ format: 'xml', status: 'accepted', amount_cents: 300_000 });
    expect((await call('POST', '/payout-batches', admin.headers, { redemption_ids: [r.id] })).statusCode).toBe(201);
  });

  test('a PDF waits for an admin, who accepts or refuses it; the file comes back as sent', async () => {
    const r = await companyRedemption(120_000);
    const pdf = Buffer.from('%PDF-1.4\n% a DANFSe\n%%EOF\n');
    expect((await upload(r.id, r.person.headers, pdf, 'application/pdf')).json()).toMatchObject({ status: 'review' });
    const waiting = (await call('GET', '/invoices?status=review', admin.headers)).json().items;
    expect(waiting.find((i: { redemption_id: number }) => i.redemption_id === r.id)).toMatchObject({
      format: 'pdf',
      legal_name: 'Empresa Afiliada LTDA',
      redemption_amount_cents: 120_000,
    });
    expect((await call('POST', '/payout-batches', admin.headers, { redemption_ids: [r.id] })).statusCode).toBe(409);
    const file = await call('GET', `/redemptions/${r.id}/invoice/file`, admin.headers);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const refused = await call('POST', `/redemptions/${r.id}/invoice/review`, admin.headers, {
      accept: false,
      note: 'Valor divergente',
    });
    expect(refused.json()).toMatchObject({ status: 'refused', note: 'Valor divergente' });
    expect(
      (await call('POST', `/redemptions/${r.id}/invoice/review`, admin.headers, { accept: true })).statusCode,
    ).toBe(409);
    await upload(r.id, r.person.headers, pdf, 'application/pdf');
    expect(
      (await call('POST', `/redemptions/${r.id}/invoice/review`, admin.headers, { accept: true })).json().status,
    ).toBe('accepted');
    expect((await call('POST', '/payout-batches', admin.headers, { redemption_ids: [r.id] })).statusCode).toBe(201);
  });

  test('only the company sends its own invoice; garbage is a 400 on the file; without the rule none is needed', async () => {
    const person = await approvedRedemption(t, admin, campaignId, 50_000);
    expect(
      (await upload(person.id, person.person.headers, nfseXml('500.00', CNPJ), 'application/xml')).statusCode,
    ).toBe(409);
    const r = await companyRedemption(60_000);
    const other = await createSignedIn(t.app, t.database.db);
    expect((await upload(r.id, other.headers, nfseXml('600.00', CNPJ), 'application/xml')).statusCode).toBe(404);
    expect((await call('GET', `/redemptions/${r.id}/invoice`, other.headers)).statusCode).toBe(404);
    const garbage = await upload(r.id, r.person.headers, 'not an invoice', 'text/plain');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().errors[0].field).toBe('file');
    const rates = (await call('GET', '/settings/withholdings', admin.headers)).json();
    await call('PUT', '/settings/withholdings', admin.headers, { ...rates, require_nfse: false });
    expect((await call('POST', '/payout-batches', admin.headers, { redemption_ids: [r.id] })).statusCode).toBe(201);
    await call('PUT', '/settings/withholdings', admin.headers, rates);
  });
});
