import { type Language, LOCALE_OF } from '../i18n/languages';

const localeOf = (language: string) => LOCALE_OF[language as Language] ?? 'en-US';

/** Money is integer cents everywhere; shown as BRL in the person's locale. */
export function formatMoney(cents: number, language: string, currency = 'BRL'): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency }).format(cents / 100);
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(new Date(iso));
}
