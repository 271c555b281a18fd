export const LANGUAGES = ['en', 'pt', 'fr', 'ar', 'ch'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The locale used for numbers, money and dates in each language. */
export const LOCALE_OF: Record<Language, string> = {
  en: 'en-US',
  pt: 'pt-BR',
  fr: 'fr-FR',
  ar: 'ar',
  ch: 'zh-CN',
};

/** Each language's own name, as the language switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  pt: 'Português (Brasil)',
  fr: 'Français',
  ar: 'العربية',
  ch: '中文',
};

export const RTL_LANGUAGES: readonly Language[] = ['ar'];
