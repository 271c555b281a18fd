import type { RecurringRule } from '@contract/campaigns';
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

/** A campaign's terms for subscriptions: which charges earn, and a renewal's own value. */
export type RecurringTerms = { rule: RecurringRule; charges: number | null; renewalValue: number | null };
/** A sale's place in its subscription; `firstSaleId` is the first charge's sale a renewal goes back to. */
export type ChargeOf = { subscriptionId: string; chargeNumber: number; firstSaleId: number | null };

/**
 * A subscription charge's commission (docs/decisions/026): the first charge as any sale; a renewal
 * at the renewal value when the campaign has one, or at the same rule; a renewal past the rule's
 * charges is recorded with zero, and its breakdown says why. A sale outside a subscription is
 * `computeCommission`'s.
 */
export function computeChargeCommission(
  amountCents: number,
  rule: CommissionRule,
  terms: RecurringTerms,
  charge: ChargeOf | null,
): CommissionBreakdown {
  if (!charge) return computeCommission(amountCents, rule);
  const note = {
    subscription_id: charge.subscriptionId,
    charge_number: charge.chargeNumber,
    rule: terms.rule,
    charges: terms.rule === 'first_n' ? terms.charges : null,
    first_sale_id: charge.firstSaleId,
  };
  if (charge.chargeNumber === 1) {
    return {
      ...computeCommission(amountCents, rule),
      recurring: { ...note, outcome: 'first_charge', renewal_rate: false },
    };
  }
  const earns = terms.rule === 'lifetime' || (terms.rule === 'first_n' && charge.chargeNumber <= (terms.charges ?? 1));
  if (!earns) {
    return {
      ...computeCommission(amountCents, rule),
      exact_cents: '0',
      commission_cents: 0,
      recurring: { ...note, outcome: 'beyond_limit', renewal_rate: false },
    };
  }
  const renewalRate = terms.renewalValue !== null && rule.campaignType !== null;
  const computed = computeCommission(amountCents, renewalRate ? { ...rule, campaignValue: terms.renewalValue } : rule);
  return { ...computed, recurring: { ...note, outcome: 'renewal', renewal_rate: renewalRate } };
}
