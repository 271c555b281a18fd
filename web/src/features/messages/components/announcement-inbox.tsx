import { Accordion, Badge, Card, Group, Text } from '@mantine/core';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { useMarkAnnouncementRead, useMyAnnouncements } from '../api/messages';

/** What the programme announced to the affiliate, newest first; opening one counts as read. */
export function AnnouncementInbox() {
  const { t, i18n } = useTranslation();
  const announcements = useMyAnnouncements();
  const markRead = useMarkAnnouncementRead();
  if (announcements.isPending) return <ListSkeleton label={t('messages.loading')} rows={3} />;
  const items = announcements.data ?? [];
  if (items.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text c="dimmed" size="sm">
          {t('messages.noAnnouncements')}
        </Text>
      </Card>
    );
  }
  return (
    <Accordion
      variant="separated"
      onChange={(value) => {
        const item = items.find((a) => String(a.id) === value);
        if (item && item.read_at === null) markRead.mutate(item.id);
      }}
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={String(item.id)} data-testid="announcement">
          <Accordion.Control>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <div style={{ minWidth: 0 }}>
                <Text fw={item.read_at ? 500 : 700} truncate>
                  {item.subject}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(item.created_at, i18n.language)}
                </Text>
              </div>
              {item.read_at === null && (
                <Badge size="sm" variant="light">
                  {t('messages.new')}
                </Badge>
              )}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.body}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
