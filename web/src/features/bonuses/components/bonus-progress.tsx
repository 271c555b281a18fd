import type { MyBonus } from '@contract/bonuses';
import { Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n';
import { formatDate, formatMoney } from '../../../lib/format';
import { useMyBonuses } from '../api/bonuses';

/** A Brasília day as the person's locale writes it (noon UTC lands on the same date everywhere near). */
export const dayText = (day: string, language: string) => formatDate(`${day}T12:00:00Z`, language);

function BonusLine({ bonus }: { bonus: MyBonus }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const isSales = bonus.measure === 'approved_sales';
  const shown = (value: number) => (isSales ? String(value) : money(value));
  const percent = Math.min(100, (bonus.progress / bonus.threshold) * 100);
  const met = bonus.progress >= bonus.threshold;
  return (
    <Stack gap={4} data-testid="bonus-progress">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Text size="sm" fw={600}>
          {bonus.name}
        </Text>
        <Text size="sm" fw={700} c="brand.7" style={{ whiteSpace: 'nowrap' }}>
          {money(bonus.amount_cents)}
        </Text>
      </Group>
      <Progress
        value={percent}
        size="md"
        radius="xl"
        color={met ? 'green' : undefined}
        aria-label={t('bonuses.progressOf', { name: bonus.name })}
      />
      <Text size="xs" c="dimmed">
        {t(isSales ? 'bonuses.progressSales' : 'bonuses.progressCommission', {
          progress: shown(bonus.progress),
          threshold: shown(bonus.threshold),
        })}{' '}
        {met
          ? t('bonuses.metUntil', { day: dayText(bonus.ends_on, i18n.language) })
          : t('bonuses.until', { day: dayText(bonus.ends_on, i18n.language) })}
      </Text>
    </Stack>
  );
}

/**
 * The affiliate's running performance bonuses, each with how far they are, and the last bonus paid
 * to them; nothing at all while the programme runs none and has paid none.
 */
export function BonusProgressCard() {
  const { t, i18n } = useTranslation();
  const bonuses = useMyBonuses();
  const data = bonuses.data;
  if (!data || (data.running.length === 0 && data.awards.length === 0)) return null;
  const last = data.awards[0];
  return (
    <Card withBorder padding="lg">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light" color="grape">
          <IconGift size={22} />
        </ThemeIcon>
        <Stack gap={0}>
          <Title order={2} fz="lg">
            {t('bonuses.yours')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('bonuses.yoursHelp')}
          </Text>
        </Stack>
      </Group>
      <Stack gap="md">
        {data.running.map((bonus) => (
          <BonusLine key={bonus.id} bonus={bonus} />
        ))}
        {last && (
          <Text size="sm" data-testid="bonus-last-award">
            {t('bonuses.lastAward', {
              amount: formatMoney(last.amount_cents, i18n.language),
              reason: last.reason,
              day: formatDate(last.created_at, i18n.language),
            })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
