import { ActionIcon, Indicator, Popover, ScrollArea, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from '../i18n';
import { notificationStore, useNotifications } from '../lib/notifications/notification-store';

/** The bell: how many notifications arrived unseen, and the list of this session's notifications. */
export function NotificationBell() {
  const { t } = useTranslation();
  const { list, unread } = useNotifications();
  const label = unread > 0 ? `${t('header.notifications')} (${unread})` : t('header.notifications');
  return (
    <Popover width={340} position="bottom-end" shadow="md" onOpen={() => notificationStore.markAllRead()} withinPortal>
      <Popover.Target>
        <Tooltip label={t('header.notifications')}>
          <Indicator label={unread} size={18} disabled={unread === 0} offset={6} color="red">
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Text fw={700} px="md" py="sm">
          {t('header.notifications')}
        </Text>
        {list.length === 0 ? (
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
              {[...list].reverse().map((n) => (
                <Stack
                  key={n.id}
                  component="li"
                  gap={2}
                  px="md"
                  py="sm"
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Text size="sm" fw={600}>
                    {n.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {n.text}
                  </Text>
                </Stack>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
