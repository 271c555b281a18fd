import type { Announcement } from '@contract/messages';
import { Card, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { ResponsiveDataTable } from '../../../components/responsive-data-table';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { useAnnouncements } from '../api/messages';

const PAGE_SIZE = 10;

/** Every announcement sent, newest first, with how far it went: reached, mails delivered, opened. */
export function AnnouncementsTable() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const announcements = useAnnouncements(page);
  const segmentOf = (a: Announcement) =>
    a.segment === 'all' ? t('messages.segments.all') : `${t(`messages.segments.${a.segment}`)}: ${a.segment_name}`;
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb={4}>
        {t('messages.sentAnnouncements')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('messages.countsHelp')}
      </Text>
      <ResponsiveDataTable<Announcement>
        inCard
        fetching={announcements.isPending}
        records={announcements.data?.items ?? []}
        noRecordsIcon={<IconSpeakerphone size={36} stroke={1.4} />}
        noRecordsText={t('messages.noSent')}
        pagination={{
          page,
          onPageChange: setPage,
          totalRecords: announcements.data?.total ?? 0,
          recordsPerPage: PAGE_SIZE,
        }}
        columns={[
          { accessor: 'subject', title: t('messages.subject'), isPrimary: true },
          { accessor: 'segment', title: t('messages.audience'), render: segmentOf },
          {
            accessor: 'created_at',
            title: t('messages.sentAt'),
            render: (a) => formatDateTime(a.created_at, i18n.language),
          },
          { accessor: 'recipients', title: t('messages.recipients'), textAlign: 'right' },
          {
            accessor: 'delivered',
            title: t('messages.delivered'),
            textAlign: 'right',
            render: (a) => t('messages.ofMailed', { delivered: a.delivered, mailed: a.mailed }),
          },
          {
            accessor: 'opened',
            title: t('messages.opened'),
            textAlign: 'right',
            render: (a) =>
              a.recipients ? `${a.opened} (${Math.round((a.opened / a.recipients) * 100)}%)` : String(a.opened),
          },
        ]}
      />
    </Card>
  );
}
