import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { usePresentationSettings } from '../theme/settings';
import { buildTheme } from '../theme/theme';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/** Everything every screen relies on: the theme of the person's settings, translations, server state. */
export function AppProvider({ children }: { children: ReactNode }) {
  const settings = usePresentationSettings();
  const { colorTheme, borderRadius, cardShadow } = settings;
  // Only these three shape the theme; the other settings are document attributes.
  const theme = useMemo(
    () => buildTheme({ colorTheme, borderRadius, cardShadow }),
    [colorTheme, borderRadius, cardShadow],
  );
  useEffect(() => {
    if (i18n.language !== settings.language) void i18n.changeLanguage(settings.language);
  }, [settings.language]);

  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={settings.direction} detectDirection={false}>
        <DirectionSync direction={settings.direction} />
        <MantineProvider theme={theme} forceColorScheme={settings.mode}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}

/** Mantine keeps its own direction state; this keeps it equal to the settings. */
function DirectionSync({ direction }: { direction: 'ltr' | 'rtl' }) {
  const { dir, setDirection } = useDirection();
  useEffect(() => {
    if (dir !== direction) setDirection(direction);
  }, [dir, direction, setDirection]);
  return null;
}
