// Notification streams through the proxy, reconnecting like the portal's own client
// (see scripts/test-cluster.mjs).
import http from 'node:http';
import { bearer, proxy } from './harness.mjs';

/**
 * One browser tab listening to GET /api/v1/notifications/stream through the proxy. When the stream
 * ends or fails it reconnects after a short wait, as the portal's client (and EventSource) do,
 * sending Last-Event-ID when the server gave event ids.
 */
export function subscribe(name, userId, token) {
  const sub = {
    name,
    userId,
    received: new Map(), // notification id -> when it arrived
    connections: [], // { servedBy, at, endedAt }
    lastEventId: undefined,
    stopped: false,
    request: null,
  };
  const connect = () => {
    if (sub.stopped) return;
    const connection = { servedBy: undefined, at: Date.now(), endedAt: undefined };
    let settled = false;
    const retry = () => {
      if (settled) return;
      settled = true;
      connection.endedAt = Date.now();
      if (!sub.stopped) setTimeout(connect, 250);
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port: proxy.port,
        path: '/api/v1/notifications/stream',
        headers: {
          accept: 'text/event-stream',
          ...bearer(token),
          ...(sub.lastEventId ? { 'last-event-id': sub.lastEventId } : {}),
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          res.on('end', retry);
          res.on('error', retry);
          return;
        }
        connection.servedBy = res.headers['x-served-by'];
        sub.connections.push(connection);
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          buffer += chunk;
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop() ?? '';
          for (const block of blocks) {
            const lines = block.split('\n');
            const id = lines.find((line) => line.startsWith('id:'));
            if (id) sub.lastEventId = id.slice(3).trim();
            const data = lines
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trimStart())
              .join('\n');
            if (!data) continue;
            const notification = JSON.parse(data);
            if (!sub.received.has(notification.id)) sub.received.set(notification.id, Date.now());
          }
        });
        res.on('end', retry);
        res.on('error', retry);
        res.on('close', retry);
      },
    );
    req.on('error', retry);
    req.end();
    sub.request = req;
  };
  sub.stop = () => {
    sub.stopped = true;
    sub.request?.destroy();
  };
  sub.current = () => sub.connections.at(-1);
  connect();
  return sub;
}
