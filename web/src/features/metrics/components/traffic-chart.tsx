import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from '../../../i18n';
import { formatNumber } from '../../../lib/format';

/** How many keys the chart shows; the table below it lists them all. */
const CHART_KEYS = 8;

/** Clicks per key as horizontal bars, most first. Its own chunk, loaded after the table. */
export default function TrafficChart({ rows }: { rows: { label: string; clicks: number }[] }) {
  const { t, i18n } = useTranslation();
  const data = rows.slice(0, CHART_KEYS).map((r) => ({ label: r.label, clicks: r.clicks }));
  return (
    <BarChart
      h={Math.max(120, data.length * 34 + 30)}
      data={data}
      dataKey="label"
      orientation="vertical"
      yAxisProps={{ width: 120 }}
      valueFormatter={(n: number) => formatNumber(n, i18n.language)}
      series={[{ name: 'clicks', label: t('traffic.clicks'), color: 'brand.6' }]}
      tickLine="none"
      gridAxis="x"
    />
  );
}
