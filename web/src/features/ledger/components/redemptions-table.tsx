import { BRASILIA_OFFSET, brasiliaDayOf } from '@contract/calendar';
import { OPEN_REDEMPTION_STATUSES, type Redemption, type RedemptionListQuery } from '@contract/ledger';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCash, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateRangeInputs } from '../../../components/date-range-inputs';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { type RedemptionDecision, useDecideRedemption, useRedemptions } from '../api/ledger';
import { RedemptionDecisionModal } from './redemption-decision';
import { RedemptionDetails, RedemptionStatusBadge } from './redemption-details';

const PAGE_SIZE = 20;
/** The status filter's choices: `open` is either open status, what the admin home's card counts. */
const STATUSES = ['open', 'requested', 'approved', 'paid', 'rejected'] as const;
type StatusFilter = (typeof STATUSES)[number];
const isStatusFilter = (value: string | null): value is StatusFilter => STATUSES.some((s) => s === value);
/** Whether a request in `status` is among those the filter shows. */
const shows = (filter: string | null, status: Redemption['status']) =>
  filter === null ||
  filter === status ||
  (filter === 'open' && OPEN_REDEMPTION_STATUSES.some((open) => open === status));

/** The filters whose rows may include approved requests: where they can be picked. */
const PICKABLE_FILTERS: (string | null)[] = [null, 'open', 'approved'];

/** Approved requests picked in the list, and a way to let go of them (after they were used). */
export type RedemptionSelection = { selected: Redemption[]; clear: () => void };

/**
 * Redemption requests: an affiliate's own history, or for an admin every request with filters and
 * the next step (approve, reject with a reason, pay with a reference). A row opens its timeline.
 * Given `selectionBar`, an admin can tick approved requests, and the bar (another domain's, put
 * here by the screen) acts on them.
 */
