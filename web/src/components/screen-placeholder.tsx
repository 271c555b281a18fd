import { Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ScreenKey } from '../app/paths';
import { useTranslation } from '../i18n';
import { PageHeader } from './page-header';

/** A screen whose domain is not built yet: its title and an honest word, never fake data. */
export function ScreenPlaceholder({ screen }: { screen: ScreenKey }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`screens.${screen}`)} />
      <Card withBorder padding="xl">
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconTools size={28} />
          </ThemeIcon>
          <Text ta="center" c="dimmed" maw={420}>
            {t('common.beingPrepared')}
          </Text>
        </Stack>
      </Card>
    </>
  );
}
