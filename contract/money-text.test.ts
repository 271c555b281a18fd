import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { centsOf, formatMoneyInput, formatReais, parseMoneyInput } from './money-text';

describe('an amount typed or pasted the Brazilian way', () => {
  test.each([
    ['189,90', 18_990],
    ['189.90', 18_990],
    ['1.234,56', 123_456],
    ['1,234.56', 123_456],
    ['R$ 1.234,56', 123_456],
    ['R$1.234,56', 123_456],
    ['r$ 189,90', 18_990],
    ['189,90 R$', 18_990],
    ['BRL 189.90', 18_990],
    ['R$\u00a01.234,56', 123_456],
    ['  189 ', 18_900],
    ['189', 18_900],
    ['0,5', 50],
    ['0.5', 50],
    [',50', 50],
    ['0', 0],
    ['0,00', 0],
    ['0189,90', 18_990],
    ['1234,56', 123_456],
    ['1234.56', 123_456],
    ['1234', 123_400],
    ['1.234.567,89', 123_456_789],
    ['1,234,567.89', 123_456_789],
    ['1.234.567', 123_456_700],
    ['1,234,567', 123_456_700],
    ['1.234,5', 123_450],
    ['1 234,56', 123_456],
    ['1\u202f234,56', 123_456],
    ['1 234', 123_400],
    ["1'234.56", 123_456],
    // Pasted from a page in Arabic or with full-width digits.
    ['١٨٩٫٩٠', 18_990],
    ['١٬٢٣٤٫٥٦', 123_456],
    ['１８９，９０', 18_990],
  ])('%j is %i cents', (text, cents) => {
    expect(parseMoneyInput(text)).toEqual({ cents });
  });

  test.each([
    ['1.234', [123_400, 123]],
    ['1,234', [123_400, 123]],
    ['R$ 1.234', [123_400, 123]],
    ['12.345', [1_234_500, 1_235]],
    ['999,999', [99_999_900, 100_000]],
    ['1.230', [123_000, 123]],
    ['189,901', [18_990_100, 18_990]],
  ])('%j is asked about: %j cents', (text, readings) => {
    expect(parseMoneyInput(text)).toEqual({ ambiguous: readings });
  });

  test.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['R$', 'empty'],
    ['-189,90', 'negative'],
    ['R$ -189,90', 'negative'],
    ['-R$ 189,90', 'negative'],
    ['−5', 'negative'],
    ['(189,90)', 'negative'],
    ['189,90-', 'negative'],
    ['-', 'format'],
    ['abc', 'format'],
    ['12a', 'format'],
    ['1e5', 'format'],
    ['+189', 'format'],
    ['$189', 'format'],
    ['189,', 'format'],
    ['1..5', 'format'],
    ['1,,5', 'format'],
    ['1.234.56', 'format'],
    ['12,34,56', 'format'],
    ['1,5.30', 'format'],
    ['1.234 567', 'format'],
    ['1,234,567.89.1', 'format'],
    ['01.234,56', 'format'],
    ['1.23,45', 'format'],
    ['189,90 reais', 'format'],
    ['99999999999999999999', 'format'],
    ['189,901 2', 'format'],
    ['0,123', 'decimals'],
    ['1234.567', 'decimals'],
    ['189,9012', 'decimals'],
    ['1.234,567', 'decimals'],
    ['1,234.567', 'decimals'],
    ['.125', 'decimals'],
  ])('%j is not an amount (%s)', (text, reason) => {
    expect(parseMoneyInput(text)).toEqual({ invalid: reason });
  });

  test.each([
    [123_456, '1.234,56', 'R$\u00a01.234,56'],
    [18_990, '189,90', 'R$\u00a0189,90'],
    [50, '0,50', 'R$\u00a00,50'],
    [0, '0,00', 'R$\u00a00,00'],
    [123_456_789, '1.234.567,89', 'R$\u00a01.234.567,89'],
  ])('%i cents are written %j in a field and shown as %j', (cents, field, shown) => {
    expect(formatMoneyInput(cents)).toBe(field);
    expect(formatReais(cents)).toBe(shown);
  });

  test('centsOf gives the cents of an amount and null for anything else', () => {
    expect(centsOf('1.234,56')).toBe(123_456);
    expect(centsOf('')).toBeNull();
    expect(centsOf('1.234')).toBeNull();
    expect(centsOf('abc')).toBeNull();
  });

  test('any amount written in a field, shown, or formatted in English or French reads back as itself', () => {
    const inLocale = (locale: string, cents: number) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        for (const text of [
          formatMoneyInput(cents),
          formatReais(cents),
          inLocale('en-US', cents),
          inLocale('fr-FR', cents),
          inLocale('ar-EG', cents),
          new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100),
        ]) {
          expect(parseMoneyInput(text)).toEqual({ cents });
        }
      }),
    );
  });

  test('never reads an amount 100 times larger than one with its cents written out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), (cents) => {
        const reais = Math.floor(cents / 100);
        const fraction = String(cents % 100).padStart(2, '0');
        for (const mark of [',', '.']) {
          expect(parseMoneyInput(`${reais}${mark}${fraction}`)).toEqual({ cents });
        }
      }),
    );
  });
});
