import type { ThreadSummary } from '@contract/messages';
import {
  Badge,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { type ThreadFilter, useThreads } from '../api/messages';

const FILTERS: ThreadFilter[] = ['all', 'unread', 'mine', 'unassigned'];

function ThreadRow({ thread, isOpen, onOpen }: { thread: ThreadSummary; isOpen: boolean; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-current={isOpen ? 'true' : undefined}
      data-testid="thread-row"
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: isOpen ? 'var(--mantine-primary-color-light)' : undefined,
        display: 'block',
        width: '100%',
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={thread.unread ? 700 : 500} size="sm" truncate>
          {thread.affiliate_name}
        </Text>
        {thread.unread > 0 && (
          <Badge size="sm" circle aria-label={t('messages.unreadCount', { count: thread.unread })}>
            {thread.unread}
          </Badge>
        )}
      </Group>
      {thread.last_message && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {thread.last_message.from_staff ? `${t('messages.you')}: ` : ''}
          {thread.last_message.body}
        </Text>
      )}
      <Group justify="space-between" gap="xs" mt={2} wrap="nowrap">
        <Text size="xs" c="dimmed" truncate>
          {thread.assigned_to ? thread.assigned_to.name : t('messages.unassigned')}
        </Text>
        {thread.last_message && (
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatDateTime(thread.last_message.created_at, i18n.language)}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}

/** The inbox: every conversation, latest first, filtered and searched, with unread counts. */
export function ThreadList({ openId, onOpen }: { openId: number | null; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ThreadFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const threads = useThreads(filter, debounced, page);
  const pages = Math.max(1, Math.ceil((threads.data?.total ?? 0) / 20));
  return (
    <Card withBorder padding="sm">
      <Stack gap="sm">
        <SegmentedControl
          size="xs"
          fullWidth
          value={filter}
          onChange={(value) => {
            setFilter(value as ThreadFilter);
            setPage(1);
          }}
          data={FILTERS.map((value) => ({ value, label: t(`messages.filters.${value}`) }))}
          aria-label={t('messages.filter')}
        />
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('messages.search')}
          aria-label={t('messages.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        {threads.isPending ? (
          <ListSkeleton label={t('messages.loading')} rows={4} rowHeight={64} />
        ) : threads.data?.items.length ? (
          <Stack gap={2}>
            {threads.data.items.map((thread) => (
              <ThreadRow
                key={thread.id}
                thread={thread}
                isOpen={thread.id === openId}
                onOpen={() => onOpen(thread.id)}
              />
            ))}
          </Stack>
        ) : (
          <Text c="dimmed" size="sm" p="sm">
            {t('messages.noThreads')}
          </Text>
        )}
        {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} />}
      </Stack>
    </Card>
  );
}
