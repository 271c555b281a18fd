import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/auth';
import { useTranslation } from '../../i18n';
import { paths } from '../paths';

/** /logout: forget the session (token and user state), drop cached data, go to sign-in. */
export default function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    void logout().then(() => {
      queryClient.clear();
      if (!cancelled) navigate(paths.authLogin, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text c="dimmed">{t('auth.signingOut')}</Text>
      </Stack>
    </Center>
  );
}
