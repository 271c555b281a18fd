import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, type Language, LOCALE_OF, RTL_LANGUAGES } from './languages';
import { en } from './locales/en';

export { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language, LOCALE_OF, RTL_LANGUAGES } from './languages';

// A small translator with the part of i18next's API the portal uses (nested keys, {{value}}
// interpolation, _one/_other plurals, defaultValue, English fallback). It keeps 17 KiB off the
// sign-in page: docs/decisions/005-own-translator.md.

type Messages = { [key: string]: string | Messages };
export type TranslateOptions = { count?: number; defaultValue?: string } & Record<string, string | number | undefined>;

const bundles: Partial<Record<Language, Messages>> = { en };
let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();
/** Counts the changes of what `t` answers (a language, a part arrived): what components re-render on. */
let textsVersion = 0;
function textsChanged() {
  textsVersion += 1;
  for (const listener of listeners) listener();
}

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
  missingText();
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

/**
 * Texts that come in parts (docs/decisions/046), each in English and in the languages that have it.
 * No key is in two parts (keys.test.ts), so the order they arrive in never matters.
 */
type TextPart = Partial<Record<Language, () => Promise<Messages>>>;
/** Each part asked for so far, with its load per language: a language switched to later loads them all. */
const partLoads = new Map<TextPart, Partial<Record<Language, Promise<void>>>>();

function loadPartIn(part: TextPart, language: Language): Promise<void> {
  const loads = partLoads.get(part) ?? {};
  partLoads.set(part, loads);
  const load = part[language];
  if (!load) return Promise.resolve();
  loads[language] ??= load().then(
    (texts) => {
      bundles[language] = mergeMessages(bundles[language] ?? {}, texts);
      textsChanged();
    },
    (error) => {
      // A failed fetch (a new deploy, the network) is asked again next time rather than kept.
      delete loads[language];
      throw error;
    },
  );
  return loads[language];
}

/** A part's loader: its English (every language's fallback) and the current language's, once each. */
const textPart = (part: TextPart) => async () => {
  await Promise.all([loadPartIn(part, DEFAULT_LANGUAGE), loadPartIn(part, current)]);
};

// English's own texts ship with the app; each other language's load when it is chosen, so nobody
// downloads five languages to read one.
partLoads.set(
  {
    pt: () => import('./locales/pt').then((m) => m.pt),
    fr: () => import('./locales/fr').then((m) => m.fr),
    ar: () => import('./locales/ar').then((m) => m.ar),
    ch: () => import('./locales/ch').then((m) => m.ch),
  },
  {},
);
const APP_TEXTS: TextPart = {
  en: () => import('./locales/en-app').then((m) => m.enApp),
  pt: () => import('./locales/pt-app').then((m) => m.ptApp),
};
const SCREEN_TEXTS: TextPart = {
  en: () => import('./locales/en-screens').then((m) => m.enScreens),
  pt: () => import('./locales/pt-screens').then((m) => m.ptScreens),
};

/** The signed-in area's first texts (the layout and the homes), with that area. */
export const loadAppMessages = textPart(APP_TEXTS);
/** The other signed-in screens' texts, with the first of them. */
export const loadScreenMessages = textPart(SCREEN_TEXTS);
/** The other signed-out screens' texts (registration, passwords, two steps, maintenance), with those screens. */
export const loadAuthMessages = textPart({
  en: () => import('./locales/en-auth').then((m) => m.enAuth),
  pt: () => import('./locales/pt-auth').then((m) => m.ptAuth),
});
/** The programme page's and the application's texts, with those screens. */
export const loadProgrammeMessages = textPart({
  en: () => import('./locales/en-programme').then((m) => m.enProgramme),
  pt: () => import('./locales/pt-programme').then((m) => m.ptProgramme),
});

/**
 * A text the signed-in area asks for and no loaded part has: it may be a screen's text shown before
 * its screen (a dialog of the layout, a toast), so the screens' part is fetched and what asked renders
 * again. Never on the signed-out pages, whose texts all ship with them.
 */
function missingText() {
  if (partLoads.has(APP_TEXTS) && !partLoads.has(SCREEN_TEXTS)) loadScreenMessages().catch(() => undefined);
}

/** Makes a language current, fetching its texts (and those of every part loaded so far) first. */
export async function switchLanguage(language: Language) {
  await Promise.all([...partLoads.keys()].map((part) => loadPartIn(part, language)));
  if (current === language) return;
  current = language;
  textsChanged();
  // A part asked for while the language was loading: fetch it in this language too.
  for (const part of partLoads.keys()) loadPartIn(part, language).catch(() => undefined);
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
  useSyncExternalStore(subscribe, () => textsVersion);
  return { t, i18n };
}
