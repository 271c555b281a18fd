import { Card, Group, Progress, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n';
import { formatBps, formatMoney } from '../../../lib/format';
import { useMyLevel } from '../api/levels';

/** The affiliate's level, its rate, and how far the next one is (approved sales over 90 days). */
export function LevelProgressCard() {
  const { t, i18n } = useTranslation();
  const progress = useMyLevel();
  if (progress.isPending) return <Skeleton h={170} />;
  if (!progress.data) return null;
  const { level, next_level: next } = progress.data;
  const money = (cents: number) => formatMoney(cents, i18n.language);
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color="yellow">
            <IconTrophy size={22} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('levels.yourLevel')}
            </Text>
            <Title order={2} fz="xl" data-testid="my-level">
              {level?.name ?? t('levels.noLevel')}
            </Title>
            {level && (
              <Text size="sm" fw={600} c="brand.7">
                {t('levels.rateBadge', { rate: formatBps(level.commission_bps, i18n.language) })}
              </Text>
            )}
          </Stack>
        </Group>
      </Group>
      <Text size="sm" mb={6}>
        {t('levels.salesInWindow', {
          amount: money(progress.data.approved_sales_cents),
          days: progress.data.window_days,
        })}
      </Text>
      {next ? (
        <>
          <Progress
            value={progress.data.progress_bps / 100}
            size="lg"
            radius="xl"
            aria-label={t('levels.progressTo', { name: next.name })}
          />
          <Text size="sm" c="dimmed" mt={6}>
            {progress.data.remaining_cents
              ? t('levels.remaining', {
                  amount: money(progress.data.remaining_cents),
                  name: next.name,
                  rate: formatBps(next.commission_bps, i18n.language),
                })
              : t('levels.reached', { name: next.name })}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('levels.topLevel')}
        </Text>
      )}
    </Card>
  );
}
