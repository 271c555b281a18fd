import { readLogStreamAnswer } from '@contract/log-stream';
import { API_BASE } from '../api-client';
import type { OpenStream } from './log-writer';

/** ws: or wss: to GET /api/v1/logs/stream on the page's own host (through the proxy in development). */
export function logStreamUrl(page: { protocol: string; host: string } = location): string {
  return `${page.protocol === 'https:' ? 'wss:' : 'ws:'}//${page.host}${API_BASE}/logs/stream`;
}

/**
 * The log writer's stream in a browser: a WebSocket (Chromium cannot stream a request body over
 * HTTP/1.1, docs/decisions/041). The token travels inside each frame, never in the URL.
 */
export const openLogStreamSocket: OpenStream = (events) => {
  let socket: WebSocket;
  try {
    socket = new WebSocket(logStreamUrl());
  } catch {
    // A page that may not open it (a content policy, a bad address): a connection failure like any other.
    queueMicrotask(() => events.closed());
    return { send() {}, close() {} };
  }
  let ended = false;
  socket.onopen = () => events.opened();
  socket.onmessage = (message: MessageEvent) => {
    const answer = readLogStreamAnswer(String(message.data));
    if (answer) events.answered(answer);
  };
  // A failed connection fires error then close; close alone says the stream ended.
  socket.onclose = () => {
    if (ended) return;
    ended = true;
    events.closed();
  };
  return {
    send: (frame) => socket.send(frame),
    close() {
      ended = true;
      socket.close(1000);
    },
  };
};
