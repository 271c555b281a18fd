import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { useTranslation } from '../../../i18n';
import { dateFormat, formatMoney, formatMoneyShort } from '../../../lib/format';

const COLORS = ['brand.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'yellow.6', 'red.6', 'gray.6'];

/** Shares as a donut, or amounts over time as stacked bars. Its own chunk, loaded after the table. */
export default function BreakdownChart(
  props:
    | { kind: 'donut'; rows: { label: string; amount_cents: number }[] }
    | {
        kind: 'bars';
        keys: { key: string; label: string }[];
        series: { day: string; values: Record<string, number> }[];
      },
) {
  const { i18n } = useTranslation();
  const money = (reais: number) => formatMoney(Math.round(reais * 100), i18n.language);
  if (props.kind === 'donut') {
    return (
      <DonutChart
        h={220}
        withLabelsLine
        withLabels
        labelsType="percent"
        valueFormatter={money}
        data={props.rows
          .slice(0, 8)
          .map((r, i) => ({ name: r.label, value: r.amount_cents / 100, color: COLORS[i] ?? 'gray.6' }))}
        mx="auto"
      />
    );
  }
  const data = props.series.map((d) => ({
    day: dateFormat(i18n.language, { day: '2-digit', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${d.day}T12:00:00Z`),
    ),
    ...Object.fromEntries(props.keys.map((k) => [k.label, (d.values[k.key] ?? 0) / 100])),
  }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="day"
      type="stacked"
      withLegend
      valueFormatter={money}
      yAxisProps={{ tickFormatter: (reais: number) => formatMoneyShort(Math.round(reais * 100), i18n.language) }}
      series={props.keys.slice(0, 8).map((k, i) => ({ name: k.label, color: COLORS[i] ?? 'gray.6' }))}
      tickLine="none"
      gridAxis="y"
    />
  );
}
