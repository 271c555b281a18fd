import '@mantine/charts/styles.css';
import type { Dashboard } from '@contract/metrics';
import { AreaChart } from '@mantine/charts';
import { useTranslation } from '../../../i18n';
import { dateFormat, formatMoneyShort, formatNumber } from '../../../lib/format';

/** Clicks and approved commission per day. Its own chunk: the heaviest part of the dashboard. */
export default function DashboardChart({ series }: { series: Dashboard['series'] }) {
  const { t, i18n } = useTranslation();
  const data = series.map((d) => ({
    day: dateFormat(i18n.language, { day: '2-digit', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${d.day}T12:00:00Z`),
    ),
    [t('metrics.kpis.clicks')]: d.clicks,
    [t('metrics.kpis.commission')]: d.approved_commission_cents / 100,
  }));
  return (
    <AreaChart
      h={260}
      data={data}
      dataKey="day"
      withRightYAxis
      rightYAxisProps={{ tickFormatter: (reais: number) => formatMoneyShort(Math.round(reais * 100), i18n.language) }}
      series={[
        { name: t('metrics.kpis.clicks'), color: 'brand.5' },
        { name: t('metrics.kpis.commission'), color: 'teal.6', yAxisId: 'right' },
      ]}
      valueFormatter={(v) => formatNumber(v, i18n.language, { maximumFractionDigits: 2 })}
      curveType="monotone"
      withLegend
      tickLine="none"
      gridAxis="y"
    />
  );
}
