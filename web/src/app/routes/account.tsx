import { ADMIN_ROLE } from '@contract/auth';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings';
import { MaintenanceSettings } from '../../features/system/components/maintenance-settings';
import { currentClaims } from '../../lib/session';

export default function AccountScreen() {
  const { t } = useTranslation();
  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  return (
    <>
      <PageHeader title={t('screens.account')} />
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={2} fz="md" c="dimmed" tt="uppercase">
            {t('account.security')}
          </Title>
          <TwoFactorSettings />
        </Stack>
        {isAdmin && (
          <Stack gap="sm">
            <Title order={2} fz="md" c="dimmed" tt="uppercase">
              {t('account.programme')}
            </Title>
            <MaintenanceSettings />
          </Stack>
        )}
      </Stack>
    </>
  );
}
