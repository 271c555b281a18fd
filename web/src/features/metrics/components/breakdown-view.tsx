import type { PeriodQuery } from '@contract/metrics';
import { Stack } from '@mantine/core';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { type BreakdownPath, useBreakdown } from '../api/metrics';
import { BreakdownOverTime, BreakdownTable } from './breakdown-table';

/**
 * One metrics endpoint on screen: its tables (each a donut, a table and CSV) and its amounts over
 * time, keys labelled by `label`.
 */
export function BreakdownView({
  path,
  query,
  tables,
  overTime,
  label = (_table, key) => key,
  children,
}: {
  path: BreakdownPath;
  query: PeriodQuery;
  tables: { key: string; title: string }[];
  overTime: string;
  label?: (table: string, key: string) => string;
  children?: (data: { average_days_to_pay?: number | null } | undefined) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const data = useBreakdown(path, query);
  const first = tables[0]?.key ?? '';
  const keys = (data.data?.tables[first] ?? []).map((r) => ({
    key: r.key,
    label: label(first, r.key) || t('metrics.none'),
  }));
  return (
    <Stack gap="lg">
      <FormAlert message={data.isError ? errorMessage(data.error, t) : null} />
      {children?.(data.data)}
      <BreakdownOverTime title={overTime} keys={keys} series={data.data?.series} />
      {tables.map((table) => (
        <BreakdownTable
          key={table.key}
          title={table.title}
          name={`${path}-${table.key}-${query.from}-${query.to}`}
          rows={data.data?.tables[table.key]?.map((r) => ({ ...r, label: label(table.key, r.key) }))}
        />
      ))}
    </Stack>
  );
}
