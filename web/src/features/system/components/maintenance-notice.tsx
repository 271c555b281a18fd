import '@mantine/core/styles/Skeleton.css';
import type { Maintenance } from '@contract/auth';
import { Button, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconTool } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useTranslation } from '../../../i18n';
import { getMaintenance } from '../api/maintenance';

/**
 * /auth/maintenance: the message of the administrators, and a way back once it is over. Outside
 * maintenance (an old bookmark, a link shared later) it says the portal is open instead.
 */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Maintenance | null>(null);
  const [isChecking, setChecking] = useState(false);

  useEffect(() => {
    getMaintenance()
      .then(setStatus)
      .catch(() => setStatus({ enabled: true }));
  }, []);

  async function tryAgain() {
    setChecking(true);
    try {
      const latest = await getMaintenance();
      setStatus(latest);
      if (!latest.enabled) navigate(paths.home);
    } catch {
      // Still unreachable: stay here.
    } finally {
      setChecking(false);
    }
  }

  if (status === null) {
    return (
      <Stack align="center" gap="md" py="xl">
        <Skeleton h={72} w={72} circle />
        <Skeleton h={32} w={260} />
        <Skeleton h={20} w={300} />
      </Stack>
    );
  }

  if (!status.enabled) {
    return (
      <Stack align="center" gap="md" py="xl" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="teal" aria-hidden>
          <IconCircleCheck size={38} />
        </ThemeIcon>
        <Title order={1}>{t('auth.noMaintenanceTitle')}</Title>
        <Text c="dimmed" maw={420} data-testid="maintenance-message">
          {t('auth.noMaintenance')}
        </Text>
        <Button component={Link} to={paths.home}>
          {t('auth.goToPortal')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" color="orange" aria-hidden>
        <IconTool size={38} />
      </ThemeIcon>
      <Title order={1}>{t('screens.authMaintenance')}</Title>
      <Text c="dimmed" maw={420} data-testid="maintenance-message">
        {status.message || t('auth.maintenanceDefault')}
      </Text>
      <Button variant="light" loading={isChecking} onClick={tryAgain}>
        {t('auth.tryAgain')}
      </Button>
    </Stack>
  );
}
