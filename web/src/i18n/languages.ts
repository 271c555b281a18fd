export const LANGUAGES = ['en', 'pt', 'fr', 'ar', 'ch'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Which of the five a browser's language tag asks for ("pt-BR" -> pt, "zh-TW" -> ch), if any. */
const LANGUAGE_OF_TAG: Record<string, Language> = { en: 'en', pt: 'pt', fr: 'fr', ar: 'ar', zh: 'ch' };

/**
 * The language a first visit opens in: the first of the browser's preferred languages that the
 * portal speaks, else English, the default (docs/decisions/036). A language chosen here since, or
 * the account's, replaces it.
 */
export function browserLanguage(preferred: readonly string[] = navigatorLanguages()): Language {
  for (const tag of preferred) {
    const language = LANGUAGE_OF_TAG[tag.toLowerCase().split('-')[0] ?? ''];
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

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
