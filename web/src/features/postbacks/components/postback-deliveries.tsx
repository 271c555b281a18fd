import type { PostbackDelivery } from '@contract/postbacks';
import { Anchor, Card, Text, Title, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { outboundErrorText } from '../../../lib/outbound-error';
import { usePostbackDeliveries } from '../api/postbacks';

const PAGE_SIZE = 10;
const STATE_COLOR = { queued: 'yellow', delivered: 'green', failed: 'red', skipped: 'gray' } as const;

/** What the affiliate's tracker was sent and what it answered, newest first, a page at a time. */
export function PostbackDeliveries() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const list = usePostbackDeliveries(page, PAGE_SIZE);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="lg">
        {t('postbacks.deliveries')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('postbacks.deliveriesDescription')}
      </Text>
      <FormAlert message={list.isError ? errorMessage(list.error, t) : null} mb="md" />
      {list.isPending ? (
        <ListSkeleton label={t('common.loading')} />
      ) : (
        <ResponsiveDataTable<PostbackDelivery>
          fetching={list.isPlaceholderData}
          records={list.data?.items ?? []}
          pagination={{ page, onPageChange: setPage, totalRecords: list.data?.total ?? 0, recordsPerPage: PAGE_SIZE }}
          noRecordsIcon={<IconSend size={36} stroke={1.4} />}
          noRecordsText={t('postbacks.noDeliveries')}
          minHeight={160}
          columns={[
            {
              accessor: 'event',
              title: t('postbacks.event'),
              isPrimary: true,
              render: (d) => t(`postbacks.eventLabels.${d.event}`),
            },
            {
              accessor: 'sale_id',
              title: t('postbacks.sale'),
              render: (d) => (
                <Anchor component={Link} to={pathTo('saleDetails', { id: d.sale_id })} size="sm">
                  #{d.sale_id}
                </Anchor>
              ),
            },
            {
              accessor: 'state',
              title: t('postbacks.status'),
              render: (d) => (
                <Tooltip
                  label={d.error ? outboundErrorText(d.error, t) : (d.url ?? '')}
                  disabled={!d.error && !d.url}
                  multiline
                  maw={360}
                >
                  <StatusBadge color={STATE_COLOR[d.state]}>
                    {d.status_code !== null
                      ? `${d.status_code} · ${t(`postbacks.states.${d.state}`)}`
                      : t(`postbacks.states.${d.state}`)}
                  </StatusBadge>
                </Tooltip>
              ),
            },
            {
              accessor: 'error',
              title: t('postbacks.error'),
              render: (d) => (
                <Text size="sm" c={d.error ? 'red.8' : 'dimmed'} style={{ wordBreak: 'break-word' }}>
                  {d.error ? outboundErrorText(d.error, t) : '—'}
                </Text>
              ),
            },
            {
              accessor: 'last_attempt_at',
              title: t('postbacks.time'),
              render: (d) => when(d.delivered_at ?? d.last_attempt_at ?? d.created_at),
            },
            { accessor: 'attempts', title: t('postbacks.attempts'), textAlign: 'right' },
            {
              accessor: 'next_attempt_at',
              title: t('postbacks.nextRetry'),
              render: (d) => when(d.next_attempt_at),
            },
          ]}
        />
      )}
    </Card>
  );
}
