import { MAIL_STATES, type MailDelivery, type MailState } from '@contract/mail';
import { Card, Select, Text, Tooltip } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { useMails } from '../api/get-mails';

const PAGE_SIZE = 20;
const STATE_COLOR: Record<MailState, string> = { queued: 'yellow', sent: 'green', failed: 'red', kept: 'gray' };

/** The outbox's mails, newest first: recipient, subject and how delivery went, never the body. */
export function MailList() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<MailState | null>(null);
  const list = useMails(page, PAGE_SIZE, state);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  return (
    <Card withBorder padding="lg" component="section" aria-label={t('mails.listTitle')}>
      <Select
        mb="md"
        w={240}
        maw="100%"
        label={t('mails.filter')}
        allowDeselect={false}
        value={state ?? 'all'}
        onChange={(value) => {
          setPage(1);
          setState(!value || value === 'all' ? null : (value as MailState));
        }}
        data={[
          { value: 'all', label: t('mails.all') },
          ...MAIL_STATES.map((s) => ({ value: s, label: t(`mails.states.${s}`) })),
        ]}
      />
      <FormAlert message={list.isError ? errorMessage(list.error, t) : null} mb="md" />
      {list.isPending ? (
        <ListSkeleton label={t('common.loading')} />
      ) : (
        <ResponsiveDataTable<MailDelivery>
          fetching={list.isPlaceholderData}
          records={list.data?.items ?? []}
          pagination={{ page, onPageChange: setPage, totalRecords: list.data?.total ?? 0, recordsPerPage: PAGE_SIZE }}
          noRecordsIcon={<IconMail size={36} stroke={1.4} />}
          noRecordsText={t('mails.none')}
          minHeight={160}
          columns={[
            { accessor: 'subject', title: t('mails.subject'), isPrimary: true },
            {
              accessor: 'to',
              title: t('mails.to'),
              render: (m) => (
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {m.to}
                </Text>
              ),
            },
            {
              accessor: 'state',
              title: t('mails.status'),
              render: (m) => (
                <Tooltip label={m.error ?? ''} disabled={!m.error} multiline maw={360}>
                  <StatusBadge color={STATE_COLOR[m.state]}>{t(`mails.states.${m.state}`)}</StatusBadge>
                </Tooltip>
              ),
            },
            { accessor: 'attempts', title: t('mails.attempts'), textAlign: 'right' },
            {
              accessor: 'error',
              title: t('mails.lastError'),
              render: (m) => (
                <Text size="sm" c={m.error ? 'red.8' : 'dimmed'} lineClamp={2} maw={260} title={m.error ?? undefined}>
                  {m.error || '—'}
                </Text>
              ),
            },
            { accessor: 'created_at', title: t('mails.queuedAt'), render: (m) => when(m.created_at) },
            {
              accessor: 'sent_at',
              title: t('mails.sentOrRetry'),
              render: (m) => when(m.sent_at ?? m.next_attempt_at),
            },
          ]}
        />
      )}
    </Card>
  );
}
