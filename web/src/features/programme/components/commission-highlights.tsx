import type { CommissionHighlight } from '@contract/programme';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n';
import { formatBps, formatMoney } from '../../../lib/format';

/** What the active campaigns pay, one card each, as many to a row as fit. */
export function CommissionHighlights({ highlights }: { highlights: CommissionHighlight[] }) {
  const { t, i18n } = useTranslation();
  if (highlights.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="programme-earn">
      <Title order={2} fz="xl" id="programme-earn">
        {t('programme.earn')}
      </Title>
      <Group gap="md" align="stretch">
        {highlights.map((h) => (
          <Paper key={h.campaign} withBorder p="md" style={{ flex: '1 1 240px' }}>
            <Text fw={600}>{h.campaign}</Text>
            <Text fz={28} fw={700} c="var(--mantine-primary-color-filled)" lh={1.3}>
              {h.commission_type === 'percent'
                ? formatBps(h.commission_value, i18n.language)
                : formatMoney(h.commission_value, i18n.language)}{' '}
              <Text span fz="sm" fw={400} c="dimmed">
                {t('programme.perSale')}
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              {t('programme.cookieDays', { count: h.cookie_days })}
            </Text>
          </Paper>
        ))}
      </Group>
    </Stack>
  );
}
