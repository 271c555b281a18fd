import type { Notification } from '@contract/notifications';
import { Popover, ScrollArea, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { pathTo } from '../app/paths';
import { useTranslation } from '../i18n';
import { formatDateTime } from '../lib/format';
import { markNotificationsRead, useBellNotifications } from '../lib/notifications/server-notifications';
import { BellButton } from './bell-button';

/** Where a notification leads: the sale, the redemptions, the registrations waiting. */
function linkOf(notification: Notification): string | null {
  const saleId = Number(notification.data.sale_id);
  if (notification.kind.startsWith('sale.') && saleId > 0) return pathTo('saleDetails', { id: saleId });
  if (notification.kind === 'redemption.requested') return pathTo('adminRedemptionHistory');
  if (notification.kind.startsWith('redemption.')) return pathTo('redemptions');
  if (notification.kind === 'affiliate.registered') return pathTo('adminApproveAffiliates');
  const threadId = Number(notification.data.thread_id);
  if ((notification.kind === 'message.new' || notification.kind === 'message.assigned') && threadId > 0) {
    return `${pathTo('adminMessages')}?conversa=${threadId}`;
  }
  if (notification.kind === 'message.reply' || notification.kind === 'announcement') return pathTo('messages');
  return null;
}

/**
 * The bell: the person's unread notifications as the server keeps them (so they are there after a
 * reload or the next sign-in), and those that arrive live. Opening it marks them read on the server,
 * and those that arrive while it is open too; they stay listed until the page is left. Its own chunk, loaded after the page has painted
 * (layouts/full-layout.tsx): until then the button stands alone, and a click on it opens the list
 * once it is there.
 */
export default function NotificationBell({ initiallyOpened = false }: { initiallyOpened?: boolean }) {
  const { t, i18n } = useTranslation();
  const { items, unread } = useBellNotifications();
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  useEffect(() => {
    if (initiallyOpened) setOpened(true);
  }, [initiallyOpened]);
  // Open, the bell shows what it lists: read on opening, and so is each one that arrives while it
  // stays open (a count growing on an open list would ask to read what is already in view).
  // Once per newest one: a server that fails to mark them is not asked again and again.
  const markedUpTo = useRef(0);
  const newest = items[0]?.id ?? 0;
  useEffect(() => {
    if (!opened) {
      markedUpTo.current = 0;
      return;
    }
    if (unread === 0 || newest <= markedUpTo.current) return;
    markedUpTo.current = newest;
    void markNotificationsRead().catch(() => {});
  }, [opened, unread, newest]);
  return (
    <Popover
      opened={opened}
      // Controlled, so the bell button toggles it; Escape and a click outside close it through here.
      onChange={setOpened}
      width={340}
      position="bottom-end"
      shadow="md"
      withinPortal
    >
      <Popover.Target>
        <Tooltip label={t('header.notifications')}>
          <BellButton unread={unread} isOpen={opened} onClick={() => setOpened((isOpen) => !isOpen)} />
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Text fw={700} px="md" py="sm">
          {t('header.notifications')}
        </Text>
        {items.length === 0 ? (
          <Stack align="center" gap="xs" p="lg">
            <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
              <IconBellOff size={22} />
            </ThemeIcon>
            <Text size="sm" c="dimmed" ta="center">
              {t('common.noNotifications')}
            </Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack
              gap={0}
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={t('header.notifications')}
            >
              {items.map((n) => {
                const to = linkOf(n);
                const body = (
                  <Stack gap={2} data-server-text>
                    {/* The server's words, in the account's language: each laid out by its own first letter. */}
                    <Text size="sm" fw={600} dir="auto">
                      {n.title}
                    </Text>
                    <Text size="sm" c="dimmed" dir="auto">
                      {n.text}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(n.created_at, i18n.language)}
                    </Text>
                  </Stack>
                );
                return (
                  <li key={n.id} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
                    {to ? (
                      <UnstyledButton component={Link} to={to} onClick={close} px="md" py="sm" display="block" w="100%">
                        {body}
                      </UnstyledButton>
                    ) : (
                      <Stack px="md" py="sm">
                        {body}
                      </Stack>
                    )}
                  </li>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
