import type { ServerResponse } from 'node:http';
import type { Notification } from '@contract/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { SESSION_ENDED_CHANNEL } from '../../plugins/auth';
import { findByIds, findUndelivered, markDelivered, NOTIFICATION_CHANNEL } from './notifications.service';

/** A comment line every so often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/**
 * How long a stream must stay open after a notification was written to it before that counts as
 * delivered. A proxy keeps the server's side of a stream the browser already left open until it
 * next has something to forward: the write succeeds, then the proxy closes. A stream that closes
 * within this time did not deliver; the notification waits for the next connection.
 */
export const DELIVERY_CONFIRM_MS = 1_000;

type Stream = {
  response: ServerResponse;
  /** Which session opened it: signing out ends that session's streams on every server. */
  session: string;
  isOpen: boolean;
  /** The notifications already written to it: the backlog and a live notice may name the same one. */
  sent: Set<number>;
  /**
   * Writes waiting to be confirmed, told `false` when the stream closes: one close listener per
   * stream, not one per write (a backlog of a dozen would pass Node's warning limit of ten).
   */
  unconfirmed: Set<(delivered: boolean) => void>;
};

/**
 * The open notification streams of this server, by person. Every server listens on the database
 * channel; each one holding streams of the person writes each new notification to all of them, so
 * a person's tabs get every notification whichever servers hold them. A notification is marked
 * delivered once a stream has written it and stayed open (DELIVERY_CONFIRM_MS); until then it is
 * sent again on the person's next connection, and the bell lists it as unread either way.
 */
export function createNotificationHub(database: Database, log: FastifyBaseLogger) {
  const streams = new Map<number, Set<Stream>>();
  const stopListening: (() => Promise<void>)[] = [];
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  /** Live notices of this turn of the event loop, read together (a batch of sales sends many). */
  let noticed: Map<number, number[]> | null = null;
  let reading: Promise<void> = Promise.resolve();
  /** Ids confirmed delivered, marked together. */
  let confirmed: Set<number> | null = null;

  function confirm(id: number) {
    if (confirmed) {
      confirmed.add(id);
      return;
    }
    confirmed = new Set([id]);
    setImmediate(() => {
      const ids = [...(confirmed ?? [])];
      confirmed = null;
      markDelivered(database.db, ids).catch((error: Error) =>
        log.warn({ err: error.message }, 'notification delivery not recorded'),
      );
    });
  }

  /** Resolves true once `notification` is written to the stream and the stream stayed open after it. */
  function write(stream: Stream, notification: Notification): Promise<boolean> {
    if (!stream.isOpen || stream.sent.has(notification.id)) return Promise.resolve(false);
    stream.sent.add(notification.id);
    return new Promise((resolve) => {
      let settled = false;
      const settle = (delivered: boolean) => {
        if (settled) return;
        settled = true;
        stream.unconfirmed.delete(settle);
        resolve(delivered);
      };
      stream.unconfirmed.add(settle);
      stream.response.write(`event: notification\ndata: ${JSON.stringify(notification)}\n\n`, (error) => {
        if (error) settle(false);
        else setTimeout(() => settle(stream.isOpen), DELIVERY_CONFIRM_MS).unref();
      });
    });
  }

  function send(targets: Iterable<Stream>, notifications: Notification[]) {
    for (const stream of targets) {
      for (const notification of notifications) {
        void write(stream, notification).then((delivered) => {
          if (delivered) confirm(notification.id);
        });
      }
    }
  }

  /** What waited for the person (no stream delivered it), to these of their streams. */
  async function sendWaiting(userId: number, targets: Stream[]) {
    try {
      const waiting = await findUndelivered(database.db, userId);
      send(targets, waiting);
    } catch (error) {
      log.warn({ err: (error as Error).message, userId }, 'waiting notifications not sent');
    }
  }

  async function sendNoticed(byUser: Map<number, number[]>) {
    const ids = [...byUser].flatMap(([userId, of]) => (streams.get(userId)?.size ? of : []));
    if (ids.length === 0) return;
    try {
      for (const row of await findByIds(database.db, ids)) {
        const targets = streams.get(row.userId);
        if (targets) send(targets, [row.notification]);
      }
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'live notifications not sent; they wait for the next connection');
    }
  }

  function onNotice(payload: string) {
    let notice: { user_id: number; id: number };
    try {
      notice = JSON.parse(payload) as { user_id: number; id: number };
    } catch {
      log.warn('unreadable notification payload');
      return;
    }
    if (!streams.get(notice.user_id)?.size) return;
    if (!noticed) {
      noticed = new Map();
      setImmediate(() => {
        const batch = noticed ?? new Map<number, number[]>();
        noticed = null;
        // One read at a time, so notifications reach each stream in the order they were announced.
        reading = reading.then(() => sendNoticed(batch));
      });
    }
    noticed.set(notice.user_id, [...(noticed.get(notice.user_id) ?? []), notice.id]);
  }

  return {
    async start() {
      stopListening.push(
        await database.listen(NOTIFICATION_CHANNEL, onNotice, {
          // Notices sent while the connection was down are lost: send what still waits.
          onReconnect: () => {
            for (const [userId, set] of streams) void sendWaiting(userId, [...set]);
          },
        }),
        await database.listen(SESSION_ENDED_CHANNEL, (session) => {
          for (const set of streams.values())
            for (const stream of set) if (stream.session === session) stream.response.end();
        }),
      );
      heartbeat = setInterval(() => {
        for (const set of streams.values()) for (const stream of set) stream.response.write(': ping\n\n');
      }, HEARTBEAT_MS);
      heartbeat.unref();
    },

    /** Opens a stream for the person's session and sends what waited for them since their last visit. */
    async attach(userId: number, session: string, response: ServerResponse) {
      if (response.destroyed) return;
      const stream: Stream = {
        response,
        session,
        isOpen: !response.destroyed,
        sent: new Set(),
        unconfirmed: new Set(),
      };
      const set = streams.get(userId) ?? new Set();
      set.add(stream);
      streams.set(userId, set);
      // A failed write ends the stream; it must not end the process.
      response.on('error', () => {});
      response.on('close', () => {
        stream.isOpen = false;
        for (const settle of [...stream.unconfirmed]) settle(false);
        set.delete(stream);
        if (set.size === 0 && streams.get(userId) === set) streams.delete(userId);
      });
      await sendWaiting(userId, [stream]);
    },

    /** Ends every stream (graceful shutdown: browsers reconnect to another server). */
    async stop() {
      if (heartbeat) clearInterval(heartbeat);
      for (const set of streams.values()) for (const stream of set) stream.response.end();
      streams.clear();
      for (const stop of stopListening.splice(0)) await stop();
    },

    get openStreams() {
      return [...streams.values()].reduce((n, set) => n + set.size, 0);
    },
  };
}

export type NotificationHub = ReturnType<typeof createNotificationHub>;
