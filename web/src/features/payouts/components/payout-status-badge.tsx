import type { PayoutBatchStatus, PayoutBatchSummary, PayoutItemStatus } from '@contract/payouts';
import { Stack, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';

const BATCH_COLORS: Record<PayoutBatchStatus, string> = { open: 'blue', paying: 'yellow', done: 'green' };

const ITEM_COLORS: Record<PayoutItemStatus, string> = {
  pending: 'gray',
  sending: 'blue',
  processing: 'cyan',
  held: 'orange',
  paid: 'green',
  failed: 'red',
};

export function PayoutBatchStatusBadge({ status }: { status: PayoutBatchStatus }) {
  const { t } = useTranslation();
  return <StatusBadge color={BATCH_COLORS[status]}>{t(`payouts.statuses.${status}`)}</StatusBadge>;
}

export function PayoutItemStatusBadge({ status }: { status: PayoutItemStatus }) {
  const { t } = useTranslation();
  return <StatusBadge color={ITEM_COLORS[status]}>{t(`payouts.itemStatuses.${status}`)}</StatusBadge>;
}

/** How many items of a batch were paid and how many failed, the failures in red; none yet while open. */
export function PayoutProgress({ batch }: { batch: PayoutBatchSummary }) {
  const { t } = useTranslation();
  if (batch.status === 'open')
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm">
        {batch.paid_count === 0 ? t('payouts.nonePaid') : t('payouts.paidCount', { count: batch.paid_count })}
      </Text>
      {batch.failed_count > 0 && (
        <Text c="red.8" size="sm">
          {t('payouts.failedCount', { count: batch.failed_count })}
        </Text>
      )}
    </Stack>
  );
}
