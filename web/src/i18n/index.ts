import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ar } from './locales/ar';
import { ch } from './locales/ch';
import { en } from './locales/en';
import { fr } from './locales/fr';
import { pt } from './locales/pt';

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

export const RTL_LANGUAGES: readonly Language[] = ['ar'];

void i18next.use(initReactI18next).init({
  resources: {
    en: { translation: en },
    pt: { translation: pt },
    fr: { translation: fr },
    ar: { translation: ar },
    ch: { translation: ch },
  },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export const i18n = i18next;
