import type { WithholdingSettings, Withholdings } from '@contract/tax';

/**
 * The rates a new programme starts with (docs/decisions/038), which an admin checks each January:
 * INSS of a self-employed person paid by a company, 11 % up to the ceiling (R$ 8.157,41, Portaria
 * Interministerial MPS/MF nº 6/2025); the monthly IRRF table in force since May 2025 (Lei
 * 15.191/2025) with its simplified monthly discount (R$ 607,20) and the reduction of Lei
 * 15.270/2025 (no tax up to R$ 5.000,00; R$ 978,62 − 0,133145 × income up to R$ 7.350,00); no ISS
 * withheld until a municipality's rate is set; NFS-e required of companies.
 */
export const DEFAULT_WITHHOLDING_SETTINGS: WithholdingSettings = {
  inss_rate_bps: 1_100,
  inss_ceiling_cents: 815_741,
  irrf_brackets: [
    { up_to_cents: 242_880, rate_bps: 0, deduction_cents: 0 },
    { up_to_cents: 282_665, rate_bps: 750, deduction_cents: 18_216 },
    { up_to_cents: 375_105, rate_bps: 1_500, deduction_cents: 39_416 },
    { up_to_cents: 466_468, rate_bps: 2_250, deduction_cents: 67_549 },
    { up_to_cents: null, rate_bps: 2_750, deduction_cents: 90_873 },
  ],
  irrf_simplified_discount_cents: 60_720,
  irrf_reduction_full_up_to_cents: 500_000,
  irrf_reduction_partial_up_to_cents: 735_000,
  irrf_reduction_constant_cents: 97_862,
  irrf_reduction_factor_millionths: 133_145,
  iss_rate_bps: 0,
  require_nfse: true,
  payer_name: '',
  payer_document: '',
};

/** `cents × rate`, rounded half up to the cent, in integers only. */
const ofRate = (cents: number, rateBps: number) => Math.floor((cents * rateBps + 5_000) / 10_000);

/**
 * What paying a person `grossCents` withholds (RPA). INSS on the gross up to the ceiling. IRRF on
 * the gross less INSS, or less the simplified discount when that is larger (the payer uses the
 * better of the two), by the table's bracket (base × rate − deduction), then less the reduction of
 * the lower incomes, never below zero. ISS on the gross. Net = gross − all three, to the cent.
 */
export function rpaWithholdings(grossCents: number, s: WithholdingSettings): Withholdings {
  const inss = ofRate(Math.min(grossCents, s.inss_ceiling_cents), s.inss_rate_bps);
  const base = Math.max(0, grossCents - Math.max(inss, s.irrf_simplified_discount_cents));
  const bracket = s.irrf_brackets.find((b) => b.up_to_cents === null || base <= b.up_to_cents);
  const table = bracket ? Math.max(0, ofRate(base, bracket.rate_bps) - bracket.deduction_cents) : 0;
  const irrf = Math.max(0, table - irrfReduction(grossCents, table, s));
  const iss = ofRate(grossCents, s.iss_rate_bps);
  return {
    gross_cents: grossCents,
    inss_cents: inss,
    irrf_base_cents: base,
    irrf_cents: irrf,
    iss_cents: iss,
    net_cents: grossCents - inss - irrf - iss,
  };
}

/** Lei 15.270/2025's reduction, on the month's taxable income: all of the tax, then a falling amount. */
function irrfReduction(incomeCents: number, taxCents: number, s: WithholdingSettings): number {
  if (incomeCents <= s.irrf_reduction_full_up_to_cents) return taxCents;
  if (incomeCents > s.irrf_reduction_partial_up_to_cents) return 0;
  // constant − factor × income, in cents: the factor is in millionths, rounded half up.
  const falling =
    s.irrf_reduction_constant_cents -
    Math.floor((incomeCents * s.irrf_reduction_factor_millionths + 500_000) / 1_000_000);
  return Math.min(taxCents, Math.max(0, falling));
}
