import { levelBodySchema } from '@contract/levels';
import { saleBodySchema } from '@contract/sales';
import type { UseFormReturnType } from '@mantine/form';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadAppMessages, loadScreenMessages, t } from '../i18n';
import { ApiError } from './api-client';
import { showApiError } from './form';
import { moneyRule } from './money-rule';

beforeAll(async () => Promise.all([loadAppMessages(), loadScreenMessages()]));

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

describe('an API refusal shown on a form', () => {
  /** The two calls showApiError makes of a form, recording the errors it sets. */
  const formWith = (values: Record<string, string>) => {
    const errors: Record<string, unknown> = {};
    const form = {
      getValues: () => values,
      setErrors: (next: Record<string, unknown>) => Object.assign(errors, next),
    } as unknown as UseFormReturnType<Record<string, string>>;
    return { form, errors };
  };
  const refusal = (field: string) =>
    new ApiError(400, {
      code: 'VALIDATION',
      detail: `${field}: is required`,
      errors: [{ field, message: 'is required (English)' }],
    });

  test('puts the API’s message next to a field the form has', () => {
    const { form, errors } = formWith({ reference: '' });
    expect(showApiError(form, refusal('reference'), t)).toBeNull();
    expect(errors).toEqual({ reference: 'is required (English)' });
  });

  test('says it in the person’s words, on the form’s own name for the field', () => {
    const { form, errors } = formWith({ reference: '', paid_on: '' });
    const words = { paid_at: { field: 'paid_on', message: 'Pick the day' }, reference: { message: 'Type it' } };
    expect(showApiError(form, refusal('paid_at'), t, words)).toBeNull();
    expect(showApiError(form, refusal('reference'), t, words)).toBeNull();
    expect(errors).toEqual({ paid_on: 'Pick the day', reference: 'Type it' });
  });

  test('leaves an error on a field the form lacks to the alert', () => {
    const { form, errors } = formWith({ reference: '' });
    expect(showApiError(form, refusal('redemption_ids'), t)).toBe('redemption_ids: is required');
    expect(errors).toEqual({});
  });
});
