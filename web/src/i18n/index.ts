import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from './languages';
import { en } from './locales/en';

export { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language, LOCALE_OF, RTL_LANGUAGES } from './languages';

// English ships with the app (it is the default and every language's fallback); the others load
// on demand, so nobody downloads five languages to read one.
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Record<string, unknown>>> = {
  pt: () => import('./locales/pt').then((m) => m.pt),
  fr: () => import('./locales/fr').then((m) => m.fr),
  ar: () => import('./locales/ar').then((m) => m.ar),
  ch: () => import('./locales/ch').then((m) => m.ch),
};

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Makes a language current, fetching its translations first when they are not loaded yet. */
export async function switchLanguage(language: Language) {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await LOADERS[language]());
  }
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

export const i18n = i18next;
