import type { LogStreamAnswer, LogStreamFrame } from '@contract/log-stream';
import type { Page, WebSocket } from '@playwright/test';

/** What a page's notification log wrote on its write stream (GET /api/v1/logs/stream). */
export type LogStreamWatch = {
  /** Every stream the page opened, in order. */
  sockets: WebSocket[];
  /** The streams that have closed, by their index in `sockets`. */
  closed: Set<number>;
  frames: (LogStreamFrame & { socket: number })[];
  answers: (LogStreamAnswer & { socket: number })[];
};

/**
 * Watches the page's log write streams from now on: call it before the page signs in, so the stream a
 * notification opens is seen from its first frame.
 */
export function watchLogStream(page: Page): LogStreamWatch {
  const watch: LogStreamWatch = { sockets: [], closed: new Set(), frames: [], answers: [] };
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/v1/logs/stream')) return;
    const index = watch.sockets.push(socket) - 1;
    socket.on('framesent', ({ payload }) => {
      watch.frames.push({ ...(JSON.parse(String(payload)) as LogStreamFrame), socket: index });
    });
    socket.on('framereceived', ({ payload }) => {
      watch.answers.push({ ...(JSON.parse(String(payload)) as LogStreamAnswer), socket: index });
    });
    socket.on('close', () => watch.closed.add(index));
  });
  return watch;
}

/** The frames about a notification whose text contains `text`: its log, and its event. */
export function framesAbout(watch: LogStreamWatch, text: string) {
  const log = watch.frames.find(
    (frame) =>
      frame.path === '/logs' &&
      String((frame.body as { notification?: { text?: string } }).notification?.text).includes(text),
  );
  const event = watch.frames.find(
    (frame) =>
      frame.path === '/analytics/events' &&
      String((frame.body as { params?: { notification_text?: string } }).params?.notification_text).includes(text),
  );
  const answerTo = (frame: LogStreamFrame | undefined) => watch.answers.find((answer) => answer.id === frame?.id);
  const logNotificationId = (log?.body as { notification?: { id?: string } } | undefined)?.notification?.id;
  return { log, event, logAnswer: answerTo(log), eventAnswer: answerTo(event), logNotificationId };
}
