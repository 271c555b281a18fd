import type { CommissionBreakdown } from '@contract/sales';

export type CommissionRule = {
  /** The campaign's own rule; null when the affiliate's level rate applies. */
  campaignType: 'percent' | 'fixed' | null;
  campaignValue: number | null;
  level: { name: string; commissionBps: number } | null;
};

/** amount × bps / 10 000, rounded half up to the cent, exactly (BigInt: no float ever touches money). */
export function percentOf(amountCents: number, bps: number): { cents: number; exact: string } {
  const product = BigInt(amountCents) * BigInt(bps);
  const whole = product / 10_000n;
  const rest = product % 10_000n;
  const cents = Number(rest * 2n >= 10_000n ? whole + 1n : whole);
  const fraction = rest === 0n ? '' : `.${rest.toString().padStart(4, '0').replace(/0+$/, '')}`;
  return { cents, exact: `${whole}${fraction}` };
}

/**
 * A sale's commission (DESIGN.md §6): the campaign's rule if it has one, else the affiliate's level
 * rate, else nothing. A fixed commission never exceeds the sale itself.
 */
export function computeCommission(amountCents: number, rule: CommissionRule): CommissionBreakdown {
  const base = { base_cents: amountCents, level_name: rule.level?.name ?? null };
  if (rule.campaignType === 'fixed' && rule.campaignValue !== null) {
    const cents = Math.min(rule.campaignValue, amountCents);
    return {
      ...base,
      rule: 'campaign_fixed',
      rate_bps: null,
      fixed_cents: rule.campaignValue,
      exact_cents: String(cents),
      commission_cents: cents,
    };
  }
  const [kind, bps] =
    rule.campaignType === 'percent' && rule.campaignValue !== null
      ? (['campaign_percent', rule.campaignValue] as const)
      : rule.level
        ? (['level', rule.level.commissionBps] as const)
        : (['none', 0] as const);
  const { cents, exact } = percentOf(amountCents, bps);
  return {
    ...base,
    rule: kind,
    rate_bps: kind === 'none' ? null : bps,
    fixed_cents: null,
    exact_cents: exact,
    commission_cents: cents,
  };
}
