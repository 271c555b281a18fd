import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { SESSION_ENDED_CHANNEL } from '../auth/auth.service';
import { claimUndelivered, NOTIFICATION_CHANNEL } from './notifications.service';

/** A comment line every so often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/**
 * The open notification streams of this server, by person. Every server listens on the database
 * channel; the one holding a person's stream claims and sends what was written for them, so two
 * servers on one database behave as one.
 */
export function createNotificationHub(database: Database, log: FastifyBaseLogger) {
  const streams = new Map<number, Set<ServerResponse>>();
  /** Which session opened each stream: signing out ends that session's streams on every server. */
  const sessionOf = new Map<ServerResponse, string>();
  const stopListening: (() => Promise<void>)[] = [];
  let heartbeat: ReturnType<typeof setInterval> | null = null;

  function send(userId: number, payloads: unknown[]) {
    for (const stream of streams.get(userId) ?? []) {
      for (const payload of payloads) stream.write(`event: notification\ndata: ${JSON.stringify(payload)}\n\n`);
    }
  }

  async function deliver(userId: number, ids?: number[]) {
    if (!streams.get(userId)?.size) return;
    try {
      const claimed = await claimUndelivered(database.db, userId, ids);
      if (claimed.length) send(userId, claimed);
    } catch (error) {
      log.warn({ err: (error as Error).message, userId }, 'notification delivery failed');
    }
  }

  return {
    async start() {
      stopListening.push(
        await database.listen(NOTIFICATION_CHANNEL, (payload) => {
          try {
            const { user_id: userId, id } = JSON.parse(payload) as { user_id: number; id: number };
            void deliver(userId, [id]);
          } catch {
            log.warn('unreadable notification payload');
          }
        }),
        await database.listen(SESSION_ENDED_CHANNEL, (session) => {
          for (const [stream, of] of sessionOf) if (of === session) stream.end();
        }),
      );
      heartbeat = setInterval(() => {
        for (const set of streams.values()) for (const stream of set) stream.write(': ping\n\n');
      }, HEARTBEAT_MS);
      heartbeat.unref();
    },

    /** Opens a stream for the person's session and sends what waited for them since their last visit. */
    async attach(userId: number, session: string, stream: ServerResponse) {
      const set = streams.get(userId) ?? new Set();
      set.add(stream);
      streams.set(userId, set);
      sessionOf.set(stream, session);
      stream.on('close', () => {
        set.delete(stream);
        sessionOf.delete(stream);
        if (set.size === 0) streams.delete(userId);
      });
      await deliver(userId);
    },

    /** Ends every stream (graceful shutdown: browsers reconnect to another server). */
    async stop() {
      if (heartbeat) clearInterval(heartbeat);
      for (const set of streams.values()) for (const stream of set) stream.end();
      streams.clear();
      sessionOf.clear();
      for (const stop of stopListening.splice(0)) await stop();
    },

    get openStreams() {
      return [...streams.values()].reduce((n, set) => n + set.size, 0);
    },
  };
}

export type NotificationHub = ReturnType<typeof createNotificationHub>;
