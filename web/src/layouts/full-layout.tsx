import { ADMIN_ROLE } from '@contract/auth';
import {
  AppShell,
  Avatar,
  Burger,
  Container,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '../app/paths';
import { BrandMark } from '../components/brand-mark';
import { currentClaims } from '../lib/session';
import { useUserState } from '../lib/use-user-state';
import { MENU } from './menu';

/** The signed-in layout: header, sidebar menu for the person's role (a drawer on phones), content. */
export default function FullLayout() {
  const { t } = useTranslation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const { pathname } = useLocation();
  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  const sections = MENU.filter((section) => isAdmin || !section.adminOnly);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('menu.toggleNavigation')}
            />
            <UnstyledButton component={Link} to={paths.home}>
              <BrandMark />
            </UnstyledButton>
          </Group>
          <ProfileMenu />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('menu.main')}>
        <ScrollArea type="scroll">
          {sections.map((section) => (
            <nav key={section.label} aria-label={t(`menu.${section.label}`)}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
                {t(`menu.${section.label}`)}
              </Text>
              {section.items.map(({ screen, icon: Icon }) => (
                <NavLink
                  key={screen}
                  component={Link}
                  to={paths[screen]}
                  label={t(`screens.${screen}`)}
                  leftSection={<Icon size={18} stroke={1.6} />}
                  active={pathname === paths[screen]}
                  onClick={closeMobile}
                  styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
                />
              ))}
            </nav>
          ))}
        </ScrollArea>
      </AppShell.Navbar>

      <AppShell.Main>
        <Container size={1200} px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

function ProfileMenu() {
  const { t } = useTranslation();
  const user = useUserState();
  const name = `${user.nome} ${user.sobrenome}`.trim();
  const initials = `${user.nome.charAt(0)}${user.sobrenome.charAt(0)}`.toUpperCase();
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={name || t('screens.account')}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.avatar || null} alt="" radius="xl" size={34} color="brand">
              {initials}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm">
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to={paths.account} leftSection={<IconUserCircle size={16} />}>
          {t('screens.account')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.changePassword} leftSection={<IconKey size={16} />}>
          {t('screens.changePassword')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.logout} color="red" leftSection={<IconLogout size={16} />}>
          {t('screens.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
