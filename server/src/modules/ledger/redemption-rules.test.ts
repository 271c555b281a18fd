import { describe, expect, it } from 'vitest';
import { type RedemptionCheck, refusalOf } from './redemption-rules';

const base: RedemptionCheck = {
  amountCents: 5_000,
  availableCents: 10_000,
  minCents: 1_000,
  openCount: 0,
  oneOpenAtATime: true,
};

describe('refusalOf', () => {
  it.each([
    ['within balance and above the minimum', {}, null],
    ['exactly the minimum', { amountCents: 1_000 }, null],
    ['exactly the whole balance', { amountCents: 10_000 }, null],
    ['one cent under the minimum', { amountCents: 999 }, 'BELOW_MINIMUM'],
    ['one cent over the balance', { amountCents: 10_001 }, 'ABOVE_BALANCE'],
    ['a negative balance, whatever the amount', { availableCents: -1, amountCents: 1_000 }, 'NEGATIVE_BALANCE'],
    ['a zero balance', { availableCents: 0 }, 'ABOVE_BALANCE'],
    ['another request open, one at a time', { openCount: 1 }, 'OPEN_REQUEST'],
    ['another request open, several allowed', { openCount: 1, oneOpenAtATime: false }, null],
    ['a balance under the minimum', { availableCents: 900, amountCents: 900 }, 'BELOW_MINIMUM'],
  ] as const)('%s → %s', (_name, change, expected) => {
    expect(refusalOf({ ...base, ...change })).toBe(expected);
  });
});
