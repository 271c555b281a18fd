import 'mantine-datatable/styles.css';
import { Card, Code, Group, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { type AnalyticsEvent, type LogEntry, useLogPage } from '../api/metrics';

function Searchable<T extends { id: number }>({
  kind,
  title,
  columns,
}: {
  kind: 'logs' | 'analytics/events';
  title: string;
  columns: { accessor: string; title: string; render: (row: T) => React.ReactNode }[];
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const list = useLogPage<T>(kind, q, page);
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <TextInput
          aria-label={`${title}: ${t('metrics.searchLog')}`}
          placeholder={t('metrics.searchLog')}
          leftSection={<IconSearch size={14} />}
          size="xs"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      <ResponsiveDataTable<T>
        inCard
        dense
        minHeight={160}
        fetching={list.isFetching}
        records={list.data?.items ?? []}
        pagination={{ page, onPageChange: setPage, totalRecords: list.data?.total ?? 0, recordsPerPage: 10 }}
        noRecordsText={t('metrics.nothingYet')}
        columns={columns}
      />
    </Card>
  );
}

/** The spec's `logs` collection and `notification_activated` events, as the portal stored them. */
export function LogTables() {
  const { t, i18n } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Searchable<LogEntry>
        kind="logs"
        title={t('metrics.logTitle')}
        columns={[
          { accessor: 'timestamp', title: t('sales.date'), render: (l) => formatDateTime(l.timestamp, i18n.language) },
          { accessor: 'user', title: t('metrics.logColumns.person'), render: (l) => l.user.email ?? l.user.id },
          {
            accessor: 'notification',
            title: t('metrics.logColumns.notification'),
            // As the notification was written, in its reader's language then.
            render: (l) => <span data-server-text>{String(l.notification.title ?? '')}</span>,
          },
        ]}
      />
      <Searchable<AnalyticsEvent>
        kind="analytics/events"
        title={t('metrics.eventsTitle')}
        columns={[
          {
            accessor: 'created_at',
            title: t('sales.date'),
            render: (e) => formatDateTime(e.created_at, i18n.language),
          },
          { accessor: 'name', title: t('metrics.logColumns.event'), render: (e) => <Code>{e.name}</Code> },
          {
            accessor: 'params',
            title: t('metrics.logColumns.title'),
            render: (e) => <span data-server-text>{String(e.params.notification_title ?? '')}</span>,
          },
        ]}
      />
    </SimpleGrid>
  );
}
