import { type Language, LOCALE_OF, RTL_LANGUAGES } from '../i18n/languages';

const localeOf = (language: string) => LOCALE_OF[language as Language] ?? 'en-US';

// Making an Intl formatter costs far more than using one (the first of a locale loads its data: about
// 100 ms on a slow phone, measured on the home's first render), so each kind is made once per locale.
const formatters = new Map<string, unknown>();

function madeOnce<T>(kind: string, language: string, options: object, make: (locale: string) => T): T {
  const key = `${kind}|${language}|${JSON.stringify(options)}`;
  let made = formatters.get(key) as T | undefined;
  if (made === undefined) {
    made = make(localeOf(language));
    formatters.set(key, made);
  }
  return made;
}

/** The number formatter of the person's locale with these options, made once. */
export const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}) =>
  madeOnce('number', language, options, (locale) => new Intl.NumberFormat(locale, options));

/** The date formatter of the person's locale with these options, made once. */
export const dateFormat = (language: string, options: Intl.DateTimeFormatOptions = {}) =>
  madeOnce('date', language, options, (locale) => new Intl.DateTimeFormat(locale, options));

/** A count in the person's locale: 12.345 in Portuguese, 12,345 in English. */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, options).format(value);
}

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
  return money(numberFormat(language, { style: 'currency', currency }), cents / 100, language);
}

/** A movement of money: "+R$ 12.00" in, "-R$ 12.00" out; the sign is part of the amount, so it stays in front. */
export function formatSignedMoney(cents: number, language: string, currency = 'BRL'): string {
  const format = numberFormat(language, { style: 'currency', currency, signDisplay: 'exceptZero' });
  return money(format, cents / 100, language);
}

/** A chart axis has room for a few characters: R$1.2K rather than R$1,200.00, which it would clip. */
export function formatMoneyShort(cents: number, language: string, currency = 'BRL'): string {
  const format = numberFormat(language, {
    style: 'currency',
    currency,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  return money(format, cents / 100, language);
}

export function formatDateTime(iso: string, language: string): string {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatDate(iso: string, language: string): string {
  return dateFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A rate someone set (a commission of 750 basis points) as a percentage in the person's locale (7.5 %). */
export function formatBps(bps: number, language: string): string {
  return formatNumber(bps / 10_000, language, { style: 'percent', maximumFractionDigits: 2 });
}

/**
 * A measured rate (a conversion, a share, a chargeback rate) in basis points, always with two
 * decimals: figures side by side line up ("6,22%" beside "4,20%", not "4,2%").
 */
export function formatRate(bps: number, language: string): string {
  return formatNumber(bps / 10_000, language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The decimal and thousands separators of the person's locale, for number inputs. */
export function numberSeparators(language: string): { decimalSeparator: string; thousandSeparator: string } {
  const parts = numberFormat(language).formatToParts(12345.6);
  return {
    decimalSeparator: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    thousandSeparator: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}
