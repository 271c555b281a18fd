import { notifications, notificationsStore } from '@mantine/notifications';
import { t } from '../../i18n';
import { onSessionChange } from '../session';
import { logNotification } from './notification-log';
import { type NewNotification, notificationStore } from './notification-store';

/**
 * A burst (a launch day's registrations) must not queue toasts for minutes over the page's top corner:
 * the newest shows at once, in place of the oldest on screen when the screen is full, and nothing
 * waits. Each is in the bell already.
 */
function makeRoomForTheNewest() {
  const { notifications: onScreen, limit } = notificationsStore.getState();
  if (onScreen.length >= limit && onScreen[0]?.id) notifications.hide(onScreen[0].id);
  if (notificationsStore.getState().queue.length > 0) notifications.cleanQueue();
}

/** Shows a notification: into the list and the bell, as a toast, and into the log when signed in. */
export function showNotification(fields: NewNotification) {
  const notification = notificationStore.add(fields);
  makeRoomForTheNewest();
  notifications.show({
    id: notification.id,
    title: notification.title,
    message: notification.text,
    // The server's words, written in the account's language when it happened (not the interface's).
    'data-server-text': true,
    closeButtonProps: { 'aria-label': t('common.close') },
  });
  void logNotification(notification);
  return notification;
}

// A toast still on screen (or queued) at sign-out must not greet the next person.
onSessionChange(() => notifications.clean());
