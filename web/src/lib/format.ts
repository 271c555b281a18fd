import { type Language, LOCALE_OF } from '../i18n/languages';

const localeOf = (language: string) => LOCALE_OF[language as Language] ?? 'en-US';

/** Money is integer cents everywhere; shown as BRL in the person's locale. */
export function formatMoney(cents: number, language: string, currency = 'BRL'): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency }).format(cents / 100);
}

/** A chart axis has room for a few characters: R$1.2K rather than R$1,200.00, which it would clip. */
export function formatMoneyShort(cents: number, language: string, currency = 'BRL'): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(cents / 100);
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(new Date(iso));
}

/** A rate in basis points (750) as a percentage in the person's locale (7.5 %). */
export function formatBps(bps: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** The decimal and thousands separators of the person's locale, for number inputs. */
export function numberSeparators(language: string): { decimalSeparator: string; thousandSeparator: string } {
  const parts = new Intl.NumberFormat(localeOf(language)).formatToParts(12345.6);
  return {
    decimalSeparator: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    thousandSeparator: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}
