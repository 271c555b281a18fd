import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { lingeringProxy, openStream } from '../../../test/sse';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { DELIVERY_CONFIRM_MS } from './notification-hub';
import { notifyUsers } from './notifications.service';

/** Issue 18 point 3: every stream of a person, on every server, gets every live notification. */
let t: TestApp;
let other: FastifyInstance;
let otherDatabase: Database;
let baseA: string;
let baseB: string;

beforeAll(async () => {
  t = await createTestApp();
  baseA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // A second server: its own app and its own connections (a second pool on PostgreSQL).
  otherDatabase = await t.database.reopen();
  other = await buildApp({ config: t.config, database: otherDatabase, logger: false });
  baseB = await other.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await other.close();
  await otherDatabase.close();
  await t.close();
});

const stream = (base: string, token: string) => openStream(`${base}/api/v1/notifications/stream`, token);
const rowsOf = (userId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(probe: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`still not ${what} after ${timeoutMs} ms`);
    await sleep(20);
  }
}

describe('GET /notifications/stream on many servers (issue 18)', () => {
  test('two tabs on each of two servers: every live notification reaches all four, once each', async () => {
    const { user, token } = await createSignedIn(t.app, t.database.db);
    const tabs = [
      await stream(baseA, token),
      await stream(baseA, token),
      await stream(baseB, token),
      await stream(baseB, token),
    ];
    await until(() => t.app.notificationHub.openStreams + other.notificationHub.openStreams >= 4, 'four streams');
    const titles = Array.from({ length: 20 }, (_, i) => `Venda ${i + 1}`);
    for (const [i, title] of titles.entries()) {
      // Written by either server, alone or inside a transaction: the NOTIFY goes out on commit.
      const db = i % 2 === 0 ? t.database.db : otherDatabase.db;
      await db.transaction((tx) => notifyUsers(tx, [user.id], { kind: 'test.fanout', title, text: '-' }));
    }
    for (const tab of tabs) {
      await tab.waitFor(titles.length);
      await sleep(100);
      expect(tab.events.map((e) => e.title)).toEqual(titles);
    }
    // Delivered once a stream wrote each and stayed open.
    await until(async () => (await rowsOf(user.id)).every((r) => r.deliveredAt !== null), 'delivered');
    for (const tab of tabs) await tab.close();
  });

  test('a stream the browser left behind a proxy loses nothing: the next connection gets it all', async () => {
    const { user, token } = await createSignedIn(t.app, t.database.db);
    const proxy = await lingeringProxy(baseA);
    const left = await stream(proxy.base, token);
    await until(() => t.app.notificationHub.openStreams === 1, 'open');
    await left.close();
    await sleep(100);
    // The browser is gone; the server still holds the stream until it writes to it.
    expect(t.app.notificationHub.openStreams).toBe(1);
    const titles = ['Um', 'Dois', 'Três'];
    for (const title of titles) await notifyUsers(t.database.db, [user.id], { kind: 'test.left', title, text: '-' });
    await until(() => t.app.notificationHub.openStreams === 0, 'noticed closed');
    await sleep(DELIVERY_CONFIRM_MS + 200);
    expect((await rowsOf(user.id)).map((r) => r.deliveredAt)).toEqual([null, null, null]);
    // On another server, too: the notifications waited in the database.
    const next = await stream(baseB, token);
    await next.waitFor(3);
    expect(next.events.map((e) => e.title)).toEqual(titles);
    await until(async () => (await rowsOf(user.id)).every((r) => r.deliveredAt !== null), 'delivered');
    await next.close();
    await proxy.close();
    // The bell still lists them as unread: delivered is not read.
    const bell = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bell.json().unread).toBe(3);
  });

  test('a stream whose write fails does not mark the notification delivered; another tab still gets it', async () => {
    const { user, token } = await createSignedIn(t.app, t.database.db);
    const broken = new Writable({
      write(_chunk, _encoding, callback) {
        callback(new Error('EPIPE'));
      },
    });
    // The stream opened with its comment line already written, as the route does.
    await t.app.notificationHub.attach(user.id, 'broken-session', broken as unknown as ServerResponse);
    await notifyUsers(t.database.db, [user.id], { kind: 'test.broken', title: 'Perdida?', text: '-' });
    await until(() => broken.destroyed, 'the broken stream ended');
    await sleep(DELIVERY_CONFIRM_MS + 200);
    expect((await rowsOf(user.id))[0]?.deliveredAt).toBeNull();
    const tab = await stream(baseB, token);
    await tab.waitFor(1);
    expect(tab.events.map((e) => e.title)).toEqual(['Perdida?']);
    await tab.close();
  });

  test('a backlog of twenty is written with one close listener on the stream, and each is delivered', async () => {
    const { user } = await createSignedIn(t.app, t.database.db);
    for (let i = 1; i <= 20; i++) {
      await notifyUsers(t.database.db, [user.id], { kind: 'test.backlog', title: `Venda ${i}`, text: '-' });
    }
    const written: string[] = [];
    const tab = new Writable({
      write(chunk, _encoding, callback) {
        written.push(String(chunk));
        callback();
      },
    });
    await t.app.notificationHub.attach(user.id, 'backlog-session', tab as unknown as ServerResponse);
    // Each write waits a second to be confirmed: a listener apiece would pass Node's limit of ten.
    expect(written).toHaveLength(20);
    expect(tab.listenerCount('close')).toBe(1);
    await until(async () => (await rowsOf(user.id)).every((r) => r.deliveredAt !== null), 'delivered');
    tab.destroy();
  });

  test('a notification delivered to an open tab is not sent again when another tab opens', async () => {
    const { user, token } = await createSignedIn(t.app, t.database.db);
    const first = await stream(baseA, token);
    await until(() => t.app.notificationHub.openStreams === 1, 'open');
    await notifyUsers(t.database.db, [user.id], { kind: 'test.once', title: 'Já vista', text: '-' });
    await first.waitFor(1);
    await until(async () => (await rowsOf(user.id)).every((r) => r.deliveredAt !== null), 'delivered');
    const second = await stream(baseB, token);
    await sleep(300);
    expect(second.events).toEqual([]);
    await first.close();
    await second.close();
  });
});
