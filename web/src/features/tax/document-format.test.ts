import { describe, expect, test } from 'vitest';
import { formatDocument, formatPostalCode } from './document-format';

describe('tax document masks', () => {
  test.each([
    ['person', '52998224725', '529.982.247-25'],
    ['person', '5299822', '529.982.2'],
    ['person', '529.982.247-2599', '529.982.247-25'],
    ['company', '11222333000181', '11.222.333/0001-81'],
    ['company', '11.222', '11.222'],
  ] as const)('formatDocument(%s, %s) is %s', (kind, typed, shown) => {
    expect(formatDocument(kind, typed)).toBe(shown);
  });

  test.each([
    ['50010000', '50010-000'],
    ['5001', '5001'],
    ['50010-0001', '50010-000'],
  ])('formatPostalCode(%s) is %s', (typed, shown) => {
    expect(formatPostalCode(typed)).toBe(shown);
  });
});
