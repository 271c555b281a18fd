import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, type Language, LOCALE_OF, RTL_LANGUAGES } from './languages';
import { en } from './locales/en';

export { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language, LOCALE_OF, RTL_LANGUAGES } from './languages';

// A small translator with the part of i18next's API the portal uses (nested keys, {{value}}
// interpolation, _one/_other plurals, defaultValue, English fallback). It keeps 17 KiB off the
// sign-in page: docs/decisions/005-own-translator.md.

type Messages = { [key: string]: string | Messages };
export type TranslateOptions = { count?: number; defaultValue?: string } & Record<string, string | number | undefined>;

// English ships with the app (it is the default and every language's fallback); the others load
// on demand, so nobody downloads five languages to read one.
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  pt: () => import('./locales/pt').then((m) => m.pt),
  fr: () => import('./locales/fr').then((m) => m.fr),
  ar: () => import('./locales/ar').then((m) => m.ar),
  ch: () => import('./locales/ch').then((m) => m.ch),
};

const bundles: Partial<Record<Language, Messages>> = { en };
let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

function lookup(bundle: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = bundle;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );
}

/**
 * English standing in on a right-to-left page, wrapped in Unicode's left-to-right isolate (LRI…PDI):
 * laid out as its own left-to-right run, so "2 registrations approved." keeps its number first and
 * its full stop last instead of being turned around by the page's direction. A string, so it works
 * wherever a text goes (labels, placeholders, interpolations, toasts).
 */
const isolateLtr = (text: string) => (text ? `\u2066${text}\u2069` : text);

// Made once per language: making one is far dearer than asking it (see lib/format.ts).
const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralOf(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(LOCALE_OF[language]);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The text of `key` in the current language, falling back to English, then to defaultValue or the key. */
export function t(key: string, options: TranslateOptions = {}): string {
  const { count, defaultValue, ...values } = options;
  for (const language of [current, DEFAULT_LANGUAGE]) {
    const candidates = count === undefined ? [key] : [`${key}_${pluralOf(language, count)}`, `${key}_other`, key];
    for (const candidate of candidates) {
      const text = lookup(bundles[language], candidate);
      if (text === undefined) continue;
      const sentence = interpolate(text, { count, ...values });
      const isFallback = language !== current;
      return isFallback && RTL_LANGUAGES.includes(current) ? isolateLtr(sentence) : sentence;
    }
  }
  return defaultValue ?? key;
}
export type TFunction = typeof t;

/** Two sets of texts as one: a group both have (screens, errors…) is merged, not replaced. */
export function mergeMessages(base: Messages, extra: Messages): Messages {
  const merged: Messages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const had = merged[key];
    merged[key] = typeof value === 'object' && typeof had === 'object' ? { ...had, ...value } : value;
  }
  return merged;
}

/** English texts that come with some screens: loaded once, then part of English (every language's fallback). */
function englishPart(load: () => Promise<Messages>): () => Promise<void> {
  let loaded: Promise<void> | null = null;
  return () => {
    loaded ??= load().then((part) => {
      bundles.en = mergeMessages(bundles.en ?? en, part);
      for (const listener of listeners) listener();
    });
    return loaded;
  };
}

/** The signed-in area's texts, with that area. */
export const loadAppMessages = englishPart(() => import('./locales/en-app').then((m) => m.enApp));
/** The programme page's and the application's texts, with those screens. */
export const loadProgrammeMessages = englishPart(() => import('./locales/en-programme').then((m) => m.enProgramme));

/** Makes a language current, fetching its translations first when they are not loaded yet. */
export async function switchLanguage(language: Language) {
  if (!bundles[language] && language !== 'en') bundles[language] = await LOADERS[language]();
  if (current === language) return;
  current = language;
  for (const listener of listeners) listener();
}

export const i18n = {
  get language(): Language {
    return current;
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Re-renders the component when the language changes. */
export function useTranslation() {
  useSyncExternalStore(subscribe, () => current);
  return { t, i18n };
}
