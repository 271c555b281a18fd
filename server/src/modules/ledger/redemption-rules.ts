/** What a redemption request is checked against (DESIGN.md §6, issue 7). */
export type RedemptionCheck = {
  amountCents: number;
  availableCents: number;
  minCents: number;
  /** Requests of this affiliate still requested or approved. */
  openCount: number;
  oneOpenAtATime: boolean;
};

export type RedemptionRefusal = 'NEGATIVE_BALANCE' | 'OPEN_REQUEST' | 'BELOW_MINIMUM' | 'ABOVE_BALANCE';

/**
 * The first rule a request breaks, or null. A negative balance (a refund after payment) blocks
 * every request until later commissions make it positive again.
 */
export function refusalOf(check: RedemptionCheck): RedemptionRefusal | null {
  if (check.availableCents < 0) return 'NEGATIVE_BALANCE';
  if (check.oneOpenAtATime && check.openCount > 0) return 'OPEN_REQUEST';
  if (check.amountCents < check.minCents) return 'BELOW_MINIMUM';
  if (check.amountCents > check.availableCents) return 'ABOVE_BALANCE';
  return null;
}

export const REFUSAL_MESSAGES: Record<RedemptionRefusal, (c: RedemptionCheck) => string> = {
  NEGATIVE_BALANCE: () => 'Your balance is negative (a refunded sale); new commissions will offset it first.',
  OPEN_REQUEST: () => 'You already have a redemption waiting; one at a time.',
  BELOW_MINIMUM: (c) => `The minimum redemption is ${c.minCents} cents.`,
  ABOVE_BALANCE: (c) => `You can redeem at most your available balance (${c.availableCents} cents).`,
};
