import { csvDay, csvLanguageOf, csvMoney } from '@contract/csv';
import type { PeriodQuery } from '@contract/metrics';
import { Card, Group, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useDashboard } from '../../../features/metrics/api/dashboard';
import { CsvButton } from '../../../features/metrics/components/csv-button';
import { KpiCards } from '../../../features/metrics/components/kpi-cards';
import { LogTables } from '../../../features/metrics/components/log-tables';
import { MetricsScreen } from '../../../features/metrics/components/metrics-screen';
import { useNetworks } from '../../../features/networks/api/networks';
import { useTranslation } from '../../../i18n';

const ComparisonChart = lazy(() => import('../../../features/metrics/components/comparison-chart'));
const DAY_MS = 86_400_000;

/** The period of the same length just before this one. */
function previousOf(query: PeriodQuery): PeriodQuery {
  if (!query.from || !query.to) return query;
  const from = Date.parse(`${query.from}T12:00:00Z`);
  const days = Math.round((Date.parse(`${query.to}T12:00:00Z`) - from) / DAY_MS) + 1;
  const iso = (at: number) => new Date(at).toISOString().slice(0, 10);
  return { ...query, from: iso(from - days * DAY_MS), to: iso(from - DAY_MS) };
}

function Comparison({ query }: { query: PeriodQuery }) {
  const { t, i18n } = useTranslation();
  const current = useDashboard('overview', query);
  const previous = useDashboard('overview', previousOf(query));
  const measures = [
    ['clicks', t('metrics.kpis.clicks')],
    ['approved_sales', t('metrics.kpis.sales')],
    ['approved_amount_cents', t('metrics.kpis.revenue')],
    ['approved_commission_cents', t('metrics.kpis.commission')],
  ] as const;
  const language = csvLanguageOf(i18n.language);
  const rows = (current.data?.series ?? []).map((d, i) => {
    const before = previous.data?.series[i];
    return [
      csvDay(d.day, language),
      d.clicks,
      d.approved_sales,
      csvMoney(d.approved_amount_cents),
      csvMoney(d.approved_commission_cents),
      before ? csvDay(before.day, language) : null,
      before?.clicks ?? null,
      before?.approved_sales ?? null,
      before ? csvMoney(before.approved_amount_cents) : null,
      before ? csvMoney(before.approved_commission_cents) : null,
    ];
  });
  const columns = [
    t('metrics.csv.day'),
    t('metrics.kpis.clicks'),
    t('metrics.kpis.sales'),
    t('metrics.csv.revenue'),
    t('metrics.csv.commission'),
  ];
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <CsvButton
          name={`analises-${query.from}-${query.to}`}
          header={[...columns, ...columns.map((column) => t('metrics.csv.previous', { column }))]}
          rows={rows}
        />
      </Group>
      <KpiCards totals={current.data?.totals} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {measures.map(([measure, title]) => (
          <Card key={measure} withBorder padding="lg">
            <Title order={2} fz="md" mb="sm">
              {title}
            </Title>
            {current.data && previous.data ? (
              <Suspense fallback={<Skeleton h={220} />}>
                <ComparisonChart current={current.data.series} previous={previous.data.series} measure={measure} />
              </Suspense>
            ) : (
              <Skeleton h={220} />
            )}
          </Card>
        ))}
      </SimpleGrid>
      <LogTables />
    </Stack>
  );
}

export default function AdminAnalyticsScreen() {
  const { t } = useTranslation();
  const networks = (useNetworks().data ?? []).map((n) => ({ value: String(n.id), label: n.name }));
  return (
    <MetricsScreen
      title={t('screens.adminAnalytics')}
      description={t('metrics.analyticsDescription')}
      networks={networks}
    >
      {(query) => <Comparison query={query} />}
    </MetricsScreen>
  );
}
