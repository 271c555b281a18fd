import {
  AppShell,
  Badge,
  Box,
  Divider,
  Indicator,
  NavLink,
  ScrollArea,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../app/paths';
import { useMenuBadges } from '../features/messages/api/messages';
import { useTranslation } from '../i18n';
import type { MenuSection } from './menu';

/**
 * The vertical menu: labels and icons, or icons only (with tooltips) when the sidebar is collapsed.
 * It takes the navbar's height and scrolls within it, so the last metrics items stay reachable on a
 * short screen (1366×768 with the admin's three sections): the screen's own entry is scrolled into
 * view, and while entries are hidden below, a "More below" strip says so and scrolls to them.
 */
export function SideMenu({
  sections,
  mini,
  onNavigate,
}: {
  sections: MenuSection[];
  mini: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const badges = useMenuBadges();
  const viewport = useRef<HTMLDivElement>(null);
  const [hiddenBelow, setHiddenBelow] = useState(false);
  const measure = useCallback(() => {
    const box = viewport.current;
    if (box) setHiddenBelow(box.scrollHeight - box.clientHeight - box.scrollTop > 8);
  }, []);
  // The screen's entry in view (an admin opening a metrics page lands where it is in the menu).
  useEffect(() => {
    const box = viewport.current;
    const entry = box?.querySelector<HTMLElement>(`a[href="${CSS.escape(pathname)}"]`);
    if (!box || !entry) return;
    // Where the entry sits, once the page is laid out: asking for it here (getBoundingClientRect)
    // would lay the whole page out in the middle of its first render (bench/lighthouse).
    const observer = new IntersectionObserver(
      ([seen]) => {
        observer.disconnect();
        const area = seen?.rootBounds;
        if (!seen || !area) return;
        const item = seen.boundingClientRect;
        // Within the menu only (scrollIntoView could move the page too).
        if (item.bottom > area.bottom) box.scrollTop += item.bottom - area.bottom + 32;
        else if (item.top < area.top) box.scrollTop -= area.top - item.top + 8;
      },
      { root: box },
    );
    observer.observe(entry);
    return () => observer.disconnect();
  }, [pathname]);
  useEffect(() => {
    const box = viewport.current;
    if (!box) return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <AppShell.Section grow mih={0} pos="relative" style={{ display: 'flex', flexDirection: 'column' }}>
      <ScrollArea
        type="auto"
        scrollbarSize={6}
        viewportRef={viewport}
        onScrollPositionChange={measure}
        style={{ flex: 1, minHeight: 0 }}
      >
        {/* Room below the last item, so scrolled to the end it shows whole (not a fraction of a pixel short). */}
        <Box pb="sm">
          {sections.map((section) => (
            <nav key={section.label} aria-label={t(`menu.${section.label}`)}>
              {mini ? (
                <Divider my="sm" mx="xs" />
              ) : (
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
                  {t(`menu.${section.label}`)}
                </Text>
              )}
              {section.items.map(({ screen, icon: Icon }) => {
                const count = badges[screen as keyof typeof badges] ?? 0;
                const unread = count ? ` (${t('messages.unreadCount', { count })})` : '';
                const label = `${t(`screens.${screen}`)}${unread}`;
                const link = (
                  <NavLink
                    key={screen}
                    component={Link}
                    to={paths[screen]}
                    // Named by its words, then the unread count for screen readers (the badge is hidden
                    // from them): a label of its own would not hold the badge's figure (WCAG 2.5.3).
                    label={
                      mini ? undefined : (
                        <>
                          {t(`screens.${screen}`)}
                          {unread && <VisuallyHidden>{unread}</VisuallyHidden>}
                        </>
                      )
                    }
                    aria-label={mini ? label : undefined}
                    leftSection={
                      <Indicator disabled={!mini || !count} size={8} offset={2}>
                        <Icon size={mini ? 22 : 18} stroke={1.6} />
                      </Indicator>
                    }
                    rightSection={
                      !mini && count ? (
                        <Badge size="sm" circle data-testid={`menu-badge-${screen}`} aria-hidden>
                          {count > 99 ? '99+' : count}
                        </Badge>
                      ) : undefined
                    }
                    active={pathname === paths[screen]}
                    onClick={onNavigate}
                    styles={{
                      root: { borderRadius: 'var(--mantine-radius-md)', justifyContent: mini ? 'center' : undefined },
                      section: mini ? { marginInlineEnd: 0 } : undefined,
                    }}
                  />
                );
                return mini ? (
                  <Tooltip key={screen} label={label} position="right" withArrow>
                    {link}
                  </Tooltip>
                ) : (
                  link
                );
              })}
            </nav>
          ))}
        </Box>
      </ScrollArea>
      {hiddenBelow && (
        <UnstyledButton
          onClick={() => viewport.current?.scrollBy({ top: viewport.current.clientHeight * 0.8, behavior: 'smooth' })}
          aria-label={t('menu.moreBelow')}
          data-testid="menu-more-below"
          pos="absolute"
          bottom={0}
          left={0}
          right={8}
          pt="lg"
          pb={6}
          style={{
            display: 'flex',
            justifyContent: 'center',
            alignItems: 'center',
            gap: 4,
            fontSize: 'var(--mantine-font-size-xs)',
            fontWeight: 600,
            color: 'var(--mantine-color-dimmed)',
            background: 'linear-gradient(to bottom, transparent, var(--mantine-color-body) 55%)',
          }}
        >
          {!mini && t('menu.moreBelow')}
          <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      )}
    </AppShell.Section>
  );
}
