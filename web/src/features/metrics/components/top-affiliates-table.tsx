import 'mantine-datatable/styles.css';
import { csvDecimal, csvMoney } from '@contract/csv';
import type { PeriodQuery, TopAffiliates } from '@contract/metrics';
import { Card, Group, SegmentedControl, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatMoney, formatRate } from '../../../lib/format';
import { useTopAffiliates } from '../api/metrics';
import { CsvButton } from './csv-button';

type By = 'approved_sales' | 'commission' | 'conversion';
const TopAffiliatesChart = lazy(() => import('./top-affiliates-chart'));
type Item = TopAffiliates['items'][number];
const MEDAL = ['yellow', 'gray', 'orange'];

/** The ten best affiliates of the period by the chosen measure, with their network and level. */
export function TopAffiliatesTable({ query }: { query: PeriodQuery }) {
  const { t, i18n } = useTranslation();
  const [by, setBy] = useState<By>('approved_sales');
  const top = useTopAffiliates({ ...query, by, limit: 10 });
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const items = top.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label={t('metrics.rankBy')}
          value={by}
          onChange={(v) => setBy(v as By)}
          data={(['approved_sales', 'commission', 'conversion'] as const).map((v) => ({
            value: v,
            label: t(`metrics.by.${v}`),
          }))}
        />
        <CsvButton
          name={`top-10-${by}-${query.from}-${query.to}`}
          header={[
            t('metrics.csv.rank'),
            t('metrics.csv.affiliate'),
            t('metrics.csv.code'),
            t('metrics.csv.network'),
            t('metrics.csv.level'),
            t('metrics.kpis.clicks'),
            t('metrics.kpis.sales'),
            t('metrics.csv.revenue'),
            t('metrics.csv.commission'),
            t('metrics.csv.conversion'),
          ]}
          rows={items.map((i) => [
            i.rank,
            i.name,
            i.code,
            i.network_name,
            i.level_name,
            i.clicks,
            i.approved_sales,
            csvMoney(i.approved_amount_cents),
            csvMoney(i.approved_commission_cents),
            i.conversion_bps === null ? null : csvDecimal(i.conversion_bps / 100, 2),
          ])}
        />
      </Group>
      <FormAlert message={top.isError ? errorMessage(top.error, t) : null} />
      {items.length > 0 && (
        <Card withBorder padding="lg">
          <Suspense fallback={<Skeleton h={220} />}>
            <TopAffiliatesChart items={items} by={by} />
          </Suspense>
        </Card>
      )}
      <ResponsiveDataTable<Item>
        idAccessor="affiliate_id"
        minHeight={220}
        fetching={top.isFetching}
        records={items}
        noRecordsIcon={<IconTrophy size={36} stroke={1.4} />}
        noRecordsText={t('metrics.nothingYet')}
        columns={[
          {
            accessor: 'rank',
            title: '#',
            render: (i) =>
              i.rank <= 3 ? (
                <ThemeIcon size="sm" radius="xl" color={MEDAL[i.rank - 1]} aria-label={String(i.rank)}>
                  <Text size="xs" fw={700}>
                    {i.rank}
                  </Text>
                </ThemeIcon>
              ) : (
                i.rank
              ),
          },
          {
            accessor: 'name',
            title: t('sales.affiliate'),
            isPrimary: true,
            render: (i) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {i.name}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {i.code}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'network_name',
            title: t('sales.network'),
            render: (i) => i.network_name ?? '—',
            visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.md})`,
          },
          {
            accessor: 'level_name',
            title: t('affiliates.level'),
            render: (i) => i.level_name ?? '—',
            visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.md})`,
          },
          { accessor: 'clicks', title: t('metrics.kpis.clicks'), textAlign: 'right' },
          { accessor: 'approved_sales', title: t('metrics.kpis.sales'), textAlign: 'right' },
          {
            accessor: 'approved_commission_cents',
            title: t('metrics.kpis.commission'),
            textAlign: 'right',
            render: (i) => money(i.approved_commission_cents),
          },
          {
            accessor: 'conversion_bps',
            title: t('metrics.kpis.conversion'),
            textAlign: 'right',
            render: (i) => (i.conversion_bps === null ? '—' : formatRate(i.conversion_bps, i18n.language)),
          },
        ]}
      />
    </Stack>
  );
}
