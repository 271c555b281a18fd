import 'mantine-datatable/styles.css';
import type { Redemption, RedemptionListQuery } from '@contract/ledger';
import { Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCash, IconSearch } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { DateRangeInputs } from '../../../components/date-range-inputs';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { type RedemptionDecision, useDecideRedemption, useRedemptions } from '../api/ledger';
import { RedemptionDecisionModal } from './redemption-decision';
import { RedemptionDetails, RedemptionStatusBadge } from './redemption-details';

const PAGE_SIZE = 20;
const STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;

/**
 * Redemption requests: an affiliate's own history, or for an admin every request with filters and
 * the next step (approve, reject with a reason, pay with a reference). A row opens its timeline.
 */
export function RedemptionsTable({
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
  const [status, setStatus] = useState<string | null>(admin ? 'requested' : null);
  const [networkId, setNetworkId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [step, setStep] = useState<{ redemption: Redemption; action: 'reject' | 'pay' } | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
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
  const reset = () => setPage(1);

  const run = async (redemption: Redemption, decision: RedemptionDecision) => {
    setFeedback(null);
    try {
      const done = await decide.mutateAsync({ id: redemption.id, decision });
      setFeedback({
        tone: 'success',
        text: t('ledger.decided', { id: done.id, status: t(`ledger.statuses.${done.status}`) }),
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
            w={{ base: '100%', xs: 170 }}
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
      <FormAlert message={feedback?.text ?? null} tone={feedback?.tone} />
      <FormAlert message={list.isError ? errorMessage(list.error, t) : null} />
      <Card withBorder padding={0}>
        <DataTable<Redemption>
          minHeight={list.data?.items.length ? undefined : 200}
          fetching={list.isFetching}
          records={list.data?.items ?? []}
          totalRecords={list.data?.total ?? 0}
          recordsPerPage={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noRecordsIcon={<IconCash size={36} stroke={1.4} />}
          noRecordsText={t('ledger.emptyRedemptions')}
          verticalSpacing="sm"
          highlightOnHover
          rowExpansion={{
            allowMultiple: true,
            expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
            content: ({ record }) => <RedemptionDetails redemption={record} />,
          }}
          columns={[
            { accessor: 'id', title: t('ledger.id') },
            {
              accessor: 'requested_at',
              title: t('ledger.date'),
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
      </Card>
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
                      values.paid_on === new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
                        ? undefined
                        : `${values.paid_on}T12:00:00-03:00`,
                  },
            )
          }
        />
      )}
    </Stack>
  );
}
