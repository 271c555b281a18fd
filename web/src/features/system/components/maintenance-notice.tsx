import { Button, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useMaintenance } from '../api/maintenance';

/** /auth/maintenance: the message of the administrators, and a way back once it is over. */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const maintenance = useMaintenance();

  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" color="orange" aria-hidden>
        <IconTool size={38} />
      </ThemeIcon>
      <Title order={1}>{t('screens.authMaintenance')}</Title>
      {maintenance.isPending ? (
        <Skeleton h={20} w={300} />
      ) : (
        <Text c="dimmed" maw={420} data-testid="maintenance-message">
          {maintenance.data?.enabled && maintenance.data.message
            ? maintenance.data.message
            : t('auth.maintenanceDefault')}
        </Text>
      )}
      <Button
        variant="light"
        loading={maintenance.isFetching}
        onClick={async () => {
          const result = await maintenance.refetch();
          if (result.data && !result.data.enabled) navigate(paths.home);
        }}
      >
        {t('auth.tryAgain')}
      </Button>
    </Stack>
  );
}
