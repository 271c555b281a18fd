import { Badge, Card, Stack, Tabs, Text } from '@mantine/core';
import { IconMessages, IconSpeakerphone } from '@tabler/icons-react';
import { useEffect } from 'react';
import { ListSkeleton } from '../../../components/list-skeleton';
import { useTranslation } from '../../../i18n';
import { useMarkMyThreadRead, useMyAnnouncements, useMyThread, useSendMessage } from '../api/messages';
import { AnnouncementInbox } from './announcement-inbox';
import { Composer } from './composer';
import { MessageList } from './message-list';

/** The affiliate's conversation with the programme: read as it is shown, answered below. */
function Conversation() {
  const { t } = useTranslation();
  const thread = useMyThread();
  const send = useSendMessage();
  const markRead = useMarkMyThreadRead();
  const unread = thread.data?.unread ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: marked once per unread count seen.
  useEffect(() => {
    if (unread > 0 && !markRead.isPending) markRead.mutate();
  }, [unread]);
  if (thread.isPending) return <ListSkeleton label={t('messages.loading')} rows={3} />;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        {thread.data?.items.length ? (
          <MessageList messages={thread.data.items} mine="affiliate" showAuthor={false} />
        ) : (
          <Text c="dimmed" size="sm">
            {t('messages.emptyAffiliate')}
          </Text>
        )}
        <Composer label={t('messages.write')} onSend={(body) => send.mutateAsync(body)} isSending={send.isPending} />
      </Stack>
    </Card>
  );
}

/** `/mensagens` for an affiliate: the conversation and the announcements, each in a tab. */
export function MyMessages() {
  const { t } = useTranslation();
  const announcements = useMyAnnouncements();
  const thread = useMyThread();
  const unreadAnnouncements = (announcements.data ?? []).filter((a) => a.read_at === null).length;
  const unreadMessages = thread.data?.unread ?? 0;
  return (
    <Tabs defaultValue="conversation" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab
          value="conversation"
          leftSection={<IconMessages size={16} />}
          rightSection={
            unreadMessages ? (
              <Badge size="sm" circle>
                {unreadMessages}
              </Badge>
            ) : null
          }
        >
          {t('messages.conversationTab')}
        </Tabs.Tab>
        <Tabs.Tab
          value="announcements"
          leftSection={<IconSpeakerphone size={16} />}
          rightSection={
            unreadAnnouncements ? (
              <Badge size="sm" circle>
                {unreadAnnouncements}
              </Badge>
            ) : null
          }
        >
          {t('messages.announcementsTab')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="conversation">
        <Conversation />
      </Tabs.Panel>
      <Tabs.Panel value="announcements">
        <AnnouncementInbox />
      </Tabs.Panel>
    </Tabs>
  );
}
