import { useSyncExternalStore } from 'react';
import { switchLanguage } from '../i18n';
import { browserLanguage, DEFAULT_LANGUAGE, LANGUAGES, type Language, RTL_LANGUAGES } from '../i18n/languages';
import { SETTINGS_KEY } from './settings-key';

/** The colour themes the settings panel offers; the first carries the product's name (SPEC.md §1). */
export const COLOR_THEMES = ['Afiliados', 'Esmeralda', 'Violeta', 'Oceano', 'Laranja'] as const;
export type ColorTheme = (typeof COLOR_THEMES)[number];

export type PresentationSettings = {
  colorTheme: ColorTheme;
  mode: 'light' | 'dark';
  direction: 'ltr' | 'rtl';
  layout: 'vertical' | 'horizontal';
  boxed: boolean;
  sidebar: 'full' | 'mini-sidebar';
  language: Language;
  cardShadow: boolean;
  borderRadius: number;
};

/** SPEC.md §1: product theme, light, ltr, vertical, boxed, full sidebar, English, shadow on, radius 12. */
export const DEFAULT_SETTINGS: PresentationSettings = {
  colorTheme: 'Afiliados',
  mode: 'light',
  direction: 'ltr',
  layout: 'vertical',
  boxed: true,
  sidebar: 'full',
  language: DEFAULT_LANGUAGE,
  cardShadow: true,
  borderRadius: 12,
};

export const RADIUS_RANGE = { min: 0, max: 24 } as const;

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/** What was saved, field by field; anything unknown or out of range falls back to the default. */
export function parseSettings(raw: unknown): PresentationSettings {
  const saved = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const d = DEFAULT_SETTINGS;
  const radius = Number(saved.borderRadius);
  return {
    colorTheme: isOneOf(COLOR_THEMES, saved.colorTheme) ? saved.colorTheme : d.colorTheme,
    mode: isOneOf(['light', 'dark'] as const, saved.mode) ? saved.mode : d.mode,
    direction: isOneOf(['ltr', 'rtl'] as const, saved.direction) ? saved.direction : d.direction,
    layout: isOneOf(['vertical', 'horizontal'] as const, saved.layout) ? saved.layout : d.layout,
    boxed: typeof saved.boxed === 'boolean' ? saved.boxed : d.boxed,
    sidebar: isOneOf(['full', 'mini-sidebar'] as const, saved.sidebar) ? saved.sidebar : d.sidebar,
    language: isOneOf(LANGUAGES, saved.language) ? saved.language : d.language,
    cardShadow: typeof saved.cardShadow === 'boolean' ? saved.cardShadow : d.cardShadow,
    borderRadius:
      Number.isInteger(radius) && radius >= RADIUS_RANGE.min && radius <= RADIUS_RANGE.max ? radius : d.borderRadius,
  };
}

/** A first visit (nothing saved on this browser): the defaults, in the browser's language if the portal speaks it. */
export function firstVisitSettings(language: Language = browserLanguage()): PresentationSettings {
  return { ...DEFAULT_SETTINGS, language, direction: RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr' };
}

function load(): PresentationSettings {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null');
    return saved === null ? firstVisitSettings() : parseSettings(saved);
  } catch {
    return firstVisitSettings();
  }
}

let current: PresentationSettings = load();
const listeners = new Set<() => void>();

export const settingsStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Changes some settings, keeps them across reloads and applies them to the document root. */
  update(change: Partial<PresentationSettings>) {
    const next = { ...current, ...change };
    // Choosing a language sets its direction (Arabic reads right to left); direction alone may still be changed.
    if (change.language && !change.direction) next.direction = RTL_LANGUAGES.includes(change.language) ? 'rtl' : 'ltr';
    current = next;
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(current));
    applyToDocument(current);
    for (const listener of listeners) listener();
  },
  /** Back to SPEC.md §1's look. The language stays: it is the person's, kept with their account. */
  reset() {
    const { language } = current;
    settingsStore.update({
      ...DEFAULT_SETTINGS,
      language,
      direction: RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr',
    });
  },
};

/**
 * Makes a language the interface's: its texts are fetched first, so no screen mixes two languages
 * while they load; then the setting changes (document `lang` and `dir`, kept on this browser, which
 * is how the sign-in page remembers the last language chosen here).
 */
export async function applyLanguage(language: Language) {
  // A translation file that cannot be fetched now is fetched again by the provider, on the setting.
  await switchLanguage(language).catch(() => undefined);
  settingsStore.update({ language });
}

/** SPEC.md §4: the settings live on the document root as attributes. */
export function applyToDocument(settings: PresentationSettings, root: HTMLElement = document.documentElement) {
  root.setAttribute('class', settings.mode);
  root.setAttribute('dir', settings.direction);
  root.setAttribute(
    'lang',
    settings.language === 'ch' ? 'zh' : settings.language === 'pt' ? 'pt-BR' : settings.language,
  );
  root.setAttribute('data-color-theme', settings.colorTheme);
  root.setAttribute('data-layout', settings.layout);
  root.setAttribute('data-boxed-layout', settings.boxed ? 'boxed' : 'full');
  root.setAttribute('data-sidebar-type', settings.sidebar);
  root.setAttribute('data-card-shadow', String(settings.cardShadow));
}

export function usePresentationSettings(): PresentationSettings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get);
}
