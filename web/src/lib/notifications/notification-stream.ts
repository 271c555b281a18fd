import { useEffect } from 'react';
import { API_BASE } from '../api-client';
import { currentClaims, getToken, sessionScope, tokenChangesSettled } from '../session';
import { backoffDelay } from './data-store-settings';
import { receiveNotification } from './server-notifications';
import { showNotification } from './show-notification';

export type StreamedNotification = {
  id: number;
  kind: string;
  title: string;
  text: string;
  data: Record<string, unknown>;
  created_at: string;
};

/** The ids this tab has shown lately; the oldest are forgotten past SHOWN_KEPT. */
const shownIds = new Set<number>();
const SHOWN_KEPT = 500;

/**
 * Whether a streamed notification is new to this tab. The server may send one again (a stream that
 * closed within a second of writing it leaves it undelivered, so the next connection resends it):
 * the person sees and logs it once.
 */
export function isFirstShowing(id: number): boolean {
  if (shownIds.has(id)) return false;
  shownIds.add(id);
  if (shownIds.size > SHOWN_KEPT) shownIds.delete(shownIds.values().next().value as number);
  return true;
}

/** Splits a Server-Sent Events body into its `data:` payloads. */
export function parseSseChunk(buffer: string): { events: string[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n'),
    )
    .filter(Boolean);
  return { events, rest };
}

/**
 * Listens to GET /notifications/stream while someone is signed in (fetch, so the token travels in a
 * header and never in a URL), shows each notification, and reconnects with the writer's backoff.
 */
export function useNotificationStream() {
  useEffect(() => listenToNotifications(), []);
}

/** The stream's work without React: listens until the returned function is called. */
export function listenToNotifications(): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function connect() {
    if (stopped || !currentClaims()) return;
    controller = new AbortController();
    // The stream is one person's: it closes when their session ends, and nothing it still held is shown.
    const session = sessionScope();
    const token = getToken();
    try {
      const response = await fetch(`${API_BASE}/notifications/stream`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
        signal: AbortSignal.any([controller.signal, session.signal]),
      });
      if (response.status === 401 || response.status === 403) {
        // Refused for the token this tab's password change replaced: listen again with the new one.
        // Otherwise the session ended: nothing to listen to until the person signs in again.
        await tokenChangesSettled();
        if (stopped || !session.isCurrent() || getToken() === token) return;
        timer = setTimeout(connect, 0);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      failures = 0;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseSseChunk(buffer + value);
        buffer = parsed.rest;
        for (const event of parsed.events) {
          if (!session.isCurrent()) break;
          const notification = JSON.parse(event) as StreamedNotification;
          if (!isFirstShowing(notification.id)) continue;
          showNotification({
            title: notification.title,
            text: notification.text,
            kind: notification.kind,
            data: notification.data,
            server_id: notification.id,
            created_at: notification.created_at,
          });
          receiveNotification(notification);
        }
      }
    } catch {
      // Aborted on sign-out or unmount, or the connection dropped: retry below unless stopped.
    }
    if (stopped) return;
    timer = setTimeout(connect, backoffDelay(failures++));
  }

  void connect();
  return () => {
    stopped = true;
    controller?.abort();
    if (timer) clearTimeout(timer);
  };
}
