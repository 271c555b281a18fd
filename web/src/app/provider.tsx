import { type CSSVariablesResolver, DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { type ReactNode, useEffect, useMemo } from 'react';
import { switchLanguage } from '../i18n';
import { usePresentationSettings } from '../theme/settings';
import { buildTheme } from '../theme/theme';

/** Everything every screen relies on: the theme of the person's settings and translations. */
export function AppProvider({ children }: { children: ReactNode }) {
  const settings = usePresentationSettings();
  const { colorTheme, borderRadius, cardShadow } = settings;
  // Only these three shape the theme; the other settings are document attributes.
  const theme = useMemo(
    () => buildTheme({ colorTheme, borderRadius, cardShadow }),
    [colorTheme, borderRadius, cardShadow],
  );
  useEffect(() => {
    void switchLanguage(settings.language);
  }, [settings.language]);

  return (
    <DirectionProvider initialDirection={settings.direction} detectDirection={false}>
      <DirectionSync direction={settings.direction} />
      {/* Every variable from the provider, none from a stylesheet: Mantine's default-variables sheet
          was 4 KiB gzip of the sign-in page's budget (bench/login-bundle), and the provider builds the
          same variables from the theme it already holds. */}
      <MantineProvider
        theme={theme}
        forceColorScheme={settings.mode}
        cssVariablesResolver={contrastSafeVariables}
        deduplicateCssVariables={false}
      >
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}

/**
 * Mantine's dimmed text (gray 6 on white, dark 2 on dark) and error red (red 6) are below 4.5:1;
 * these keep every hint and error message readable (WCAG AA) in both modes. So are the light
 * badges' yellow, orange and green texts on their tints (2.7, 4.0 and 4.1:1; "Pending" is yellow):
 * darker shades of the same hues read at 5.3–5.7:1. Green text of its own (a credit, a figure that
 * went the right way) uses that green too: green 8 reads at 3.4:1.
 */
const contrastSafeVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-yellow-light-color': '#8f5600',
    '--mantine-color-orange-light-color': '#b34100',
    '--mantine-color-green-light-color': '#237032',
  },
  // Links are the theme's shade 4 on dark, too dim for some palettes: shade 2 reads on the dark body.
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-2)',
  },
});

/** Mantine keeps its own direction state; this keeps it equal to the settings. */
function DirectionSync({ direction }: { direction: 'ltr' | 'rtl' }) {
  const { dir, setDirection } = useDirection();
  useEffect(() => {
    if (dir !== direction) setDirection(direction);
  }, [dir, direction, setDirection]);
  return null;
}
