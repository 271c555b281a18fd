import type { PeriodQuery } from '@contract/metrics';
import { ADMIN_ROLE } from '@contract/session';
import { Card, Grid, Group, Select, Skeleton, Stack, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { LevelProgressCard } from '../../features/levels/components/level-progress';
import { useDashboard } from '../../features/metrics/api/dashboard';
import { LatestSales, TopCampaigns } from '../../features/metrics/components/dashboard-lists';
import { KpiCards } from '../../features/metrics/components/kpi-cards';
import { DEFAULT_PERIOD, PeriodPicker } from '../../features/metrics/components/period-picker';
import { WaitingCards } from '../../features/metrics/components/waiting-cards';
import { useNetworks } from '../../features/networks/api/networks';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../lib/form';
import { currentClaims } from '../../lib/session';

// Charts are the heaviest part of a dashboard: their own chunk, fetched after the figures render.
const DashboardChart = lazy(() => import('../../features/metrics/components/dashboard-chart'));

function NetworkFilter({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const { t } = useTranslation();
  const networks = useNetworks();
  return (
    <Select
      aria-label={t('sales.network')}
      placeholder={t('sales.anyNetwork')}
      clearable
      data={(networks.data ?? []).map((n) => ({ value: String(n.id), label: n.name }))}
      value={value}
      onChange={onChange}
      w={220}
    />
  );
}

/** `/`: the affiliate's own numbers, or the programme's for an admin, over a chosen period. */
export default function HomeScreen() {
  const { t } = useTranslation();
  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  const [period, setPeriod] = useState<Pick<PeriodQuery, 'from' | 'to'>>(DEFAULT_PERIOD);
  const [networkId, setNetworkId] = useState<string | null>(null);
  const dashboard = useDashboard(isAdmin ? 'overview' : 'me', {
    ...period,
    network_id: isAdmin && networkId ? Number(networkId) : undefined,
  });
  const data = dashboard.data;
  return (
    <>
      <PageHeader
        title={t('screens.home')}
        description={isAdmin ? t('metrics.adminDescription') : t('metrics.description')}
      />
      <Stack gap="lg">
        {isAdmin && data?.waiting && <WaitingCards waiting={data.waiting} />}
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <PeriodPicker onChange={setPeriod} />
          {isAdmin && <NetworkFilter value={networkId} onChange={setNetworkId} />}
        </Group>
        <FormAlert message={dashboard.isError ? errorMessage(dashboard.error, t) : null} />
        <KpiCards totals={data?.totals} available={isAdmin ? undefined : (data?.available_cents ?? null)} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: isAdmin ? 12 : 8 }}>
            <Card withBorder padding="lg">
              <Title order={2} fz="lg" mb="md">
                {t('metrics.overTime')}
              </Title>
              {data ? (
                <Suspense fallback={<Skeleton h={260} />}>
                  <DashboardChart series={data.series} />
                </Suspense>
              ) : (
                <Skeleton h={260} />
              )}
            </Card>
          </Grid.Col>
          {!isAdmin && (
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <LevelProgressCard />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: 6 }}>
            {data ? <TopCampaigns items={data.top_campaigns} /> : <Skeleton h={220} />}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            {data ? <LatestSales items={data.latest_sales} showAffiliate={isAdmin} /> : <Skeleton h={220} />}
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
