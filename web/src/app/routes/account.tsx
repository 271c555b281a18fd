import { Alert, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { useAccount } from '../../features/account/api/account';
import { AnnouncementMailsCard } from '../../features/account/components/announcement-mails-card';
import { DataExportCard } from '../../features/account/components/data-export-card';
import { PayoutCard } from '../../features/account/components/payout-card';
import { ProfileCard } from '../../features/account/components/profile-card';
import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings';
import { LevelProgressCard } from '../../features/levels/components/level-progress';
import { PostbackDeliveries } from '../../features/postbacks/components/postback-deliveries';
import { PostbackSettingsCard } from '../../features/postbacks/components/postback-settings';
import { MaintenanceSettings } from '../../features/system/components/maintenance-settings';
import { TaxProfileCard } from '../../features/tax/components/tax-profile-card';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../lib/form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="sm" c="dimmed" tt="uppercase" lts={0.5}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export default function AccountScreen() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <>
      <PageHeader title={t('screens.account')} />
      {account.isError && (
        <Alert color="red" role="alert" mb="md">
          {errorMessage(account.error, t)}
        </Alert>
      )}
      {account.isPending ? (
        <Stack gap="md">
          <Skeleton h={280} />
          <Skeleton h={180} />
        </Stack>
      ) : account.data ? (
        <Stack gap="xl">
          {account.data.affiliate && <LevelProgressCard />}
          <SimpleGrid cols={{ base: 1, md: account.data.affiliate ? 2 : 1 }} spacing="md">
            <ProfileCard account={account.data} />
            {account.data.affiliate && <PayoutCard affiliate={account.data.affiliate} />}
          </SimpleGrid>
          {account.data.affiliate && <TaxProfileCard />}
          {account.data.affiliate && <AnnouncementMailsCard account={account.data} />}
          {account.data.affiliate && (
            <Section title={t('postbacks.section')}>
              <PostbackSettingsCard />
              <PostbackDeliveries />
            </Section>
          )}
          <Section title={t('account.security')}>
            <TwoFactorSettings />
          </Section>
          {account.data.role === 'Administrador' && (
            <Section title={t('account.programme')}>
              <MaintenanceSettings />
            </Section>
          )}
          <DataExportCard />
        </Stack>
      ) : null}
    </>
  );
}
