import '../theme/signed-in-styles';
import { ADMIN_ROLE, type UserState } from '@contract/session';
import { ActionIcon, AppShell, Burger, Container, Group, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { paths } from '../app/paths';
import { BrandMark } from '../components/brand-mark';
import { useTranslation } from '../i18n';
import { api } from '../lib/api-client';
import { useNotificationStream } from '../lib/notifications/notification-stream';
import { queryClient } from '../lib/query-client';
import { currentClaims, writeUserState } from '../lib/session';
import { useAfterFirstPaint } from '../lib/use-after-first-paint';
import { withFullStyles } from '../theme/full-styles';
import { settingsStore, usePresentationSettings } from '../theme/settings';
import { BellButton } from './bell-button';
import { LanguageMenu, SettingsButton } from './header-controls';
import { HEADER_HEIGHT } from './layout-shell';
import { menuFor } from './menu';
import { ColorModeToggle } from './page-controls';
import { ProfileMenu } from './profile-menu';
import { SideMenu } from './side-menu';
import { TopMenu } from './top-menu';

// Not needed to show the page: loaded once it has painted (docs/decisions/019). The toasts' start is
// also when the home fetches Mantine's full sheet.
const Toasts = lazy(() => withFullStyles(import('./toasts')));
const NotificationBell = lazy(() => withFullStyles(import('./notification-bell')));
// Opened by a click, never part of the first screen: its sliders and swatches come when asked for.
const SettingsDrawer = lazy(() =>
  withFullStyles(import('./settings-drawer')).then((m) => ({ default: m.SettingsDrawer })),
);

const TOP_MENU_HEIGHT = 48;

/**
 * The signed-in layout: header (language, mode, notifications, settings, profile), the menu for the
 * person's role as a sidebar (full or collapsed) or under the header, and the content, boxed or full.
 * On a phone the menu is a drawer.
 */
export default function FullLayout() {
  const { t } = useTranslation();
  const settings = usePresentationSettings();
  // SPEC.md §4: the mobile-open flag; the sidebar-open flag is the persisted sidebar type.
  const [isMobileOpen, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [isSettingsOpen, { open: openSettings, close: closeSettings }] = useDisclosure(false);
  // Kept once opened, so it closes with its transition rather than vanishing.
  const [hasOpenedSettings, setHasOpenedSettings] = useState(false);
  // Read at once rather than after the first render: a phone would otherwise render the whole page as
  // a desktop first, then again as a phone (bench/lighthouse).
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false }) ?? false;
  // From the start, as ever: a notification that comes while the page loads is shown (as a toast
  // once the toasts' chunk is there) and logged.
  useNotificationStream();
  // The user state was written at sign-in; an admin may since have changed the network or level.
  // An answer that comes after sign-out is refused by `api` (the session ended), never written back.
  useEffect(() => {
    const controller = new AbortController();
    api<UserState>('/me', { signal: controller.signal })
      .then(writeUserState)
      .catch(() => {});
    return () => controller.abort();
  }, []);

  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  const sections = menuFor(isAdmin);
  const isHorizontal = settings.layout === 'horizontal';
  const isMini = settings.sidebar === 'mini-sidebar' && !isPhone;
  const isSidebarOpen = settings.sidebar === 'full';

  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        header={{ height: isHorizontal && !isPhone ? HEADER_HEIGHT + TOP_MENU_HEIGHT : HEADER_HEIGHT }}
        navbar={{
          width: isMini ? 76 : 264,
          breakpoint: 'sm',
          collapsed: { mobile: !isMobileOpen, desktop: isHorizontal },
        }}
        padding={{ base: 'md', sm: 'lg' }}
      >
        <ToastsSlot />
        <AppShell.Header>
          <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Burger
                opened={isMobileOpen}
                onClick={toggleMobile}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('menu.toggleNavigation')}
              />
              <UnstyledButton component={Link} to={paths.home}>
                <BrandMark />
              </UnstyledButton>
              {!isHorizontal && !isPhone && (
                <Tooltip label={isSidebarOpen ? t('header.collapseSidebar') : t('header.expandSidebar')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    visibleFrom="sm"
                    aria-label={isSidebarOpen ? t('header.collapseSidebar') : t('header.expandSidebar')}
                    aria-expanded={isSidebarOpen}
                    onClick={() => settingsStore.update({ sidebar: isSidebarOpen ? 'mini-sidebar' : 'full' })}
                  >
                    {isSidebarOpen ? (
                      <IconLayoutSidebarLeftCollapse size={20} />
                    ) : (
                      <IconLayoutSidebarLeftExpand size={20} />
                    )}
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              <LanguageMenu />
              <ColorModeToggle />
              <BellSlot />
              <SettingsButton
                onClick={() => {
                  setHasOpenedSettings(true);
                  openSettings();
                }}
              />
              <ProfileMenu />
            </Group>
          </Group>
          {isHorizontal && !isPhone && <TopMenu sections={sections} />}
        </AppShell.Header>

        <AppShell.Navbar p="sm" aria-label={t('menu.main')}>
          {/* On a phone the menu is a drawer: built when it opens, not with every page. */}
          {(!isPhone || isMobileOpen) && <SideMenu sections={sections} mini={isMini} onNavigate={closeMobile} />}
        </AppShell.Navbar>

        <AppShell.Main>
          <Container size={settings.boxed ? 1200 : '100%'} px={0} data-testid="page-content">
            <Outlet />
          </Container>
        </AppShell.Main>
        {hasOpenedSettings && (
          <Suspense fallback={null}>
            <SettingsDrawer opened={isSettingsOpen} onClose={closeSettings} />
          </Suspense>
        )}
      </AppShell>
    </QueryClientProvider>
  );
}

// Each slot keeps its own "painted" state: kept in the layout, its change would render the whole
// layout again (about 360 components, bench/lighthouse) to show two.

/** The toasts' container, once the page has painted. */
function ToastsSlot() {
  const isPainted = useAfterFirstPaint();
  if (!isPainted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/** The bell: its button at once, its list (and the request for it) once the page has painted. */
function BellSlot() {
  const isPainted = useAfterFirstPaint();
  const [isOpenAsked, setOpenAsked] = useState(false);
  const standIn = <BellButton onClick={() => setOpenAsked(true)} />;
  if (!isPainted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <NotificationBell initiallyOpened={isOpenAsked} />
    </Suspense>
  );
}
