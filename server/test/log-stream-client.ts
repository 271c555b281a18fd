import type { LogStreamAnswer } from '@contract/log-stream';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

export type StreamClose = { code: number; reason: string };

/** A test's end of GET /api/v1/logs/stream: what it sends, the answers in order, and how it closed. */
export type LogStreamClient = {
  socket: WebSocket;
  answers: LogStreamAnswer[];
  /** Sends a frame as JSON text (or as given, when it is a string or a buffer). */
  send(frame: unknown): void;
  /** Resolves once `count` answers have arrived in all (rejects if the stream closes first). */
  answered(count: number): Promise<LogStreamAnswer[]>;
  closed: Promise<StreamClose>;
  close(): void;
};

/** Opens the stream on a listening app (`base` is what `listen` answered): a real upgrade. */
export async function openLogStream(base: string): Promise<LogStreamClient> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/v1/logs/stream`);
  const answers: LogStreamAnswer[] = [];
  const waiters: { count: number; resolve(a: LogStreamAnswer[]): void; reject(e: Error): void }[] = [];
  let closeInfo: StreamClose | null = null;
  const closed = new Promise<StreamClose>((resolve) => {
    socket.on('close', (code, reason) => {
      closeInfo = { code, reason: reason.toString() };
      for (const waiter of waiters.splice(0)) {
        waiter.reject(new Error(`closed ${code} ${reason} after ${answers.length} answers`));
      }
      resolve(closeInfo);
    });
  });
  socket.on('error', () => {});
  socket.on('message', (data) => {
    answers.push(JSON.parse(data.toString()) as LogStreamAnswer);
    for (const waiter of [...waiters]) {
      if (answers.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(answers.slice(0, waiter.count));
      }
    }
  });
  if (socket.readyState !== WebSocket.OPEN) {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }
  return {
    socket,
    answers,
    send(frame) {
      socket.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
    },
    answered(count) {
      if (answers.length >= count) return Promise.resolve(answers.slice(0, count));
      if (closeInfo) return Promise.reject(new Error(`closed ${closeInfo.code} after ${answers.length} answers`));
      return new Promise((resolve, reject) => waiters.push({ count, resolve, reject }));
    },
    closed,
    close() {
      socket.close();
    },
  };
}

const addresses = new WeakMap<FastifyInstance, Promise<string>>();

/** The app's address: it listens on a free loopback port from the first call on (until it closes). */
export function listenOnce(app: FastifyInstance): Promise<string> {
  let address = addresses.get(app);
  if (!address) {
    address = app.listen({ port: 0, host: '127.0.0.1' });
    addresses.set(app, address);
  }
  return address;
}

/** The body of POST /logs about `user` (a shown notification with its own id), as the web app sends it. */
export function logBodyAbout(user: { id: number; email: string; affiliateId: number | null }, text = 'R$ 10,00') {
  return {
    user: { afiliado_id: String(user.affiliateId ?? ''), email: user.email, id: String(user.id), codigo_afiliado: '' },
    notification: { id: crypto.randomUUID(), title: 'Sale approved', text, kind: 'sale.approved' },
    timestamp: '2026-11-22T12:00:00.000Z',
  };
}
