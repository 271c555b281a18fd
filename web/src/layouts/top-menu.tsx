import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../app/paths';
import { useTranslation } from '../i18n';
import type { MenuSection } from './menu';

/** The horizontal layout's menu under the header: the main areas as links, the admin ones in menus. */
export function TopMenu({ sections }: { sections: MenuSection[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [main, ...others] = sections;
  return (
    <Group
      component="nav"
      aria-label={t('menu.main')}
      gap={4}
      px="md"
      h={48}
      wrap="nowrap"
      style={{ overflowX: 'auto' }}
    >
      {main?.items.map(({ screen, icon: Icon }) => (
        <Button
          key={screen}
          component={Link}
          to={paths[screen]}
          variant={pathname === paths[screen] ? 'light' : 'subtle'}
          color={pathname === paths[screen] ? undefined : 'gray'}
          size="compact-sm"
          leftSection={<Icon size={16} stroke={1.6} />}
          aria-current={pathname === paths[screen] ? 'page' : undefined}
        >
          {t(`screens.${screen}`)}
        </Button>
      ))}
      {others.map((section) => (
        <Menu key={section.label} position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="subtle" color="gray" size="compact-sm" rightSection={<IconChevronDown size={14} />}>
              {t(`menu.${section.label}`)}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {section.items.map(({ screen, icon: Icon }) => (
              <Menu.Item key={screen} component={Link} to={paths[screen]} leftSection={<Icon size={16} stroke={1.6} />}>
                {t(`screens.${screen}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ))}
    </Group>
  );
}
