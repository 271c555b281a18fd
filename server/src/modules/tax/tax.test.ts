import { ADMIN_ROLE } from '@contract/auth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { DEFAULT_WITHHOLDING_SETTINGS } from './withholdings';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });

const PERSON = {
  kind: 'person',
  document: '529.982.247-25',
  legal_name: 'Ana Souza da Silva',
  street: 'Rua das Flores',
  number: '123',
  district: 'Centro',
  city: 'Recife',
  state: 'PE',
  postal_code: '50010-000',
};

describe('tax profile', () => {
  test('an affiliate fills in theirs: CPF and CEP kept as digits, read back, seen by admins', async () => {
    const me = await createSignedIn(t.app, t.database.db);
    expect((await call('GET', '/me/tax-profile', me.headers)).json()).toEqual({ profile: null });
    const saved = await call('PUT', '/me/tax-profile', me.headers, PERSON);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      kind: 'person',
      document: '52998224725',
      postal_code: '50010000',
      complement: '',
    });
    expect((await call('GET', '/me/tax-profile', me.headers)).json().profile.legal_name).toBe('Ana Souza da Silva');
    const seen = await call('GET', `/affiliates/${me.user.affiliateId}/tax-profile`, admin.headers);
    expect(seen.json().profile.document).toBe('52998224725');
  });

  test('check digits, CEP and state are checked on their fields; a company needs a valid CNPJ', async () => {
    const me = await createSignedIn(t.app, t.database.db);
    const fieldOf = async (body: object) => {
      const res = await call('PUT', '/me/tax-profile', me.headers, body);
      expect(res.statusCode).toBe(400);
      return res.json().errors.map((e: { field: string }) => e.field);
    };
    expect(await fieldOf({ ...PERSON, document: '529.982.247-24' })).toEqual(['document']);
    expect(await fieldOf({ ...PERSON, kind: 'company' })).toEqual(['document']);
    expect(await fieldOf({ ...PERSON, postal_code: '5001' })).toEqual(['postal_code']);
    expect(await fieldOf({ ...PERSON, state: 'XX' })).toEqual(['state']);
    const company = await call('PUT', '/me/tax-profile', me.headers, {
      ...PERSON,
      kind: 'company',
      document: '11.222.333/0001-81',
      legal_name: 'Souza Marketing Digital LTDA',
    });
    expect(company.json()).toMatchObject({ kind: 'company', document: '11222333000181' });
  });
});

describe('withholding rates', () => {
  test('start at the defaults; an admin changes them and the preview follows', async () => {
    expect((await call('GET', '/settings/withholdings', admin.headers)).json()).toEqual(DEFAULT_WITHHOLDING_SETTINGS);
    const before = (await call('GET', '/settings/withholdings/preview?gross_cents=100000', admin.headers)).json();
    expect(before).toMatchObject({ gross_cents: 100_000, inss_cents: 11_000, iss_cents: 0, net_cents: 89_000 });
    const withIss = { ...DEFAULT_WITHHOLDING_SETTINGS, iss_rate_bps: 200 };
    expect((await call('PUT', '/settings/withholdings', admin.headers, withIss)).statusCode).toBe(200);
    const after = (await call('GET', '/settings/withholdings/preview?gross_cents=100000', admin.headers)).json();
    expect(after).toMatchObject({ iss_cents: 2_000, net_cents: 87_000 });
    const bad = await call('PUT', '/settings/withholdings', admin.headers, {
      ...withIss,
      irrf_brackets: [{ up_to_cents: 100, rate_bps: 0, deduction_cents: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('irrf_brackets');
    await call('PUT', '/settings/withholdings', admin.headers, DEFAULT_WITHHOLDING_SETTINGS);
  });

  test('affiliates cannot read or change the rates, nor read another’s tax profile', async () => {
    const me = await createSignedIn(t.app, t.database.db);
    expect((await call('GET', '/settings/withholdings', me.headers)).statusCode).toBe(403);
    expect((await call('PUT', '/settings/withholdings', me.headers, DEFAULT_WITHHOLDING_SETTINGS)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/affiliates/${admin.user.id}/tax-profile`, me.headers)).statusCode).toBe(403);
    expect((await call('GET', '/me/tax-profile', admin.headers)).statusCode).toBe(403);
  });
});
