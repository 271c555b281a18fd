import type { PayoutItem } from '@contract/payouts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useDecideHeldItem } from '../api/decide-held-item';
import { PayoutItemStatusBadge } from './payout-status-badge';

/** A batch holds up to 1000 redemptions: shown a page at a time. */
const PAGE_SIZE = 50;

/** The portal's own reasons, translated; a provider's (its own sentence) is shown as it said it. */
const OWN_REASONS = ['holder_mismatch', 'holder_unknown', 'provider_unanswered'];

/** A held item's two ways out: send it again to that holder, or fail it back to the queue. */
function HeldActions({ batchId, item }: { batchId: number; item: PayoutItem }) {
  const { t } = useTranslation();
  const decide = useDecideHeldItem(batchId);
  const [error, setError] = useState<string | null>(null);
  const run = (decision: 'release' | 'fail') =>
    decide.mutate({ itemId: item.id, decision }, { onError: (e) => setError(errorMessage(e, t)) });
  const busy = (decision: 'release' | 'fail') => decide.isPending && decide.variables?.decision === decision;
  return (
    <Stack gap={4} mt={4}>
      <Group gap={6} wrap="wrap">
        <Button size="compact-xs" variant="light" loading={busy('release')} onClick={() => run('release')}>
          {t('payouts.release')}
        </Button>
        <Button size="compact-xs" variant="subtle" color="red" loading={busy('fail')} onClick={() => run('fail')}>
          {t('payouts.failItem')}
        </Button>
      </Group>
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** What became of an item: the end-to-end id of a paid one, the reason a held or failed one stopped. */
function ItemOutcome({ item, batchId }: { item: PayoutItem; batchId: number }) {
  const { t, i18n } = useTranslation();
  if (item.status === 'paid') {
    return (
      <Stack gap={0}>
        {item.end_to_end_id && (
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="payout-end-to-end">
            {item.end_to_end_id}
          </Text>
        )}
        {item.paid_at && (
          <Text size="xs" c="dimmed">
            {formatDateTime(item.paid_at, i18n.language)}
          </Text>
        )}
      </Stack>
    );
  }
  if (item.status === 'failed' || item.status === 'held') {
    return (
      <Stack gap={0}>
        {/* The provider's or the check's own words, as it said them. */}
        {item.reason &&
          (OWN_REASONS.includes(item.reason) ? (
            <Text size="xs" c={item.status === 'failed' ? 'red.8' : 'orange.9'}>
              {t(`payouts.reasons.${item.reason}`)}
            </Text>
          ) : (
            <Text size="xs" c={item.status === 'failed' ? 'red.8' : 'orange.9'} data-server-text>
              {item.reason}
            </Text>
          ))}
        {item.holder_name && (
          <Text size="xs" c="dimmed">
            {t('payouts.holder', { name: item.holder_name, document: item.holder_document ?? '—' })}
          </Text>
        )}
        {item.status === 'failed' && (
          <Text size="xs" c="dimmed">
            {t('payouts.failedBack')}
          </Text>
        )}
        {item.status === 'held' && <HeldActions batchId={batchId} item={item} />}
      </Stack>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      —
    </Text>
  );
}

/** The redemptions of a batch: who, where to, how much, and how each transfer went. */
export function PayoutItemsTable({ batchId, items }: { batchId: number; items: PayoutItem[] }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <ResponsiveDataTable<PayoutItem>
      records={items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
      pagination={
        items.length > PAGE_SIZE
          ? { page, onPageChange: setPage, totalRecords: items.length, recordsPerPage: PAGE_SIZE }
          : undefined
      }
      dense
      noRecordsIcon={<IconUsers size={36} stroke={1.4} />}
      noRecordsText={t('payouts.noItems')}
      columns={[
        {
          accessor: 'affiliate_name',
          title: t('payouts.affiliate'),
          isPrimary: true,
          render: (i) => (
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {i.affiliate_name}
              </Text>
              <Text size="xs" c="dimmed">
                {t('payouts.itemOf', { code: i.affiliate_code, id: i.redemption_id })}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'pix_key',
          title: t('payouts.destination'),
          render: (i) => (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {i.method === 'pix' && i.pix_key_type
                ? `PIX · ${t(`ledger.pixKeyTypes.${i.pix_key_type}`)} ${i.pix_key ?? ''}`
                : t(`ledger.methods.${i.method}`)}
            </Text>
          ),
        },
        {
          accessor: 'amount_cents',
          title: t('payouts.amount'),
          textAlign: 'right',
          noWrap: true,
          render: (i) =>
            i.net_cents === i.amount_cents ? (
              formatMoney(i.amount_cents, i18n.language)
            ) : (
              // A person's RPA: the gross, and the net the PIX sends once INSS, IRRF and ISS are withheld.
              <Stack gap={0} align="flex-end">
                <Text size="sm">{formatMoney(i.amount_cents, i18n.language)}</Text>
                <Text size="xs" c="dimmed" data-testid="payout-net">
                  {t('payouts.net', { amount: formatMoney(i.net_cents, i18n.language) })}
                </Text>
              </Stack>
            ),
        },
        {
          accessor: 'status',
          title: t('payouts.status'),
          noWrap: true,
          render: (i) => <PayoutItemStatusBadge status={i.status} />,
        },
        {
          accessor: 'end_to_end_id',
          title: t('payouts.outcome'),
          render: (i) => <ItemOutcome item={i} batchId={batchId} />,
        },
      ]}
    />
  );
}
