import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE } from './languages';
import { ar } from './locales/ar';
import { ch } from './locales/ch';
import { en } from './locales/en';
import { fr } from './locales/fr';
import { pt } from './locales/pt';

export { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language, LOCALE_OF, RTL_LANGUAGES } from './languages';

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
