import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/auth';
import { useTranslation } from '../../i18n';
import { paths } from '../paths';

/**
 * /logout, clicked, typed or reloaded: the session ends in this tab (token, user state, cached
 * answers, notifications) and the person goes to sign-in. The server's part never holds it up.
 */
export default function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    logout();
    navigate(paths.authLogin, { replace: true });
  }, [navigate]);
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text c="dimmed">{t('auth.signingOut')}</Text>
      </Stack>
    </Center>
  );
}
