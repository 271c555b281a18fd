import { notifications } from '@mantine/notifications';
import { t } from '../../i18n';
import { onSessionChange } from '../session';
import { logNotification } from './notification-log';
import { type NewNotification, notificationStore } from './notification-store';

/** Shows a notification: into the list and the bell, as a toast, and into the log when signed in. */
export function showNotification(fields: NewNotification) {
  const notification = notificationStore.add(fields);
  notifications.show({
    id: notification.id,
    title: notification.title,
    message: notification.text,
    closeButtonProps: { 'aria-label': t('common.close') },
  });
  void logNotification(notification);
  return notification;
}

// A toast still on screen (or queued) at sign-out must not greet the next person.
onSessionChange(() => notifications.clean());
