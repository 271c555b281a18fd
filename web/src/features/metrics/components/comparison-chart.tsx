import '@mantine/charts/styles.css';
import type { Dashboard } from '@contract/metrics';
import { LineChart } from '@mantine/charts';
import { useTranslation } from '../../../i18n';
import { dateFormat, formatNumber } from '../../../lib/format';

/** One measure per day, this period against the previous one laid over it day by day. */
export default function ComparisonChart({
  current,
  previous,
  measure,
}: {
  current: Dashboard['series'];
  previous: Dashboard['series'];
  measure: 'clicks' | 'approved_sales' | 'approved_amount_cents' | 'approved_commission_cents';
}) {
  const { t, i18n } = useTranslation();
  const value = (d: Dashboard['series'][number] | undefined) =>
    d === undefined ? 0 : measure.endsWith('_cents') ? d[measure] / 100 : d[measure];
  const data = current.map((d, i) => ({
    day: dateFormat(i18n.language, { day: '2-digit', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${d.day}T12:00:00Z`),
    ),
    [t('metrics.thisPeriod')]: value(d),
    [t('metrics.previousPeriod')]: value(previous[i]),
  }));
  return (
    <LineChart
      h={220}
      data={data}
      dataKey="day"
      curveType="monotone"
      withLegend
      tickLine="none"
      gridAxis="y"
      valueFormatter={(v) => formatNumber(v, i18n.language, { maximumFractionDigits: 2 })}
      series={[
        { name: t('metrics.thisPeriod'), color: 'brand.6' },
        { name: t('metrics.previousPeriod'), color: 'gray.5', strokeDasharray: '5 5' },
      ]}
    />
  );
}
