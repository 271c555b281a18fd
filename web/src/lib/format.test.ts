import { describe, expect, test } from 'vitest';
import { formatBps, formatDate, formatMoney, formatMoneyShort, numberSeparators } from './format';

describe('money and dates in the chosen language', () => {
  test.each([
    ['pt', 123456, 'R$\u00a01.234,56'],
    ['en', 123456, 'R$1,234.56'],
    ['pt', -500, '-R$\u00a05,00'],
    ['pt', 0, 'R$\u00a00,00'],
  ])('%s shows %i cents as %s', (language, cents, text) => {
    expect(formatMoney(cents, language)).toBe(text);
  });

  test.each([
    ['en', 120_000, 'R$1.2K'],
    ['pt', 120_000, 'R$\u00a01,2\u00a0mil'],
    ['en', 75_000, 'R$750'],
    ['en', 250_000_000, 'R$2.5M'],
    ['en', 0, 'R$0'],
  ])('a chart axis in %s shows %i cents as %s', (language, cents, text) => {
    expect(formatMoneyShort(cents, language)).toBe(text);
  });

  test('dates follow the language', () => {
    expect(formatDate('2026-11-22T12:00:00Z', 'pt')).toBe('22 de nov. de 2026');
    expect(formatDate('2026-11-22T12:00:00Z', 'en')).toBe('Nov 22, 2026');
  });

  test('rates in basis points show as percentages', () => {
    expect(formatBps(750, 'en')).toBe('7.5%');
    expect(formatBps(750, 'pt')).toBe('7,5%');
    expect(formatBps(10_000, 'pt')).toBe('100%');
  });

  test('number inputs use the locale separators', () => {
    expect(numberSeparators('pt')).toEqual({ decimalSeparator: ',', thousandSeparator: '.' });
    expect(numberSeparators('en')).toEqual({ decimalSeparator: '.', thousandSeparator: ',' });
  });
});
