import { Anchor, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../../../app/paths';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useTranslation } from '../../../i18n';
import { currentClaims } from '../../../lib/session';
import { useAdmins, useAssignThread, useMarkThreadRead, useReply, useThread } from '../api/messages';
import { Composer } from './composer';
import { MessageList } from './message-list';

/** One conversation for an admin: read as it opens, assigned, answered. */
export function ThreadView({ threadId, onBack }: { threadId: number; onBack?: () => void }) {
  const { t } = useTranslation();
  const thread = useThread(threadId);
  const reply = useReply(threadId);
  const assign = useAssignThread(threadId);
  const markRead = useMarkThreadRead();
  const admins = useAdmins();
  const me = Number(currentClaims()?.sub ?? 0);
  const unread = thread.data?.unread ?? 0;
  // Each answer that still shows unread messages marks them read (the server's mark is idempotent):
  // a live refresh that raced an earlier mark, or a mark that failed, is caught by the next answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer of the thread.
  useEffect(() => {
    if (unread > 0) markRead.mutate(threadId);
  }, [threadId, unread, thread.dataUpdatedAt]);
  if (thread.isPending) return <ListSkeleton label={t('messages.loading')} rows={4} rowHeight={64} />;
  if (!thread.data) return null;
  const data = thread.data;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div style={{ minWidth: 0 }}>
            {onBack && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconArrowLeft size={14} />}
                onClick={onBack}
                mb={4}
              >
                {t('messages.back')}
              </Button>
            )}
            <Title order={2} fz="h4">
              {data.affiliate_name}
            </Title>
            <Anchor component={Link} to={pathTo('adminAffiliateEdit', { id: data.affiliate_id })} size="xs">
              {t('messages.affiliateCode', { code: data.affiliate_code })}
            </Anchor>
          </div>
          <Select
            label={t('messages.assignee')}
            placeholder={t('messages.unassigned')}
            size="xs"
            w={220}
            clearable
            value={data.assigned_to ? String(data.assigned_to.id) : null}
            data={(admins.data ?? []).map((a) => ({
              value: String(a.id),
              label:
                a.id === me
                  ? t('messages.me', { name: `${a.first_name} ${a.last_name}` })
                  : `${a.first_name} ${a.last_name}`,
            }))}
            onChange={(value) => assign.mutate(value ? Number(value) : null)}
            disabled={assign.isPending}
          />
        </Group>
        {data.messages.length ? (
          <MessageList messages={data.messages} mine="staff" showAuthor />
        ) : (
          <Text c="dimmed" size="sm">
            {t('messages.emptyStaff')}
          </Text>
        )}
        <Composer label={t('messages.reply')} onSend={(body) => reply.mutateAsync(body)} isSending={reply.isPending} />
      </Stack>
    </Card>
  );
}
