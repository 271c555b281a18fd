import { type Language, LOCALE_OF, RTL_LANGUAGES } from '../i18n/languages';

const localeOf = (language: string) => LOCALE_OF[language as Language] ?? 'en-US';

/** Unicode's left-to-right isolate and its end: what they enclose is laid out on its own, left to right. */
export const LRI = '\u2066';
export const PDI = '\u2069';
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * An amount for a right-to-left page: "R$ 1,234.56" as one left-to-right unit. Left to the page's
 * direction, the symbol's "$" (a neutral) would turn around the "R" and read "$R", and the sign and
 * digits would trade places with the words around them.
 */
function isolatedAmount(format: Intl.NumberFormat, value: number): string {
  const parts = format.formatToParts(value);
  const sign = parts.find((p) => p.type === 'minusSign' || p.type === 'plusSign')?.value ?? '';
  const symbol = parts.find((p) => p.type === 'currency')?.value ?? '';
  const amount = parts
    .filter((p) => p.type !== 'currency' && p.type !== 'minusSign' && p.type !== 'plusSign')
    .map((p) => p.value)
    .join('')
    .replace(BIDI_MARKS, '')
    .trim();
  return `${LRI}${sign}${symbol}\u00a0${amount}${PDI}`;
}

function money(format: Intl.NumberFormat, value: number, language: string): string {
  return RTL_LANGUAGES.includes(language as Language) ? isolatedAmount(format, value) : format.format(value);
}

/** Money is integer cents everywhere; shown as BRL in the person's locale. */
export function formatMoney(cents: number, language: string, currency = 'BRL'): string {
  return money(new Intl.NumberFormat(localeOf(language), { style: 'currency', currency }), cents / 100, language);
}

/** A movement of money: "+R$ 12.00" in, "-R$ 12.00" out; the sign is part of the amount, so it stays in front. */
export function formatSignedMoney(cents: number, language: string, currency = 'BRL'): string {
  const format = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency, signDisplay: 'exceptZero' });
  return money(format, cents / 100, language);
}

/** A chart axis has room for a few characters: R$1.2K rather than R$1,200.00, which it would clip. */
export function formatMoneyShort(cents: number, language: string, currency = 'BRL'): string {
  const format = new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  return money(format, cents / 100, language);
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(new Date(iso));
}

/** A rate someone set (a commission of 750 basis points) as a percentage in the person's locale (7.5 %). */
export function formatBps(bps: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

/**
 * A measured rate (a conversion, a share, a chargeback rate) in basis points, always with two
 * decimals: figures side by side line up ("6,22%" beside "4,20%", not "4,2%").
 */
export function formatRate(bps: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(bps / 10_000);
}

/** The decimal and thousands separators of the person's locale, for number inputs. */
export function numberSeparators(language: string): { decimalSeparator: string; thousandSeparator: string } {
  const parts = new Intl.NumberFormat(localeOf(language)).formatToParts(12345.6);
  return {
    decimalSeparator: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    thousandSeparator: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}
