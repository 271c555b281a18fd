import { withholdingSettingsSchema } from '@contract/tax';
import { describe, expect, test } from 'vitest';
import { rpaWithholdings, DEFAULT_WITHHOLDING_SETTINGS as S } from './withholdings';

const at = (gross: number) => rpaWithholdings(gross, S);

describe('RPA withholdings with the default rates', () => {
  test('INSS is 11 % of the gross up to the ceiling, and stops there', () => {
    expect(at(100_000).inss_cents).toBe(11_000);
    expect(at(815_741).inss_cents).toBe(89_732); // 8.157,41 × 11 % = 897,3151
    expect(at(815_742).inss_cents).toBe(89_732);
    expect(at(2_000_000).inss_cents).toBe(89_732);
  });

  test('a whole RPA either side of the INSS ceiling, to the cent', () => {
    // 8.157,41: INSS 897,32; base 7.260,09 → 27,5 % = 1.996,52 − 908,73 = 1.087,79; net 6.172,30
    expect(at(815_741)).toEqual({
      gross_cents: 815_741,
      inss_cents: 89_732,
      irrf_base_cents: 726_009,
      irrf_cents: 108_779,
      iss_cents: 0,
      net_cents: 617_230,
    });
    // One cent more: INSS stays 897,32; base 7.260,10 → 1.996,53 − 908,73 = 1.087,80; net 6.172,30
    expect(at(815_742)).toMatchObject({ inss_cents: 89_732, irrf_cents: 108_780, net_cents: 617_230 });
    // One cent less: INSS 11 % of 8.157,40 = 897,314 → 897,31
    expect(at(815_740)).toMatchObject({ inss_cents: 89_731 });
  });

  test('IRRF in each bracket: base × rate − deduction, on the gross less the larger of INSS and the simplified discount', () => {
    // Above R$ 7.350 the reduction is gone: the table alone decides.
    // 10.000,00: INSS 897,32 > 607,20 → base 9.102,68 → 27,5 % − 908,73 = 1.594,51
    expect(at(1_000_000)).toMatchObject({ inss_cents: 89_732, irrf_base_cents: 910_268, irrf_cents: 159_451 });
    // No reduction above 7.350: 8.000,00 → INSS 880,00 → base 7.120,00 → 27,5 % = 1.958,00 − 908,73 = 1.049,27
    expect(at(800_000)).toMatchObject({ irrf_base_cents: 712_000, irrf_cents: 104_927 });
  });

  test('each bracket’s own formula, on a base exactly inside it (no reduction: settings without it)', () => {
    const noReduction = { ...S, irrf_reduction_full_up_to_cents: 0, irrf_reduction_partial_up_to_cents: 0 };
    const irrfOnBase = (base: number) =>
      rpaWithholdings(base + S.irrf_simplified_discount_cents, { ...noReduction, inss_rate_bps: 0 }).irrf_cents;
    expect(irrfOnBase(242_880)).toBe(0); // up to 2.428,80: exempt
    expect(irrfOnBase(250_000)).toBe(534); // 2.500,00 × 7,5 % = 187,50 − 182,16
    expect(irrfOnBase(282_665)).toBe(2_984); // 2.826,65 × 7,5 % = 212,00 − 182,16, the top of 7,5 %
    expect(irrfOnBase(282_666)).toBe(2_984); // 2.826,66 × 15 % = 424,00 − 394,16: the brackets meet
    expect(irrfOnBase(300_000)).toBe(5_584); // 3.000,00 × 15 % = 450,00 − 394,16
    expect(irrfOnBase(400_000)).toBe(22_451); // 4.000,00 × 22,5 % = 900,00 − 675,49
    expect(irrfOnBase(500_000)).toBe(46_627); // 5.000,00 × 27,5 % = 1.375,00 − 908,73
  });

  test('the reduction of Lei 15.270/2025: nothing up to R$ 5.000,00, falling to nothing at R$ 7.350,00', () => {
    expect(at(500_000).irrf_cents).toBe(0);
    // 6.000,00: INSS 660,00 → base 5.340,00 → 27,5 % − 908,73 = 559,77; reduction 978,62 − 798,87 = 179,75 → 380,02
    expect(at(600_000)).toMatchObject({ irrf_base_cents: 534_000, irrf_cents: 38_002 });
    // 7.350,00: reduction 978,62 − 978,62 (978,61575 rounded) = 0
    const table = rpaWithholdings(735_000, { ...S, irrf_reduction_partial_up_to_cents: 0 }).irrf_cents;
    expect(at(735_000).irrf_cents).toBe(table);
  });

  test('net is the gross less every withholding, to the cent; ISS where a rate is set', () => {
    const withIss = rpaWithholdings(123_457, { ...S, iss_rate_bps: 500 });
    expect(withIss.iss_cents).toBe(6_173); // 1.234,57 × 5 % = 61,7285
    expect(withIss.net_cents).toBe(123_457 - withIss.inss_cents - withIss.irrf_cents - withIss.iss_cents);
    for (const gross of [1, 99, 242_880, 466_468, 815_741, 9_999_999]) {
      const w = at(gross);
      expect(w.net_cents + w.inss_cents + w.irrf_cents + w.iss_cents).toBe(gross);
      expect(Math.min(w.inss_cents, w.irrf_cents, w.iss_cents, w.net_cents)).toBeGreaterThanOrEqual(0);
    }
  });

  test('the defaults pass the settings contract; brackets out of order do not', () => {
    expect(withholdingSettingsSchema.safeParse(S).success).toBe(true);
    const shuffled = { ...S, irrf_brackets: [...S.irrf_brackets].reverse() };
    const refused = withholdingSettingsSchema.safeParse(shuffled);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['irrf_brackets']);
  });
});
