import {
  AppShell,
  Burger,
  Container,
  Group,
  NavLink,
  ScrollArea,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAffiliate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '../app/paths';
import { MENU } from './menu';

/** The signed-in layout: header, sidebar menu (a drawer on phones) and the boxed content. */
export default function FullLayout() {
  const { t } = useTranslation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const { pathname } = useLocation();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm">
          <Burger
            opened={mobileOpened}
            onClick={toggleMobile}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('menu.toggleNavigation')}
          />
          <UnstyledButton component={Link} to={paths.home}>
            <Group gap={8}>
              <ThemeIcon size={32} radius="md" aria-hidden>
                <IconAffiliate size={20} />
              </ThemeIcon>
              <Text fw={700} fz="lg">
                {t('product')}
              </Text>
            </Group>
          </UnstyledButton>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('menu.main')}>
        <ScrollArea type="scroll">
          {MENU.map((section) => (
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
