import type { Sale, SaleAction, SaleListQuery } from '@contract/sales';
import { ActionIcon, Anchor, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconReceipt, IconX } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { type ResponsiveColumn, ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { downloadSalesCsv, useDecideSales, useSales } from '../api/sales';
import { SaleDecisionModal } from './sale-decision-modal';
import { SaleFlags, SaleStatusBadge } from './sale-status-badge';
import { SaleTotals } from './sale-totals';
import { type AffiliateChoice, NO_FILTERS, type Option, type SaleFilters, SalesFilters } from './sales-filters';

const PAGE_SIZE = 20;
type SortKey = 'created_at' | 'amount_cents' | 'commission_cents';

/**
 * A sales list with its filters, totals and CSV export. For an admin it spans the programme, and
 * selected rows can be approved, cancelled, refunded or charged back together.
 */
export function SalesTable({
  admin,
  campaigns,
  networks,
  affiliates,
  initialFilters = NO_FILTERS,
  locked = {},
}: {
  admin: boolean;
  campaigns: Option[];
  networks?: Option[];
  affiliates?: AffiliateChoice;
  initialFilters?: SaleFilters;
  /** Filters the screen holds whatever the person picks (a network's own sales). */
  locked?: Partial<SaleListQuery>;
}) {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<SaleFilters>(initialFilters);
  const [q] = useDebouncedValue(filters.search.trim(), 250);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<DataTableSortStatus<Sale>>({ columnAccessor: 'created_at', direction: 'desc' });
  const [selected, setSelected] = useState<Sale[]>([]);
  /** The decision being confirmed and the sales it is for: the selected ones, or one row's. */
  const [decision, setDecision] = useState<{ action: SaleAction; sales: Sale[] } | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [exporting, setExporting] = useState(false);
  const decide = useDecideSales();

  const key = sort.columnAccessor as SortKey;
  const { search: _search, ...rest } = filters;
  const query: SaleListQuery = {
    ...rest,
    ...locked,
    q: q || undefined,
    sort: sort.direction === 'asc' ? key : `-${key}`,
    page,
    page_size: PAGE_SIZE,
  };
  const sales = useSales(query);
  const money = (cents: number) => formatMoney(cents, i18n.language);

  const changeFilters = (next: SaleFilters) => {
    setFilters(next);
    setPage(1);
    setSelected([]);
  };
  const exportCsv = async () => {
    setExporting(true);
    setFeedback(null);
    try {
      await downloadSalesCsv(query);
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, t) });
    } finally {
      setExporting(false);
    }
  };
  const confirm = async (note: string) => {
    if (!decision) return;
    const { action, sales: targets } = decision;
    try {
      const { results } = await decide.mutateAsync({ action, ids: targets.map((s) => s.id), note: note || undefined });
      const ok = results.filter((r) => r.ok).length;
      setFeedback({
        tone: ok === results.length ? 'success' : 'error',
        text: t('sales.bulkDone', { ok, failed: results.length - ok }),
      });
      setSelected([]);
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, t) });
    }
    setDecision(null);
  };
  const decideSelected = (action: SaleAction) => setDecision({ action, sales: selected });

  const columns: ResponsiveColumn<Sale>[] = [
    {
      accessor: 'id',
      title: '#',
      isPrimary: true,
      render: (s) => (
        <Anchor
          component={Link}
          to={pathTo('saleDetails', { id: s.id })}
          fw={600}
          size="sm"
          aria-label={t('sales.open', { id: s.id })}
        >
          {s.id}
        </Anchor>
      ),
    },
    {
      accessor: 'created_at',
      title: t('sales.date'),
      sortable: true,
      render: (s) => formatDateTime(s.created_at, i18n.language),
    },
    { accessor: 'campaign_name', title: t('sales.campaign'), isPrimary: true },
    ...(admin
      ? [
          {
            accessor: 'affiliate_name',
            title: t('sales.affiliate'),
            render: (s: Sale) => (
              <Stack gap={0}>
                <Text size="sm">{s.affiliate_name}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {s.affiliate_code}
                </Text>
                {s.shared_affiliate_name && (
                  <Text size="xs" c="dimmed">
                    {t('sales.splitWith', { name: s.shared_affiliate_name })}
                  </Text>
                )}
              </Stack>
            ),
          },
        ]
      : []),
    {
      accessor: 'payment_method',
      title: t('sales.paymentMethod'),
      render: (s) => t(`campaigns.methods.${s.payment_method}`),
      // Wide screens only: at 1366 px the admin's columns need its room for status and actions.
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.xl})`,
    },
    {
      accessor: 'amount_cents',
      title: t('sales.amount'),
      sortable: true,
      textAlign: 'right',
      render: (s) => money(s.amount_cents),
    },
    {
      accessor: 'commission_cents',
      title: t('sales.commission'),
      sortable: true,
      textAlign: 'right',
      render: (s) => (
        <Stack gap={0} align="flex-end">
          <Text
            size="sm"
            fw={600}
            td={['cancelled', 'refunded', 'chargeback'].includes(s.status) ? 'line-through' : undefined}
          >
            {money(s.commission_cents)}
          </Text>
          <SplitShares sale={s} admin={admin} />
        </Stack>
      ),
    },
    {
      accessor: 'status',
      title: t('sales.status'),
      noWrap: true,
      render: (s) => (
        <Group gap={4}>
          <SaleStatusBadge status={s.status} />
          {admin && s.status === 'pending' && <SaleFlags flags={s.flags} compact />}
        </Group>
      ),
    },
    ...(admin
      ? [
          {
            accessor: 'actions',
            title: t('sales.actions'),
            textAlign: 'right' as const,
            isActions: true,
            render: (s: Sale) => <SaleRowActions sale={s} onDecide={(action) => setDecision({ action, sales: [s] })} />,
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <SaleTotals totals={sales.data?.totals} />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <SalesFilters
          value={filters}
          onChange={changeFilters}
          campaigns={campaigns}
          networks={networks}
          affiliates={affiliates}
          admin={admin}
        />
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting} onClick={exportCsv}>
          {t('sales.exportCsv')}
        </Button>
      </Group>
      {admin && selected.length > 0 && (
        <Card withBorder padding="sm" bg="var(--mantine-color-default-hover)">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} size="sm" aria-live="polite">
              {t('sales.selected', { count: selected.length })}
            </Text>
            <Group gap="xs">
              <Button size="xs" color="green" onClick={() => decideSelected('approve')}>
                {t('sales.approve')}
              </Button>
              <Button size="xs" variant="default" onClick={() => decideSelected('cancel')}>
                {t('sales.cancel')}
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => decideSelected('refund')}>
                {t('sales.refund')}
              </Button>
              <Button size="xs" color="grape" variant="light" onClick={() => decideSelected('chargeback')}>
                {t('sales.chargeback')}
              </Button>
            </Group>
          </Group>
        </Card>
      )}
      <FormAlert message={feedback?.text ?? null} tone={feedback?.tone} />
      <FormAlert message={sales.isError ? errorMessage(sales.error, t) : null} />
      <ResponsiveDataTable<Sale>
        fetching={sales.isFetching}
        records={sales.data?.items ?? []}
        minHeight={240}
        pagination={{ page, onPageChange: setPage, totalRecords: sales.data?.total ?? 0, recordsPerPage: PAGE_SIZE }}
        sort={{
          status: sort,
          onChange: (next) => {
            setSort(next);
            setPage(1);
          },
        }}
        selection={
          admin ? { selected, onChange: setSelected, label: (s) => t('sales.selectSale', { id: s.id }) } : undefined
        }
        noRecordsIcon={<IconReceipt size={36} stroke={1.4} />}
        noRecordsText={admin || Object.values(rest).some(Boolean) || q ? t('sales.empty') : t('sales.emptyOwn')}
        highlightOnHover
        columns={columns}
      />
      {decision && (
        <SaleDecisionModal
          action={decision.action}
          sales={decision.sales}
          busy={decide.isPending}
          onCancel={() => setDecision(null)}
          onConfirm={confirm}
        />
      )}
    </Stack>
  );
}

/** One sale's next steps, each confirmed in the same dialog as a decision on selected sales. */
function SaleRowActions({ sale, onDecide }: { sale: Sale; onDecide: (action: SaleAction) => void }) {
  const { t } = useTranslation();
  if (sale.status === 'pending')
    return (
      <Group gap={6} justify="flex-end" wrap="nowrap">
        <Button
          size="compact-sm"
          color="green"
          onClick={() => onDecide('approve')}
          aria-label={`${t('sales.approve')} ${sale.id}`}
        >
          {t('sales.approve')}
        </Button>
        <Tooltip label={t('sales.cancel')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => onDecide('cancel')}
            aria-label={`${t('sales.cancel')} ${sale.id}`}
          >
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  if (sale.status === 'approved')
    return (
      <Group justify="flex-end">
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={() => onDecide('refund')}
          aria-label={`${t('sales.refund')} ${sale.id}`}
        >
          {t('sales.refund')}
        </Button>
      </Group>
    );
  return null;
}

/**
 * A split sale's shares under its commission: an admin reads both (the first click's, then the
 * last's), an affiliate that the figure is their part of a shared sale.
 */
function SplitShares({ sale, admin }: { sale: Sale; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const shares = sale.commission.shares;
  if (!shares || shares.length < 2) return null;
  const [first, last] = shares;
  return (
    <Text size="xs" c="dimmed" data-testid="sale-split">
      {admin
        ? t('sales.splitShares', {
            first: formatMoney(first?.commission_cents ?? 0, i18n.language),
            last: formatMoney(last?.commission_cents ?? 0, i18n.language),
          })
        : t('sales.yourSplitShare')}
    </Text>
  );
}
