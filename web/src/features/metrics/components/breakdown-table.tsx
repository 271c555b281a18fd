import 'mantine-datatable/styles.css';
import { csvDecimal, csvMoney } from '@contract/csv';
import type { BreakdownRow } from '@contract/metrics';
import { Card, Grid, Group, Skeleton, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { formatMoney, formatRate } from '../../../lib/format';
import { CsvButton } from './csv-button';

const BreakdownChart = lazy(() => import('./breakdown-chart'));

/** One breakdown: a donut of the shares beside its table, with the table as CSV. */
export function BreakdownTable({
  title,
  name,
  rows,
}: {
  title: string;
  name: string;
  rows: BreakdownRow[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <CsvButton
          name={name}
          header={[
            t('metrics.columns.key'),
            t('metrics.columns.count'),
            t('metrics.csv.amount'),
            t('metrics.csv.share'),
          ]}
          rows={(rows ?? []).map((r) => [r.label, r.count, csvMoney(r.amount_cents), csvDecimal(r.share_bps / 100, 2)])}
        />
      </Group>
      <Grid gap="lg" align="center">
        <Grid.Col span={{ base: 12, md: 5 }}>
          {rows === undefined ? (
            <Skeleton h={220} />
          ) : rows.length > 0 ? (
            <Suspense fallback={<Skeleton h={220} />}>
              <BreakdownChart kind="donut" rows={rows} />
            </Suspense>
          ) : null}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ResponsiveDataTable<BreakdownRow>
            idAccessor="key"
            inCard
            dense
            minHeight={160}
            fetching={rows === undefined}
            records={rows ?? []}
            noRecordsText={t('metrics.nothingYet')}
            columns={[
              {
                accessor: 'label',
                title: t('metrics.columns.key'),
                isPrimary: true,
                render: (r) => r.label || t('metrics.none'),
              },
              { accessor: 'count', title: t('metrics.columns.count'), textAlign: 'right' },
              {
                accessor: 'amount_cents',
                title: t('metrics.columns.amount'),
                textAlign: 'right',
                render: (r) => formatMoney(r.amount_cents, i18n.language),
              },
              {
                accessor: 'share_bps',
                title: t('metrics.columns.share'),
                textAlign: 'right',
                render: (r) => formatRate(r.share_bps, i18n.language),
              },
            ]}
          />
        </Grid.Col>
      </Grid>
    </Card>
  );
}

/** Amounts per day, stacked by key. */
export function BreakdownOverTime({
  title,
  keys,
  series,
}: {
  title: string;
  keys: { key: string; label: string }[];
  series: { day: string; values: Record<string, number> }[] | undefined;
}) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {series ? (
        <Suspense fallback={<Skeleton h={260} />}>
          <BreakdownChart kind="bars" keys={keys} series={series} />
        </Suspense>
      ) : (
        <Skeleton h={260} />
      )}
    </Card>
  );
}
