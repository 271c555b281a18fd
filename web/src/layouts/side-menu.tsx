import { AppShell, Box, Divider, NavLink, ScrollArea, Text, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '../app/paths';
import { useTranslation } from '../i18n';
import type { MenuSection } from './menu';

/**
 * The vertical menu: labels and icons, or icons only (with tooltips) when the sidebar is collapsed.
 * It takes the navbar's height and scrolls within it, so the last metrics items stay reachable on a
 * short screen (1366×900 with the admin's three sections).
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
  return (
    <AppShell.Section grow component={ScrollArea} type="auto" scrollbarSize={6} mih={0}>
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
              const label = t(`screens.${screen}`);
              const link = (
                <NavLink
                  key={screen}
                  component={Link}
                  to={paths[screen]}
                  label={mini ? undefined : label}
                  aria-label={mini ? label : undefined}
                  leftSection={<Icon size={mini ? 22 : 18} stroke={1.6} />}
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
    </AppShell.Section>
  );
}
