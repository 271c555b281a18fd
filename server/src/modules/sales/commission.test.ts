import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCommission, percentOf } from './commission';

describe('percentOf rounds half up to the cent', () => {
  it.each([
    // amount, bps, cents, exact
    [10_000, 1_000, 1_000, '1000'], // R$ 100 at 10 % = R$ 10
    [12_345, 750, 926, '925.875'], // 925.875 → 926
    [1_001, 50, 5, '5.005'], // 5.005 → 5
    [1_010, 50, 5, '5.05'], // 5.05 → 5
    [1_100, 50, 6, '5.5'], // exactly half → up
    [2_900, 50, 15, '14.5'], // exactly half → up (never banker's rounding)
    [1, 4_999, 0, '0.4999'],
    [1, 5_000, 1, '0.5'],
    [99, 10_000, 99, '99'],
    [100_000_000_000, 10_000, 100_000_000_000, '100000000000'],
    [100_000_000_000, 333, 3_330_000_000, '3330000000'],
    [99_999_999_999, 9_999, 99_989_999_999, '99989999999.0001'],
    [5, 0, 0, '0'],
  ])('%i cents at %i bps → %i cents (%s exact)', (amount, bps, cents, exact) => {
    expect(percentOf(amount, bps)).toEqual({ cents, exact });
  });

  it('agrees with exact rational rounding for any amount and rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
        const product = BigInt(amount) * BigInt(bps);
        // half up: floor((2p + 10000) / 20000)
        const expected = Number((2n * product + 10_000n) / 20_000n);
        expect(percentOf(amount, bps).cents).toBe(expected);
      }),
    );
  });
});

describe('computeCommission picks the rule', () => {
  const level = { name: 'Ouro', commissionBps: 1_200 };

  it('uses the campaign percent over the level', () => {
    expect(computeCommission(10_050, { campaignType: 'percent', campaignValue: 1_000, level })).toEqual({
      rule: 'campaign_percent',
      rate_bps: 1_000,
      fixed_cents: null,
      base_cents: 10_050,
      exact_cents: '1005',
      commission_cents: 1_005,
      level_name: 'Ouro',
    });
  });

  it('uses the campaign fixed amount, never more than the sale', () => {
    expect(computeCommission(10_000, { campaignType: 'fixed', campaignValue: 2_500, level }).commission_cents).toBe(
      2_500,
    );
    const capped = computeCommission(1_000, { campaignType: 'fixed', campaignValue: 2_500, level });
    expect(capped).toMatchObject({ rule: 'campaign_fixed', fixed_cents: 2_500, commission_cents: 1_000 });
  });

  it('falls back to the level rate when the campaign has no rule', () => {
    expect(computeCommission(12_345, { campaignType: null, campaignValue: null, level })).toMatchObject({
      rule: 'level',
      rate_bps: 1_200,
      exact_cents: '1481.4',
      commission_cents: 1_481,
    });
  });

  it('gives nothing when neither the campaign nor a level has a rate', () => {
    expect(computeCommission(12_345, { campaignType: null, campaignValue: null, level: null })).toMatchObject({
      rule: 'none',
      rate_bps: null,
      commission_cents: 0,
    });
  });
});
