import {
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionListQuery,
  type SubscriptionStatus,
} from '@contract/subscriptions';
import { Button, Group, type MantineTheme, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconReceipt, IconRepeat, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { type ResponsiveColumn, ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSubscriptions } from '../api/get-subscriptions';
import { SubscriptionTotals } from './subscription-totals';

const PAGE_SIZE = 20;
const STATUS_COLOR: Record<SubscriptionStatus, string> = { active: 'green', ended: 'gray' };

type Option = { value: string; label: string };
/** A row's key: a subscription id is the merchant's, unique within its campaign only. */
type Row = Subscription & { key: string };

/**
 * Subscriptions from their charges, with totals over the filters: an affiliate's own (what their
 * renewals earn them), or for an admin the programme's with each one's affiliate. Each row leads to
 * its charges in the sales list (`salesLink`, given by the screen).
 */
export function SubscriptionsTable({
  admin,
  campaigns,
  salesLink,
}: {
  admin: boolean;
  campaigns: Option[];
  salesLink: (subscription: Subscription) => string;
}) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<SubscriptionStatus | null>(null);
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const query: SubscriptionListQuery = {
    q: q || undefined,
    status: status ?? undefined,
    campaign_id: campaignId ? Number(campaignId) : undefined,
    page,
    page_size: PAGE_SIZE,
  };
  const subscriptions = useSubscriptions(query);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const date = (iso: string) => formatDate(iso, i18n.language);
  const isFiltered = Boolean(q || status || campaignId);
  const filter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };

  const columns: ResponsiveColumn<Row>[] = [
    {
      accessor: 'subscription_id',
      title: t('subscriptions.columns.subscription'),
      isPrimary: true,
      render: (s) => (
        <Stack gap={0} maw={{ base: '100%', sm: 200 }}>
          {/* A merchant's id can be long: cut on a wide table (whole on hover), whole on a phone's card. */}
          <Text size="sm" fw={600} ff="monospace" truncate="end" title={s.subscription_id}>
            {s.subscription_id}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {s.campaign_name}
          </Text>
        </Stack>
      ),
    },
    ...(admin ? [{ accessor: 'affiliate_name', title: t('subscriptions.columns.affiliate') }] : []),
    {
      accessor: 'status',
      title: t('subscriptions.columns.status'),
      render: (s) => (
        <StatusBadge color={STATUS_COLOR[s.status]}>{t(`subscriptions.statuses.${s.status}`)}</StatusBadge>
      ),
    },
    {
      accessor: 'charges',
      title: t('subscriptions.columns.charges'),
      noWrap: true,
      render: (s) => (
        <Stack gap={0}>
          <Text size="sm">{t('subscriptions.chargesValue', { count: s.charges })}</Text>
          {/* A merchant may start counting mid-way, and charges that fell through do not stand. */}
          {s.last_charge_number !== s.charges && (
            <Text size="xs" c="dimmed">
              {t('subscriptions.lastChargeNumber', { number: s.last_charge_number })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'started_at',
      title: t('subscriptions.columns.started'),
      noWrap: true,
      render: (s) => date(s.started_at),
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.xl})`,
    },
    {
      accessor: 'last_charge_at',
      title: t('subscriptions.columns.lastCharge'),
      noWrap: true,
      render: (s) => date(s.last_charge_at),
      // An admin's table has the affiliate too: the last charge waits for a wide screen (a card shows it).
      ...(admin ? { visibleMediaQuery: (theme: MantineTheme) => `(min-width: ${theme.breakpoints.xl})` } : {}),
    },
    {
      accessor: 'commission_cents',
      title: t('subscriptions.columns.commission'),
      textAlign: 'right',
      noWrap: true,
      render: (s) => money(s.commission_cents),
    },
    {
      accessor: 'recurring_commission_cents',
      title: t('subscriptions.columns.recurring'),
      textAlign: 'right',
      noWrap: true,
      render: (s) => (
        <Text size="sm" fw={600}>
          {money(s.recurring_commission_cents)}
        </Text>
      ),
    },
    {
      accessor: 'pending_commission_cents',
      title: t('subscriptions.columns.pending'),
      textAlign: 'right',
      noWrap: true,
      render: (s) => money(s.pending_commission_cents),
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.xl})`,
    },
    {
      accessor: 'actions',
      title: t('subscriptions.columns.sales'),
      textAlign: 'right',
      isActions: true,
      render: (s) => (
        <Button
          component={Link}
          to={salesLink(s)}
          size="compact-sm"
          variant="light"
          leftSection={<IconReceipt size={14} aria-hidden />}
          aria-label={t('subscriptions.viewSalesOf', { id: s.subscription_id })}
        >
          {t('subscriptions.viewSales')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <SubscriptionTotals totals={subscriptions.data?.totals} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label={t('subscriptions.search')}
          placeholder={t('subscriptions.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 260 }}
        />
        <Select
          aria-label={t('subscriptions.status')}
          placeholder={t('subscriptions.anyStatus')}
          clearable
          data={SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`subscriptions.statuses.${s}`) }))}
          value={status}
          onChange={filter((value: string | null) => setStatus(value as SubscriptionStatus | null))}
          w={{ base: '100%', xs: 180 }}
        />
        {admin && (
          <Select
            aria-label={t('subscriptions.campaign')}
            placeholder={t('subscriptions.anyCampaign')}
            clearable
            searchable
            data={campaigns}
            value={campaignId}
            onChange={filter(setCampaignId)}
            w={{ base: '100%', xs: 240 }}
          />
        )}
      </Group>
      <FormAlert message={subscriptions.isError ? errorMessage(subscriptions.error, t) : null} />
      <ResponsiveDataTable<Row>
        idAccessor="key"
        fetching={subscriptions.isFetching}
        records={(subscriptions.data?.items ?? []).map((s) => ({ ...s, key: `${s.campaign_id}:${s.subscription_id}` }))}
        minHeight={240}
        pagination={{
          page,
          onPageChange: setPage,
          totalRecords: subscriptions.data?.total ?? 0,
          recordsPerPage: PAGE_SIZE,
        }}
        noRecordsIcon={<IconRepeat size={36} stroke={1.4} />}
        noRecordsText={admin || isFiltered ? t('subscriptions.empty') : t('subscriptions.emptyOwn')}
        highlightOnHover
        columns={columns}
      />
    </Stack>
  );
}
