import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { ColorTheme, PresentationSettings } from './settings';

/**
 * One palette per colour theme. Shade 7 fills buttons and colours links in light mode, so each
 * shade 7 keeps at least 4.5:1 against white (the template's #5D87FF does not: DESIGN.md §4).
 */
export const PALETTES: Record<ColorTheme, MantineColorsTuple> = {
  Afiliados: [
    '#ecf1ff',
    '#d7e0ff',
    '#adbfff',
    '#809cff',
    '#5d87ff',
    '#4570f5',
    '#3660e0',
    '#2a4fc7',
    '#2045ab',
    '#143890',
  ],
  Esmeralda: [
    '#e6fcf5',
    '#c3fae8',
    '#96f2d7',
    '#63e6be',
    '#38d9a9',
    '#20c997',
    '#12b886',
    '#087f5b',
    '#0b6e4f',
    '#095c42',
  ],
  Violeta: [
    '#f3f0ff',
    '#e5dbff',
    '#d0bfff',
    '#b197fc',
    '#9775fa',
    '#845ef7',
    '#7950f2',
    '#6741d9',
    '#5f3dc4',
    '#5235ab',
  ],
  Oceano: [
    '#e3fafc',
    '#c5f6fa',
    '#99e9f2',
    '#66d9e8',
    '#3bc9db',
    '#22b8cf',
    '#15aabf',
    '#0b7285',
    '#0a6170',
    '#08505d',
  ],
  Laranja: [
    '#fff4e6',
    '#ffe8cc',
    '#ffd8a8',
    '#ffc078',
    '#ffa94d',
    '#ff922b',
    '#fd7e14',
    '#c2410c',
    '#a3360a',
    '#862d08',
  ],
};

/** The Mantine theme for the person's presentation settings: colour, radius and card shadow. */
export function buildTheme(
  settings: Pick<PresentationSettings, 'colorTheme' | 'borderRadius' | 'cardShadow'>,
): MantineThemeOverride {
  const radius = `${settings.borderRadius}px`;
  const shadow = settings.cardShadow ? 'sm' : undefined;
  return createTheme({
    primaryColor: 'brand',
    // Modals, drawers and toasts appear without sliding for a person whose system asks for less motion.
    respectReducedMotion: true,
    // Shade 7 in dark mode too: white text on shade 5 falls below 4.5:1.
    primaryShade: { light: 7, dark: 7 },
    colors: { brand: PALETTES[settings.colorTheme] },
    defaultRadius: 'md',
    radius: { md: radius, lg: `${settings.borderRadius + 4}px` },
    // Also in index.html's header bar, painted before the app runs.
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans Arabic", "Noto Sans SC", sans-serif',
    headings: { fontWeight: '650' },
    components: {
      Card: { defaultProps: { shadow, radius: 'md' } },
      Paper: { defaultProps: { shadow, radius: 'md' } },
      // A badge says a status: never cut to "ESTORNA…". Mantine hides its overflow, which lets a
      // flex or table cell squeeze it below its text; it keeps its full width instead. (A plain
      // object, not `Badge.extend`, which would bring Badge into the sign-in page's first load.)
      Badge: {
        styles: {
          root: { overflow: 'visible', maxWidth: 'none', flexShrink: 0, minWidth: 'max-content' },
          label: { overflow: 'visible', textOverflow: 'clip' },
        },
      },
      // A toast's text comes from the server in the account's language (English for a menu-only
      // one): laid out by its own first letter, so English on an Arabic page keeps its order.
      // Its text under a title is gray 6 in Mantine (3.3:1 on white): the readable dimmed colour instead.
      Notification: {
        defaultProps: { dir: 'auto' },
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      },
    },
  });
}
