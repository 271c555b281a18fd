import { ADMIN_ROLE } from '@contract/session';
import { Box, Card, Grid, Group, Select, Skeleton, Stack, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { useDashboard } from '../../features/metrics/api/dashboard';
import { KpiCards } from '../../features/metrics/components/kpi-cards';
import { PeriodPicker } from '../../features/metrics/components/period-picker';
import { WaitingCards } from '../../features/metrics/components/waiting-cards';
import { DEFAULT_PERIOD, type Period } from '../../features/metrics/period';
import { useNetworks } from '../../features/networks/api/networks';
import { useTranslation } from '../../i18n';
import { errorMessage } from '../../lib/form';
import { currentClaims } from '../../lib/session';
import { withFullStyles } from '../../theme/full-styles';

// Charts are the heaviest part of a dashboard: their own chunk, fetched after the figures render.
// The lists sit below the figures and the chart: their own chunk too (docs/decisions/019).
// Its tooltip's swatch is not among the home's first styles: it comes with the full sheet.
const DashboardChart = lazy(() => withFullStyles(import('../../features/metrics/components/dashboard-chart')));
const TopCampaigns = lazy(() =>
  import('../../features/metrics/components/dashboard-lists').then((m) => ({ default: m.TopCampaigns })),
);
const LatestSales = lazy(() =>
  import('../../features/metrics/components/dashboard-lists').then((m) => ({ default: m.LatestSales })),
);

// An affiliate's own cards: their chunks are not an admin's first screen; the boot script fetches them
// ahead for an affiliate (web/build/first-screen.ts).
const LevelProgressCard = lazy(() =>
  import('../../features/levels/components/level-progress').then((m) => ({ default: m.LevelProgressCard })),
);
const BonusProgressCard = lazy(() =>
  import('../../features/bonuses/components/bonus-progress').then((m) => ({ default: m.BonusProgressCard })),
);

/** How much of the chart's place must be on screen before its code is fetched. */
const CHART_SEEN_RATIO = 0.5;

/**
 * The chart's code (the heaviest of the home) is fetched once half of its place is in view: on a
 * phone it sits below the figures, its card's top edge at most peeking in, so the first screen
 * neither downloads nor runs it (docs/decisions/019).
 */
function ChartWhenSeen({ series }: { series: Parameters<typeof DashboardChart>[0]['series'] | undefined }) {
  const { ref, entry } = useIntersection({ threshold: CHART_SEEN_RATIO });
  const [seen, setSeen] = useState(false);
  const inView = (entry?.intersectionRatio ?? 0) >= CHART_SEEN_RATIO;
  useEffect(() => {
    if (inView) setSeen(true);
  }, [inView]);
  // A pulsing placeholder while the figures or the code come; a still block while it waits to be
  // seen, since nothing is loading then.
  if (!series) return <Skeleton ref={ref} h={260} />;
  if (!seen) return <Box ref={ref} h={260} bg="var(--mantine-color-default-hover)" bdrs="md" />;
  return (
    <Suspense fallback={<Skeleton h={260} />}>
      <DashboardChart series={series} />
    </Suspense>
  );
}

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
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
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
        {/* Stands while the figures come (nothing moves when they do), unless they came without it. */}
        {isAdmin && (!data || data.waiting) && <WaitingCards waiting={data?.waiting ?? undefined} />}
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <PeriodPicker onChange={setPeriod} />
          {isAdmin && <NetworkFilter value={networkId} onChange={setNetworkId} />}
        </Group>
        <FormAlert message={dashboard.isError ? errorMessage(dashboard.error, t) : null} />
        <KpiCards totals={data?.totals} available={isAdmin ? undefined : (data?.available_cents ?? null)} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: isAdmin ? 12 : 8 }}>
            <Card withBorder padding="lg" data-testid="dashboard-chart-card">
              <Title order={2} fz="lg" mb="md">
                {t('metrics.overTime')}
              </Title>
              <ChartWhenSeen series={data?.series} />
            </Card>
          </Grid.Col>
          {!isAdmin && (
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="lg">
                <Suspense fallback={<Skeleton h={170} />}>
                  <LevelProgressCard />
                </Suspense>
                <Suspense fallback={null}>
                  <BonusProgressCard />
                </Suspense>
              </Stack>
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Suspense fallback={<Skeleton h={220} />}>
              {data ? <TopCampaigns items={data.top_campaigns} /> : <Skeleton h={220} />}
            </Suspense>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Suspense fallback={<Skeleton h={220} />}>
              {data ? <LatestSales items={data.latest_sales} showAffiliate={isAdmin} /> : <Skeleton h={220} />}
            </Suspense>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
