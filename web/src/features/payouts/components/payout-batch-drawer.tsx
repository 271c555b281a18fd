import type { PayoutBatch } from '@contract/payouts';
import { Alert, Button, Drawer, Group, Loader, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCash, IconDownload } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { downloadPayoutBatchCsv, usePayoutBatch } from '../api/get-payout-batch';
import { PayPayoutBatchModal } from './pay-payout-batch-modal';
import { PayoutItemsTable } from './payout-items-table';
import { PayoutBatchStatusBadge, PayoutProgress } from './payout-status-badge';

/**
 * One batch beside the list: its figures, its items with how each transfer went, the bank's CSV
 * and, while it is open, paying it. `onChanged` hears of every item paid or failed (the redemptions
 * they pay changed too).
 */
export function PayoutBatchDrawer({
  batchId,
  onClose,
  onChanged,
}: {
  batchId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  /** The batch whose pay dialog is open: Escape then closes the dialog, not the drawer under it. */
  const [payingId, setPayingId] = useState<number | null>(null);
  const isPaying = batchId !== null && payingId === batchId;
  return (
    <Drawer
      opened={batchId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      closeOnEscape={!isPaying}
      title={batchId === null ? '' : t('payouts.batch', { id: batchId })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {batchId !== null && (
        <BatchDetails
          key={batchId}
          id={batchId}
          isPaying={isPaying}
          setPaying={(next) => setPayingId(next ? batchId : null)}
          onChanged={onChanged}
        />
      )}
    </Drawer>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} component="div">
        {children}
      </Text>
    </Stack>
  );
}

function BatchDetails({
  id,
  isPaying,
  setPaying,
  onChanged,
}: {
  id: number;
  isPaying: boolean;
  setPaying: (isPaying: boolean) => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const query = usePayoutBatch(id);
  const batch = query.data;
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [isDownloading, setDownloading] = useState(false);
  useChangesOf(batch, onChanged);

  if (!batch) {
    return query.isError ? (
      <FormAlert message={errorMessage(query.error, t)} />
    ) : (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={72} />
        <Skeleton h={36} w="60%" />
        <Skeleton h={160} />
      </Stack>
    );
  }
  const download = async () => {
    setDownloading(true);
    setFeedback(null);
    try {
      await downloadPayoutBatchCsv(batch.id);
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, t) });
    } finally {
      setDownloading(false);
    }
  };
  const paid = (done: PayoutBatch) => {
    setPaying(false);
    setFeedback({
      tone: 'success',
      text:
        done.status === 'done'
          ? t('payouts.paidAll', { count: done.paid_count, id: done.id })
          : t('payouts.sent', { count: done.item_count, id: done.id }),
    });
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
        <Figure label={t('payouts.status')}>
          <PayoutBatchStatusBadge status={batch.status} />
        </Figure>
        <Figure label={t('payouts.total')}>
          <span data-testid="payout-batch-total">{formatMoney(batch.total_cents, i18n.language)}</span>
        </Figure>
        <Figure label={t('payouts.items')}>{batch.item_count}</Figure>
        <Figure label={t('payouts.progress')}>
          <PayoutProgress batch={batch} />
        </Figure>
      </SimpleGrid>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('payouts.createdBy', { at: formatDateTime(batch.created_at, i18n.language), name: batch.created_by_name })}
        </Text>
        {batch.paid_at && batch.status !== 'open' && (
          <Text size="sm" c="dimmed">
            {t(batch.status === 'done' ? 'payouts.paidHow' : 'payouts.sentHow', {
              at: formatDateTime(batch.paid_at, i18n.language),
              how: t(`payouts.providers.${batch.provider}`),
            })}
          </Text>
        )}
      </Stack>
      {batch.status === 'paying' && (
        <Alert color="yellow" icon={<Loader size={16} color="yellow" />} role="status">
          {t('payouts.payingNow')}
        </Alert>
      )}
      {batch.status === 'open' && <Text size="sm">{t('payouts.openHelp')}</Text>}
      <Group gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={isDownloading} onClick={download}>
          {t('payouts.downloadCsv')}
        </Button>
        {batch.status === 'open' && (
          <Button color="green" leftSection={<IconCash size={16} />} onClick={() => setPaying(true)}>
            {t('payouts.payBatch')}
          </Button>
        )}
      </Group>
      <FormAlert message={feedback?.text ?? null} tone={feedback?.tone} />
      <PayoutItemsTable batchId={batch.id} items={batch.items} />
      {isPaying && batch.status === 'open' && (
        <PayPayoutBatchModal batch={batch} onClose={() => setPaying(false)} onPaid={paid} />
      )}
    </Stack>
  );
}

/** Calls `onChanged` when the batch's status or its paid and failed counts move, not when it first loads. */
function useChangesOf(batch: PayoutBatch | undefined, onChanged: () => void) {
  const state = batch ? `${batch.status}:${batch.paid_count}:${batch.failed_count}` : null;
  const last = useRef(state);
  const callback = useRef(onChanged);
  callback.current = onChanged;
  useEffect(() => {
    if (state !== null && last.current !== null && state !== last.current) callback.current();
    last.current = state;
  }, [state]);
}
