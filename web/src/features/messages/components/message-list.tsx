import type { Message } from '@contract/messages';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconChecks } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';

/**
 * A conversation, oldest first, the newest in view. `mine` says which side is the reader's: their
 * messages sit at the end of the line. Bodies are plain text, shown as text (never as HTML) with
 * their line breaks; under the reader's own, whether the other side has read it.
 */
export function MessageList({
  messages,
  mine,
  showAuthor,
}: {
  messages: Message[];
  mine: 'staff' | 'affiliate';
  showAuthor: boolean;
}) {
  const { t, i18n } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (newest !== undefined) end.current?.scrollIntoView({ block: 'nearest' });
  }, [newest]);
  if (messages.length === 0) return null;
  return (
    <Stack gap="sm" role="log" aria-label={t('messages.conversation')}>
      {messages.map((message) => {
        const isMine = message.from_staff === (mine === 'staff');
        return (
          <Box key={message.id} style={{ display: 'flex', justifyContent: isMine ? 'flex-end' : 'flex-start' }}>
            <Paper
              p="sm"
              radius="md"
              maw="85%"
              withBorder={!isMine}
              bg={isMine ? 'var(--mantine-primary-color-light)' : undefined}
              data-testid="message"
            >
              <Text size="xs" c="dimmed" fw={600}>
                {message.from_staff && !showAuthor ? t('messages.programme') : message.author_name}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.body}
              </Text>
              <Group gap={4} justify="flex-end" mt={4}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(message.created_at, i18n.language)}
                </Text>
                {isMine &&
                  (message.read_at ? (
                    <IconChecks size={14} aria-label={t('messages.read')} color="var(--mantine-color-teal-7)" />
                  ) : (
                    <IconCheck size={14} aria-label={t('messages.sent')} color="var(--mantine-color-dimmed)" />
                  ))}
              </Group>
            </Paper>
          </Box>
        );
      })}
      <div ref={end} />
    </Stack>
  );
}