export function RedemptionsTable({
  admin,
  networks = [],
  selectionBar,
}: {
  admin: boolean;
  networks?: { value: string; label: string }[];
  selectionBar?: (selection: RedemptionSelection) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  // A link may name the filter (`?status=open` from the admin home); an admin's default is what to decide.
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('status');
  const [status, setStatus] = useState<string | null>(admin ? (isStatusFilter(linked) ? linked : 'requested') : null);
  const [networkId, setNetworkId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [step, setStep] = useState<{ redemption: Redemption; action: 'reject' | 'pay' } | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  /** Where a decision moved a row the filter no longer shows: the notice offers to follow it there. */
  const [moved, setMoved] = useState<Redemption | null>(null);
  /**
   * Rows decided on this screen stay in view with their new status (and their next step) until the
   * filters or the page change, rather than vanishing from under the person who decided them.
   */
  const [kept, setKept] = useState<Redemption[]>([]);
  const [selected, setSelected] = useState<Redemption[]>([]);
  const decide = useDecideRedemption();
  const query: RedemptionListQuery = {
    q: q || undefined,
    status: (status as RedemptionListQuery['status']) ?? undefined,
    network_id: networkId ? Number(networkId) : undefined,
    from: from || undefined,
    to: to || undefined,
    page,
    page_size: PAGE_SIZE,
  };
  const list = useRedemptions(query);
  const reset = () => {
    setPage(1);
    setKept([]);
    setMoved(null);
    setSelected([]);
  };
  const isPicking = admin && selectionBar !== undefined && PICKABLE_FILTERS.includes(status);
  const served = list.data?.items ?? [];
  const records = [...served, ...kept.filter((k) => !served.some((r) => r.id === k.id))].sort(
    (a, b) => b.requested_at.localeCompare(a.requested_at) || b.id - a.id,
  );
  const isKept = (r: Redemption) => kept.some((k) => k.id === r.id) && !served.some((s) => s.id === r.id);
  const keptOnly = records.length - served.length;
  const isFiltered = Boolean(q || status || networkId || from || to);
  const follow = (redemption: Redemption) => {
    setStatus(redemption.status);
    reset();
    setExpanded([redemption.id]);
  };

  const run = async (redemption: Redemption, decision: RedemptionDecision) => {
    setFeedback(null);
    try {
      const done = await decide.mutateAsync({ id: redemption.id, decision });
      // A request that is no longer approved cannot stay picked.
      setSelected((rows) => rows.filter((r) => r.id !== done.id || done.status === 'approved'));
      const leavesFilter = !shows(status, done.status);
      setKept((rows) => [...rows.filter((r) => r.id !== done.id), done]);
      setMoved(leavesFilter ? done : null);
      setFeedback({
        tone: 'success',
        text: t(`ledger.decidedNext.${done.status}`, { id: done.id }),
      });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, t) });
    }
    setStep(null);
  };

  return (
    <Stack gap="md">
      {admin && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            aria-label={t('ledger.search')}
            placeholder={t('ledger.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              reset();
            }}
            w={{ base: '100%', sm: 240 }}
          />
          <Select
            aria-label={t('ledger.status')}
            placeholder={t('ledger.anyStatus')}
            clearable
            data={STATUSES.map((s) => ({ value: s, label: t(`ledger.statuses.${s}`) }))}
            value={status}
            onChange={(v) => {
              setStatus(v);
              reset();
            }}
            w={{ base: '100%', xs: 230 }}
          />
          <Select
            aria-label={t('sales.network')}
            placeholder={t('ledger.anyNetwork')}
            clearable
            data={networks}
            value={networkId}
            onChange={(v) => {
              setNetworkId(v);
              reset();
            }}
            w={{ base: '100%', xs: 200 }}
          />
          <DateRangeInputs
            from={from}
            to={to}
            labels={{ from: t('ledger.from'), to: t('ledger.to') }}
            onChange={(range) => {
              setFrom(range.from);
              setTo(range.to);
            }}
          />
          {list.data && (
            <Text size="sm" c="dimmed" mb={8} data-testid="redemptions-total">
              {t('ledger.total', { count: list.data.totals.count, amount: money(list.data.totals.amount_cents) })}
            </Text>
          )}
        </Group>
      )}
      <FormAlert
        message={
          feedback && (
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text size="sm">{feedback.text}</Text>
              {feedback.tone === 'success' && moved && (
                <Button size="compact-sm" variant="light" onClick={() => follow(moved)}>
                  {t('ledger.showStatus', { status: t(`ledger.statuses.${moved.status}`) })}
                </Button>
              )}
            </Group>
          )
        }
        tone={feedback?.tone}
      />
      {admin && selectionBar?.({ selected, clear: () => setSelected([]) })}
      <FormAlert message={list.isError ? errorMessage(list.error, t) : null} />
      <ResponsiveDataTable<Redemption>
        fetching={list.isFetching}
        records={records}
        pagination={{
          page,
          onPageChange: (next) => {
            setPage(next);
            setKept([]);
          },
          totalRecords: (list.data?.total ?? 0) + keptOnly,
          recordsPerPage: PAGE_SIZE,
        }}
        rowColor={(r) => (isKept(r) ? { light: 'teal.0', dark: 'teal.9' } : undefined)}
        selection={
          isPicking
            ? {
                selected,
                onChange: setSelected,
                isSelectable: (r) => r.status === 'approved',
                label: (r) => t('ledger.select', { id: r.id }),
                allLabel: t('ledger.selectAllApproved'),
              }
            : undefined
        }
        noRecordsIcon={<IconCash size={36} stroke={1.4} />}
        noRecordsText={isFiltered ? t('ledger.emptyFiltered') : t('ledger.emptyRedemptions')}
        highlightOnHover
        expansion={{
          expanded,
          onChange: (ids) => setExpanded(ids as number[]),
          content: (record) => <RedemptionDetails redemption={record} />,
        }}
        columns={[
          { accessor: 'id', title: t('ledger.id') },
          {
            accessor: 'requested_at',
            title: t('ledger.date'),
            isPrimary: true,
            render: (r) => formatDateTime(r.requested_at, i18n.language),
          },
          ...(admin
            ? [
                {
                  accessor: 'affiliate_name',
                  title: t('ledger.affiliate'),
                  render: (r: Redemption) => `${r.affiliate_name} (${r.affiliate_code})`,
                },
              ]
            : []),
          {
            accessor: 'amount_cents',
            title: t('ledger.amount'),
            textAlign: 'right',
            render: (r) => money(r.amount_cents),
          },
          {
            accessor: 'method',
            title: t('ledger.method'),
            render: (r) => t(`ledger.methods.${r.method}`),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'status',
            title: t('ledger.status'),
            noWrap: true,
            render: (r) => <RedemptionStatusBadge status={r.status} />,
          },
          ...(admin
            ? [
                {
                  accessor: 'actions',
                  title: '',
                  textAlign: 'right' as const,
                  isActions: true,
                  render: (r: Redemption) => (
                    // The row itself toggles its details: the buttons keep their clicks to themselves.
                    // biome-ignore lint/a11y/noStaticElementInteractions: stops the row toggle, not an action of its own
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside are the keyboard targets
                    <div onClick={(e) => e.stopPropagation()}>
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        {r.status === 'requested' && (
                          <Button
                            size="compact-sm"
                            color="green"
                            loading={decide.isPending}
                            onClick={() => run(r, { action: 'approve' })}
                            aria-label={`${t('ledger.approve')} ${r.id}`}
                          >
                            {t('ledger.approve')}
                          </Button>
                        )}
                        {r.status === 'approved' && (
                          <Button
                            size="compact-sm"
                            color="green"
                            onClick={() => setStep({ redemption: r, action: 'pay' })}
                            aria-label={`${t('ledger.pay')} ${r.id}`}
                          >
                            {t('ledger.pay')}
                          </Button>
                        )}
                        {(r.status === 'requested' || r.status === 'approved') && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            onClick={() => setStep({ redemption: r, action: 'reject' })}
                            aria-label={`${t('ledger.reject')} ${r.id}`}
                          >
                            {t('ledger.reject')}
                          </Button>
                        )}
                      </Group>
                    </div>
                  ),
                },
              ]
            : []),
        ]}
      />
      {step && (
        <RedemptionDecisionModal
          redemption={step.redemption}
          action={step.action}
          busy={decide.isPending}
          onCancel={() => setStep(null)}
          onConfirm={(values) =>
            run(
              step.redemption,
              step.action === 'reject'
                ? { action: 'reject', reason: values.reason.trim() }
                : {
                    action: 'pay',
                    reference: values.reference.trim(),
                    // Today means now; an earlier day is recorded at its noon, Brasília time.
                    paid_at:
                      values.paid_on === brasiliaDayOf(Date.now())
                        ? undefined
                        : `${values.paid_on}T12:00:00${BRASILIA_OFFSET}`,
                  },
            )
          }
        />
      )}
    </Stack>
  );
}
