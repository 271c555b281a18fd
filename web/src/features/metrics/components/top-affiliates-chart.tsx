import '@mantine/charts/styles.css';
import type { TopAffiliates } from '@contract/metrics';
import { BarChart } from '@mantine/charts';
import { useTranslation } from '../../../i18n';
import { formatMoney, formatRate } from '../../../lib/format';

/** The ranking as bars, the measure it is ranked by. Its own chunk. */
export default function TopAffiliatesChart({
  items,
  by,
}: {
  items: TopAffiliates['items'];
  by: 'approved_sales' | 'commission' | 'conversion';
}) {
  const { t, i18n } = useTranslation();
  const value = (i: TopAffiliates['items'][number]) =>
    by === 'approved_sales'
      ? i.approved_sales
      : by === 'commission'
        ? i.approved_commission_cents / 100
        : (i.conversion_bps ?? 0) / 100;
  const format = (v: number) =>
    by === 'approved_sales'
      ? String(v)
      : by === 'commission'
        ? formatMoney(Math.round(v * 100), i18n.language)
        : formatRate(Math.round(v * 100), i18n.language);
  const label = t(`metrics.by.${by}`);
  return (
    <BarChart
      h={Math.max(180, items.length * 34)}
      data={items.map((i) => ({ name: i.name, [label]: value(i) }))}
      dataKey="name"
      orientation="vertical"
      yAxisProps={{ width: 140 }}
      valueFormatter={format}
      series={[{ name: label, color: 'brand.6' }]}
      gridAxis="x"
    />
  );
}
