import type { UserState } from '@contract/auth';
import { currentClaims, getToken, readUserState } from '../session';
import { openLogStreamSocket } from './log-stream-socket';
import { createLogWriter } from './log-writer';
import type { AppNotification } from './notification-store';

/** SPEC.md §8: the only reaction to a failed log or analytics write. */
export const LOG_ERROR_PREFIX = 'Erro ao registrar log: ';
export const NOTIFICATION_EVENT = 'notification_activated';

/** This tab's writer: one write stream for the log and the analytics events (docs/decisions/041). */
export const logWriter = createLogWriter(openLogStreamSocket);

/** SPEC.md §3: the log's user is the user state without avatar, id_rede, nivel_afiliado, nome, sobrenome. */
export function logUserOf(user: UserState) {
  const { avatar: _a, id_rede: _r, nivel_afiliado: _n, nome: _f, sobrenome: _l, ...rest } = user;
  return rest;
}

/**
 * SPEC.md §7: for each shown notification, when someone is signed in, a document in `logs`
 * ({user, notification, timestamp}) and then the analytics event notification_activated.
 */
export async function logNotification(notification: AppNotification, createdAt = new Date()) {
  if (!currentClaims()) return;
  const user = readUserState();
  // Both writes speak for the person the notification was shown to, even if they wait offline
  // until someone else has signed in.
  const token = getToken() ?? undefined;
  try {
    await logWriter.write('/logs', { user: logUserOf(user), notification, timestamp: createdAt.toISOString() }, token);
    await logWriter.write(
      '/analytics/events',
      {
        name: NOTIFICATION_EVENT,
        params: {
          user_id: user.id_rede,
          notification_title: notification.title,
          notification_text: notification.text,
          timestamp: createdAt.toISOString(),
        },
      },
      token,
    );
  } catch (error) {
    console.error(LOG_ERROR_PREFIX, error);
  }
}
