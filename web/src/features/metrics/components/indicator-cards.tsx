import { csvDecimal, csvMoney } from '@contract/csv';
import { INDICATOR_KEYS, type Indicators, type PeriodQuery } from '@contract/metrics';
import { Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDate, formatMoney, formatNumber, formatRate } from '../../../lib/format';
import { useIndicators } from '../api/metrics';
import { CsvButton } from './csv-button';

type Item = Indicators['items'][number];
/** For these, a rise is bad news. */
const LOWER_IS_BETTER = new Set(['refund_rate_bps', 'chargeback_rate_bps', 'average_days_to_pay']);

/** Each indicator with its change against the period of the same length before. */
export function IndicatorCards({ query }: { query: PeriodQuery }) {
  const { t, i18n } = useTranslation();
  const indicators = useIndicators(query);
  const show = (item: Pick<Item, 'key'>, value: number | null) => {
    if (value === null) return '—';
    if (item.key.endsWith('_bps')) return formatRate(value, i18n.language);
    if (item.key.endsWith('_cents')) return formatMoney(value, i18n.language);
    if (item.key === 'average_days_to_pay')
      return t('metrics.days', { count: value, value: formatNumber(value, i18n.language) });
    return formatNumber(value, i18n.language);
  };
  // In the file each figure is a plain number a spreadsheet can add up; its unit goes in its label.
  const csvLabel = (key: Item['key']) => {
    const label = t(`metrics.indicators.${key}`);
    if (key.endsWith('_bps')) return t('metrics.csv.percent', { label });
    return key.endsWith('_cents') ? t('metrics.csv.money', { label }) : label;
  };
  const csvValue = (key: Item['key'], value: number | null) => {
    if (value === null) return null;
    if (key.endsWith('_bps')) return csvDecimal(value / 100, 2);
    return key.endsWith('_cents') ? csvMoney(value) : value;
  };
  const data = indicators.data;
  return (
    <>
      <FormAlert message={indicators.isError ? errorMessage(indicators.error, t) : null} />
      {data && (
        <Group justify="space-between" mb="md">
          <Text size="sm" c="dimmed">
            {t('metrics.comparedWith', {
              from: formatDate(`${data.previous_from}T12:00:00Z`, i18n.language),
              to: formatDate(`${data.previous_to}T12:00:00Z`, i18n.language),
            })}
          </Text>
          <CsvButton
            name={`indicadores-${data.from}-${data.to}`}
            header={[
              t('metrics.csv.indicator'),
              t('metrics.csv.thisPeriod'),
              t('metrics.csv.previousPeriod'),
              t('metrics.csv.change'),
            ]}
            rows={data.items.map((i) => [
              csvLabel(i.key),
              csvValue(i.key, i.value),
              csvValue(i.key, i.previous),
              csvValue(i.key, i.change),
            ])}
          />
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {!data && INDICATOR_KEYS.map((key) => <Skeleton key={key} h={110} />)}
        {data?.items.map((item) => {
          const up = (item.change ?? 0) > 0;
          const good = item.change === null || item.change === 0 ? null : up !== LOWER_IS_BETTER.has(item.key);
          const Icon =
            item.change === null || item.change === 0 ? IconMinus : up ? IconArrowUpRight : IconArrowDownRight;
          return (
            <Card key={item.key} withBorder padding="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t(`metrics.indicators.${item.key}`)}
              </Text>
              <Text fz={26} fw={700} mt={4} data-testid={`indicator-${item.key}`}>
                {show(item, item.value)}
              </Text>
              <Group gap={4} c={good === null ? 'dimmed' : good ? 'var(--mantine-color-green-light-color)' : 'red.8'}>
                <Icon size={16} aria-hidden />
                <Text size="sm">{t('metrics.before', { value: show(item, item.previous) })}</Text>
              </Group>
              {/* What the figure divides by what: a rate above 100% should not puzzle anyone. */}
              <Text size="xs" c="dimmed" mt={6}>
                {t(`metrics.indicatorHints.${item.key}`)}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
    </>
  );
}
