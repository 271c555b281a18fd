// The boot script: a couple of KiB that run as index.html is read, before the app's code has
// arrived. It starts what the page will need at once, instead of one round trip after another: the
// person's language; for a signed-in page the signed-in area's code and styles and the page's first
// API requests (index.html lists the entry's own chunks). Built apart from the app, as a classic script
// (web/build/first-screen.ts); it changes nothing the app relies on, so without it (dev server,
// an older page) the app asks for everything itself. docs/decisions/019.

import { ADMIN_ROLE } from '@contract/session';
import { firstRequests } from './app/first-requests';
import { HOME_PATH } from './app/paths';
import { isPublicPath } from './app/public-roots';
import { browserLanguage, LANGUAGES } from './i18n/languages';
import { API_BASE } from './lib/api-client';
import { startEarlyRequests } from './lib/early-requests';
import { currentClaims, getToken } from './lib/session';
import { SETTINGS_KEY } from './theme/settings-key';

/** Files of the build, filled in by the build (web/build/first-screen.ts). */
declare const __FIRST_SCREEN__: {
  /** Scripts and styles every signed-in page needs (the layout, and the home, where sign-in lands). */
  signedIn: { scripts: string[]; styles: string[] };
  /** What an affiliate's home adds to `signedIn` (an admin's home does without it). */
  affiliateHome: string[];
  /** Each language's texts, other than English, which is built in. */
  languages: Record<string, string[]>;
  /** Each language's texts for the signed-in layout and the home, other than English (in `signedIn`). */
  appLanguages: Record<string, string[]>;
};

/**
 * Fetched as the app will ask for it, so the app finds it in the cache: Vite's loader asks for a
 * lazy chunk's module and its stylesheet both in CORS mode (a preload in another mode is fetched twice).
 */
function preload(href: string, as: 'script' | 'style') {
  const link = document.createElement('link');
  if (as === 'script') {
    link.rel = 'modulepreload';
  } else {
    link.rel = 'preload';
    link.as = 'style';
  }
  link.crossOrigin = '';
  link.href = href;
  document.head.appendChild(link);
}

/** The presentation settings kept on this browser, as far as the boot script needs them. */
function savedSettings(): { language?: string; mode?: string; direction?: string } {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null');
    // A first visit opens in the browser's language (theme/settings.ts): fetch that one early.
    return saved && typeof saved === 'object' ? saved : { language: browserLanguage() };
  } catch {
    return { language: browserLanguage() };
  }
}

/**
 * Shows index.html's header bar (`.boot-shell`) in the person's mode and direction: a phone paints
 * the portal's frame as soon as the page and its stylesheet are read, before any of the app's code.
 * The app's first render replaces it with the same bar (layouts/layout-shell.tsx), then the layout.
 */
function showShell({ mode, direction }: { mode?: string; direction?: string }) {
  const root = document.documentElement;
  if (mode === 'light' || mode === 'dark') root.setAttribute('data-mantine-color-scheme', mode);
  if (direction === 'ltr' || direction === 'rtl') root.setAttribute('dir', direction);
  root.setAttribute('data-boot-shell', '');
}

function boot() {
  const { signedIn, affiliateHome, languages, appLanguages } = __FIRST_SCREEN__;
  const pathname = window.location.pathname;
  const claims = currentClaims();
  const token = getToken();
  const settings = savedSettings();
  const languageCode = LANGUAGES.find((l) => l === settings.language) ?? '';
  const language = languages[languageCode] ?? [];
  if (!claims || !token || isPublicPath(pathname)) {
    // Signed out: the sign-in screen, where most visits start, is in the entry's chunks (index.html
    // lists them).
    for (const href of language) preload(href, 'script');
    return;
  }
  showShell(settings);
  startEarlyRequests(API_BASE, firstRequests(pathname, String(claims.role)), token);
  for (const href of signedIn.styles) preload(href, 'style');
  const ownHome = pathname === HOME_PATH && claims.role !== ADMIN_ROLE ? affiliateHome : [];
  for (const href of [...language, ...(appLanguages[languageCode] ?? []), ...signedIn.scripts, ...ownHome]) {
    preload(href, 'script');
  }
}

try {
  boot();
} catch {
  // The boot script only ever saves time; the app does everything without it.
}
