import { describe, expect, it, test } from 'vitest';
import {
  dateFormat,
  formatBps,
  formatDate,
  formatMoney,
  formatMoneyShort,
  formatNumber,
  formatRate,
  formatSignedMoney,
  LRI,
  numberFormat,
  numberSeparators,
  PDI,
} from './format';

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

  // Arabic reads right to left: the amount is one left-to-right unit, symbol first, so it reads
  // "R$ 1,234.56" and never "$R". The e2e journey checks what the browser draws.
  test.each([
    [123456, '', 'R$\u00a0', '1,234.56'],
    [-500, '-', 'R$\u00a0', '5.00'],
  ])('in Arabic %i cents is one isolated left-to-right amount', (cents, sign, symbol, digits) => {
    const text = formatMoney(cents, 'ar');
    expect(text.startsWith(`${LRI}${sign}${symbol}`)).toBe(true);
    expect(text.endsWith(PDI)).toBe(true);
    expect(text).not.toMatch(/[\u200e\u200f\u061c]/);
    // The digits are the locale's (Latin or Arabic-Indic, as the ICU data has it).
    const western = text
      .slice(1, -1)
      .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      .replace(/[٬]/g, ',')
      .replace(/[٫]/g, '.');
    expect(western).toBe(`${sign}${symbol}${digits}`);
  });

  test.each([
    ['en', 1200, '+R$12.00'],
    ['en', -1200, '-R$12.00'],
    ['pt', 1200, '+R$\u00a012,00'],
    ['en', 0, 'R$0.00'],
    ['ar', 1200, `${LRI}+R$\u00a012.00${PDI}`],
  ])('a movement in %s of %i cents reads %s', (language, cents, text) => {
    const western = formatSignedMoney(cents, language)
      .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      .replace('٫', '.');
    expect(western).toBe(text);
  });

  test('a chart axis in Arabic is isolated too', () => {
    const text = formatMoneyShort(120_000, 'ar');
    expect(text.startsWith(`${LRI}R$\u00a0`)).toBe(true);
    expect(text.endsWith(PDI)).toBe(true);
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

  test('measured rates always show two decimals, so figures side by side line up', () => {
    expect(formatRate(622, 'pt')).toBe('6,22%');
    expect(formatRate(420, 'pt')).toBe('4,20%');
    expect(formatRate(0, 'pt')).toBe('0,00%');
    expect(formatRate(12_412, 'en')).toBe('124.12%');
  });

  test('number inputs use the locale separators', () => {
    expect(numberSeparators('pt')).toEqual({ decimalSeparator: ',', thousandSeparator: '.' });
    expect(numberSeparators('en')).toEqual({ decimalSeparator: '.', thousandSeparator: ',' });
  });
});

describe('formatters made once per locale and options', () => {
  it('hands back the same formatter for the same language and options, a new one for others', () => {
    expect(numberFormat('pt', { style: 'percent' })).toBe(numberFormat('pt', { style: 'percent' }));
    expect(numberFormat('pt', { style: 'percent' })).not.toBe(numberFormat('en', { style: 'percent' }));
    expect(dateFormat('pt', { dateStyle: 'medium' })).toBe(dateFormat('pt', { dateStyle: 'medium' }));
    expect(dateFormat('pt', { dateStyle: 'medium' })).not.toBe(dateFormat('pt', { dateStyle: 'short' }));
  });

  it('formats in the language’s locale, counts included', () => {
    expect(formatNumber(12345, 'pt')).toBe('12.345');
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(1.234, 'pt', { maximumFractionDigits: 2 })).toBe('1,23');
  });
});
