import { levelBodySchema } from '@contract/levels';
import { saleBodySchema } from '@contract/sales';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadAppMessages, t } from '../i18n';
import { moneyRule } from './form';

beforeAll(async () => loadAppMessages());

describe('a money field checked against its contract schema', () => {
  const saleAmount = moneyRule(saleBodySchema.shape.amount_cents, 'Enter an amount above zero', t);
  const levelThreshold = moneyRule(levelBodySchema.shape.min_sales_cents, 'Use an amount of zero or more', t, {
    isOptional: true,
  });

  test.each([
    ['189,90', null],
    ['1.234,56', null],
    ['1,234.56', null],
    ['', 'Enter an amount above zero'],
    ['0,00', 'Enter an amount above zero'],
    ['1.000.000.000,01', 'Enter an amount above zero'],
    ['1.234', 'Choose the amount you meant'],
    ['-5', 'The amount cannot be negative'],
    ['189,901 2', 'Type an amount such as 189,90 or 1.234,56'],
    ['1,2345', 'Use at most two decimal places (the cents)'],
  ])('a sale amount of %j: %j', (text, message) => {
    expect(saleAmount(text)).toBe(message);
  });

  test.each([
    ['', null],
    ['0', null],
    ['5.000,00', null],
    ['1,234', 'Choose the amount you meant'],
  ])('an optional level threshold of %j: %j', (text, message) => {
    expect(levelThreshold(text)).toBe(message);
  });
});
