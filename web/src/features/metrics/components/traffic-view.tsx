import { csvDecimal, csvMoney } from '@contract/csv';
import {
  CLICK_BREAKDOWN_BY,
  type ClickBreakdown,
  type ClickBreakdownBy,
  type ClickBreakdownQuery,
} from '@contract/metrics';
import { Card, Grid, Group, SegmentedControl, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconWorld } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { type TFunction, useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatMoney, formatNumber, formatRate } from '../../../lib/format';
import { useClickBreakdown } from '../api/metrics';
import { CsvButton } from './csv-button';

const TrafficChart = lazy(() => import('./traffic-chart'));

type Item = ClickBreakdown['items'][number];

/** A key as a person reads it, in the interface's language: countries by name, devices in words. */
export function trafficLabel(by: ClickBreakdownBy, key: string, t: TFunction, language: string): string {
  if (key === '') return t(`traffic.empty.${by}`);
  if (by === 'country') {
    try {
      return new Intl.DisplayNames([language], { type: 'region' }).of(key) ?? key;
    } catch {
      return key;
    }
  }
  if (by === 'device') return t(`traffic.devices.${key as 'desktop' | 'mobile' | 'tablet'}`);
  return key;
}

/**
 * Where clicks come from over a period: one dimension at a time (country, device, browser, system,
 * referrer, UTM source), as bars and as a table with the sales and commission those clicks brought.
 * `scope` narrows it to a link, a campaign, an affiliate or a network.
 */
export function TrafficView({
  period,
  scope = {},
  title,
  name,
  isStacked = false,
}: {
  period: Pick<ClickBreakdownQuery, 'from' | 'to'>;
  scope?: Pick<ClickBreakdownQuery, 'link_id' | 'campaign_id' | 'affiliate_id' | 'network_id'>;
  title?: string;
  /** The CSV file's name before its dimension and period. */
  name: string;
  /** Chart above table whatever the screen's width: for a narrow place such as a drawer. */
  isStacked?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [by, setBy] = useState<ClickBreakdownBy>('country');
  const breakdown = useClickBreakdown({ ...period, ...scope, by });
  const rows = breakdown.data?.items.map((item) => ({ ...item, label: trafficLabel(by, item.key, t, i18n.language) }));
  const dimensionName = t(`traffic.by.${by}`);
  const choices = CLICK_BREAKDOWN_BY.map((value) => ({ value, label: t(`traffic.by.${value}`) }));
  const isNarrow = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false }) ?? false;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} fz="lg">
            {title ?? t('traffic.title')}
          </Title>
          <CsvButton
            name={`${name}-${by}-${period.from}-${period.to}`}
            header={[
              dimensionName,
              t('traffic.clicks'),
              t('traffic.sales'),
              t('metrics.csv.conversion'),
              t('metrics.csv.commission'),
            ]}
            rows={(rows ?? []).map((r) => [
              r.label,
              r.clicks,
              r.sales,
              r.conversion_bps === null ? '' : csvDecimal(r.conversion_bps / 100, 2),
              csvMoney(r.commission_cents),
            ])}
          />
        </Group>
        {/* Six choices do not fit a phone's width (nor a drawer's): there they are a list to pick from. */}
        {isNarrow || isStacked ? (
          <Select
            label={t('traffic.groupBy')}
            value={by}
            onChange={(value) => value && setBy(value as ClickBreakdownBy)}
            data={choices}
            allowDeselect={false}
            maw={320}
          />
        ) : (
          <SegmentedControl
            aria-label={t('traffic.groupBy')}
            value={by}
            onChange={(value) => setBy(value as ClickBreakdownBy)}
            data={choices}
            style={{ alignSelf: 'flex-start' }}
          />
        )}
        <FormAlert message={breakdown.isError ? errorMessage(breakdown.error, t) : null} />
        <Grid gap="lg">
          <Grid.Col span={isStacked ? 12 : { base: 12, lg: 5 }}>
            {rows === undefined ? (
              <Skeleton h={200} />
            ) : rows.length > 0 ? (
              <Suspense fallback={<Skeleton h={200} />}>
                <TrafficChart rows={rows} />
              </Suspense>
            ) : (
              <Text c="dimmed" size="sm" ta="center" py="xl">
                {t('traffic.empty.period')}
              </Text>
            )}
          </Grid.Col>
          <Grid.Col span={isStacked ? 12 : { base: 12, lg: 7 }}>
            <ResponsiveDataTable<Item & { label: string }>
              idAccessor="key"
              fetching={rows === undefined}
              records={rows ?? []}
              minHeight={rows?.length ? undefined : 160}
              noRecordsIcon={<IconWorld size={36} stroke={1.4} />}
              noRecordsText={t('traffic.empty.period')}
              columns={[
                { accessor: 'label', title: dimensionName, isPrimary: true },
                {
                  accessor: 'clicks',
                  title: t('traffic.clicks'),
                  textAlign: 'right',
                  render: (r) => formatNumber(r.clicks, i18n.language),
                },
                { accessor: 'sales', title: t('traffic.sales'), textAlign: 'right' },
                {
                  accessor: 'conversion_bps',
                  title: t('traffic.conversion'),
                  textAlign: 'right',
                  render: (r) => (r.conversion_bps === null ? '—' : formatRate(r.conversion_bps, i18n.language)),
                },
                {
                  accessor: 'commission_cents',
                  title: t('traffic.commission'),
                  textAlign: 'right',
                  render: (r) => formatMoney(r.commission_cents, i18n.language),
                },
              ]}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </Card>
  );
}
