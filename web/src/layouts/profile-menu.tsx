import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { useTranslation } from '../i18n';
import { useUserState } from '../lib/use-user-state';

/** The person's avatar and name, with their account, password and sign-out. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const user = useUserState();
  const name = `${user.nome} ${user.sobrenome}`.trim();
  const initials = `${user.nome.charAt(0)}${user.sobrenome.charAt(0)}`.toUpperCase();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* Named by what it shows (WCAG 2.5.3): the avatar's initials, then the name, which a phone
            keeps for screen readers only. */}
        <UnstyledButton aria-label={name ? undefined : t('screens.account')} ms={4}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.avatar || null} alt="" radius="xl" size={34} color="brand">
              {initials}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="md">
              {name}
            </Text>
            <VisuallyHidden hiddenFrom="md">{name}</VisuallyHidden>
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
