import { PAYOUT_BATCH_STATUSES, type PayoutBatchStatus, type PayoutBatchSummary } from '@contract/payouts';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { usePayoutBatches } from '../api/get-payout-batches';
import { PayoutBatchStatusBadge, PayoutProgress } from './payout-status-badge';

const PAGE_SIZE = 20;

/** The payout batches, newest first, filtered by status; a row's button opens the batch. */
export function PayoutBatchesTable({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<PayoutBatchStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = usePayoutBatches({ page, page_size: PAGE_SIZE, status: status ?? undefined });
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap" justify="space-between">
        <Select
          aria-label={t('payouts.status')}
          placeholder={t('payouts.anyStatus')}
          clearable
          data={PAYOUT_BATCH_STATUSES.map((s) => ({ value: s, label: t(`payouts.statuses.${s}`) }))}
          value={status}
          onChange={(value) => {
            setStatus(value as PayoutBatchStatus | null);
            setPage(1);
          }}
          w={{ base: '100%', xs: 220 }}
        />
        {list.data && list.data.total > 0 && (
          <Text size="sm" c="dimmed" data-testid="payout-batches-total">
            {t('payouts.batchCount', { count: list.data.total })}
          </Text>
        )}
      </Group>
      <FormAlert message={list.isError ? errorMessage(list.error, t) : null} />
      {list.isPending ? (
        <ListSkeleton label={t('common.loading')} rows={3} rowHeight={52} />
      ) : (
        <ResponsiveDataTable<PayoutBatchSummary>
          fetching={list.isPlaceholderData}
          records={list.data?.items ?? []}
          pagination={{ page, onPageChange: setPage, totalRecords: list.data?.total ?? 0, recordsPerPage: PAGE_SIZE }}
          noRecordsIcon={<IconStack2 size={36} stroke={1.4} />}
          noRecordsText={status ? t('payouts.emptyFiltered') : t('payouts.empty')}
          minHeight={180}
          highlightOnHover
          columns={[
            {
              accessor: 'id',
              title: t('payouts.batchColumn'),
              isPrimary: true,
              render: (b) => t('payouts.batch', { id: b.id }),
            },
            {
              accessor: 'status',
              title: t('payouts.status'),
              noWrap: true,
              render: (b) => <PayoutBatchStatusBadge status={b.status} />,
            },
            {
              accessor: 'total_cents',
              title: t('payouts.total'),
              textAlign: 'right',
              noWrap: true,
              render: (b) => formatMoney(b.total_cents, i18n.language),
            },
            {
              accessor: 'item_count',
              title: t('payouts.items'),
              textAlign: 'right',
            },
            { accessor: 'paid_count', title: t('payouts.progress'), render: (b) => <PayoutProgress batch={b} /> },
            {
              accessor: 'created_at',
              title: t('payouts.created'),
              render: (b) => (
                <Stack gap={0}>
                  <Text size="sm">{formatDateTime(b.created_at, i18n.language)}</Text>
                  <Text size="xs" c="dimmed">
                    {t('payouts.by', { name: b.created_by_name })}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'actions',
              title: '',
              textAlign: 'right',
              isActions: true,
              render: (b) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onOpen(b.id)}
                  aria-label={t('payouts.openBatch', { id: b.id })}
                >
                  {t('payouts.view')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
