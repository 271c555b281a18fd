import type { ListedAffiliate as Affiliate } from '@contract/affiliates';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconUserCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { useAffiliates, useDecideAffiliate } from '../api/affiliates';
import { AnswerList } from './application-answers';

const PAGE_SIZE = 20;

/** /admin/aprovar-afiliados: the pending registrations, approved or rejected one by one or together. */
export function PendingAffiliates() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Affiliate[]>([]);
  const [rejecting, setRejecting] = useState<Affiliate[] | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [busyIds, setBusyIds] = useState<number[]>([]);
  const list = useAffiliates({ status: 'pending', sort: '-created_at', page, page_size: PAGE_SIZE });
  const decide = useDecideAffiliate();

  async function run(targets: Affiliate[], reason?: string) {
    setFeedback(null);
    setBusyIds(targets.map((a) => a.id));
    const results = await Promise.allSettled(
      targets.map((a) =>
        reason === undefined
          ? decide.mutateAsync({ id: a.id, approve: true })
          : decide.mutateAsync({ id: a.id, approve: false, reason }),
      ),
    );
    setBusyIds([]);
    setSelected([]);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    const count = results.filter((r) => r.status === 'fulfilled').length;
    if (failed) setFeedback({ tone: 'error', text: errorMessage(failed.reason, t) });
    else
      setFeedback({
        tone: 'success',
        text: t(reason === undefined ? 'affiliates.approved' : 'affiliates.rejected', { count }),
      });
  }

  const records = list.data?.items ?? [];
  const isBusy = (a: Affiliate) => busyIds.includes(a.id);

  return (
    <Stack gap="md">
      <FormAlert message={feedback?.text} tone={feedback?.tone} withCloseButton onClose={() => setFeedback(null)} />
      <FormAlert message={list.isError ? errorMessage(list.error, t) : null} />
      <Group gap="sm">
        <Button
          leftSection={<IconCheck size={16} />}
          onClick={() => run(selected)}
          loading={busyIds.length > 1}
          disabled={selected.length === 0}
        >
          {t('affiliates.approveSelected', { count: selected.length })}
        </Button>
        <Button
          variant="default"
          leftSection={<IconX size={16} />}
          onClick={() => setRejecting(selected)}
          disabled={selected.length === 0}
        >
          {t('affiliates.rejectSelected', { count: selected.length })}
        </Button>
      </Group>
      <ResponsiveDataTable<Affiliate>
        minHeight={220}
        fetching={list.isFetching}
        records={records}
        pagination={{ page, onPageChange: setPage, totalRecords: list.data?.total ?? 0, recordsPerPage: PAGE_SIZE }}
        selection={{
          selected,
          onChange: setSelected,
          allLabel: t('affiliates.selectAll'),
          label: (a) => t('affiliates.selectRow', { name: `${a.first_name} ${a.last_name}` }),
        }}
        noRecordsIcon={<IconUserCheck size={36} stroke={1.4} />}
        noRecordsText={t('affiliates.empty')}
        highlightOnHover
        columns={[
          {
            accessor: 'name',
            title: t('affiliates.name'),
            isPrimary: true,
            render: (a) => (
              <Text size="sm" fw={600}>
                {a.first_name} {a.last_name}
              </Text>
            ),
          },
          {
            accessor: 'email',
            title: t('affiliates.email'),
            // What the fraud rules noticed at registration, beside the address it is about.
            render: (a) => (
              <Group gap={6} wrap="wrap">
                <Text size="sm">{a.email}</Text>
                {a.flags.map((flag) => (
                  <StatusBadge key={flag} color="orange" size="sm">
                    {t(`fraud.registrationFlags.${flag as 'disposable_email'}`)}
                  </StatusBadge>
                ))}
              </Group>
            ),
          },
          {
            accessor: 'answers',
            title: t('affiliates.answers'),
            render: (a) => (a.answers.length > 0 ? <AnswerList answers={a.answers} compact /> : '—'),
          },
          {
            accessor: 'code',
            title: t('affiliates.code'),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
          {
            accessor: 'created_at',
            title: t('affiliates.registeredAt'),
            render: (a) => formatDateTime(a.created_at, i18n.language),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'actions',
            title: t('affiliates.actions'),
            textAlign: 'right',
            isActions: true,
            render: (a) => (
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  loading={isBusy(a)}
                  onClick={() => run([a])}
                  aria-label={`${t('affiliates.approve')} ${a.first_name} ${a.last_name}`}
                >
                  {t('affiliates.approve')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={isBusy(a)}
                  onClick={() => setRejecting([a])}
                  aria-label={`${t('affiliates.reject')} ${a.first_name} ${a.last_name}`}
                >
                  {t('affiliates.reject')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <RejectModal
        targets={rejecting}
        onClose={() => setRejecting(null)}
        onConfirm={async (reason) => {
          const targets = rejecting ?? [];
          setRejecting(null);
          await run(targets, reason);
        }}
      />
    </Stack>
  );
}

function RejectModal({
  targets,
  onClose,
  onConfirm,
}: {
  targets: Affiliate[] | null;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (value) => (value.trim().length >= 3 ? null : t('validation.reason')) },
  });
  const count = targets?.length ?? 0;
  const title = count > 1 ? t('affiliates.rejectTitleMany', { count }) : t('affiliates.rejectTitle');
  return (
    <Modal opened={targets !== null} onClose={onClose} title={title} centered>
      <form
        onSubmit={form.onSubmit(async ({ reason }) => {
          await onConfirm(reason.trim());
          form.reset();
        })}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('affiliates.rejectText')}
          </Text>
          <Textarea
            label={t('affiliates.reason')}
            required
            autosize
            minRows={3}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="subtle" onClick={onClose}>
              {t('twoFactor.cancel')}
            </Button>
            <Button type="submit" color="red">
              {t('affiliates.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
