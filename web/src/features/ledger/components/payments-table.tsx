import type { Payment, PaymentListQuery } from '@contract/ledger';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconReceipt2, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { DateRangeInputs } from '../../../components/date-range-inputs';
import { FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { downloadPayments, usePayments } from '../api/ledger';

const PAGE_SIZE = 20;

/** Payments made: an affiliate's own, or every one for an admin with filters and totals; CSV either way. */
export function PaymentsTable({
  admin,
  networks = [],
}: {
  admin: boolean;
  networks?: { value: string; label: string }[];
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [networkId, setNetworkId] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const query: PaymentListQuery = {
    q: q || undefined,
    network_id: networkId ? Number(networkId) : undefined,
    method: (method as PaymentListQuery['method']) ?? undefined,
    from: from || undefined,
    to: to || undefined,
    page,
    page_size: PAGE_SIZE,
  };
  const list = usePayments(query);
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap" justify="space-between">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {admin && (
            <>
              <TextInput
                aria-label={t('ledger.searchPayments')}
                placeholder={t('ledger.searchPayments')}
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(e) => changed(setSearch)(e.currentTarget.value)}
                w={{ base: '100%', sm: 260 }}
              />
              <Select
                aria-label={t('sales.network')}
                placeholder={t('ledger.anyNetwork')}
                clearable
                data={networks}
                value={networkId}
                onChange={changed(setNetworkId)}
                w={{ base: '100%', xs: 200 }}
              />
            </>
          )}
          <Select
            aria-label={t('ledger.method')}
            placeholder={t('ledger.anyMethod')}
            clearable
            data={[
              { value: 'pix', label: t('ledger.methods.pix') },
              { value: 'bank', label: t('ledger.methods.bank') },
            ]}
            value={method}
            onChange={changed(setMethod)}
            w={{ base: '100%', xs: 190 }}
          />
          <DateRangeInputs
            from={from}
            to={to}
            labels={{ from: t('ledger.from'), to: t('ledger.to') }}
            onChange={(range) => {
              setFrom(range.from);
              changed(setTo)(range.to);
            }}
          />
        </Group>
        <Group gap="sm">
          {list.data && (
            <Text size="sm" c="dimmed" data-testid="payments-total">
              {t('ledger.total', { count: list.data.totals.count, amount: money(list.data.totals.amount_cents) })}
            </Text>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadPayments(query).catch((error) => setProblem(errorMessage(error, t)))}
          >
            {t('ledger.exportCsv')}
          </Button>
        </Group>
      </Group>
      <FormAlert message={problem ?? (list.isError ? errorMessage(list.error, t) : null)} />
      <ResponsiveDataTable<Payment>
        fetching={list.isFetching}
        records={list.data?.items ?? []}
        pagination={{ page, onPageChange: setPage, totalRecords: list.data?.total ?? 0, recordsPerPage: PAGE_SIZE }}
        noRecordsIcon={<IconReceipt2 size={36} stroke={1.4} />}
        noRecordsText={t('ledger.emptyPayments')}
        columns={[
          {
            accessor: 'paid_at',
            title: t('ledger.paidAt'),
            isPrimary: true,
            render: (p) => formatDateTime(p.paid_at, i18n.language),
          },
          ...(admin
            ? [
                {
                  accessor: 'affiliate_name',
                  title: t('ledger.affiliate'),
                  render: (p: Payment) => `${p.affiliate_name} (${p.affiliate_code})`,
                },
              ]
            : []),
          {
            accessor: 'amount_cents',
            title: t('ledger.amount'),
            textAlign: 'right',
            render: (p) => money(p.amount_cents),
          },
          { accessor: 'method', title: t('ledger.method'), render: (p) => t(`ledger.methods.${p.method}`) },
          {
            accessor: 'reference',
            title: t('ledger.reference'),
            render: (p) => (
              <Text size="sm" ff="monospace">
                {p.reference}
              </Text>
            ),
          },
          {
            accessor: 'paid_by_name',
            title: t('ledger.paidBy'),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
        ]}
      />
    </Stack>
  );
}
