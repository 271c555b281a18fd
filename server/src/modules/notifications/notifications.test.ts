import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, mailsTo, signIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { openStream } from '../../../test/sse';
import { buildApp } from '../../app';
import { analyticsEvents, logs, notifications } from '../../db/schema';
import { notifyUsers } from './notifications.service';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

const logBody = (user: { id: number; email: string; affiliateId: number | null }) => ({
  user: { afiliado_id: String(user.affiliateId ?? ''), email: user.email, id: String(user.id), codigo_afiliado: 'AFX' },
  notification: { id: 'b6f7a3c2-1', title: 'Sale approved', text: 'R$ 10,00 credited', kind: 'sale.approved' },
  timestamp: '2026-11-22T12:00:00.000Z',
});

describe('POST /logs', () => {
  test('stores the document of SPEC.md §3 as sent', async () => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    const body = logBody(user);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/logs', headers, payload: body });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(logs).where(eq(logs.id, res.json().id));
    expect(row?.user).toEqual(body.user);
    expect(row?.notification).toEqual(body.notification);
    expect(row?.timestamp.toISOString()).toBe(body.timestamp);
  });

  test('refuses a log about another user with 403 naming user.id', async () => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    const body = logBody(user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logs',
      headers,
      payload: { ...body, user: { ...body.user, id: String(user.id + 1000) } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].field).toBe('user.id');
  });

  test.each([
    ['user.nome', (b: ReturnType<typeof logBody>) => ({ ...b, user: { ...b.user, nome: 'Ana' } })],
    ['notification.title', (b: ReturnType<typeof logBody>) => ({ ...b, notification: { id: 'x', text: 'y' } })],
    ['timestamp', (b: ReturnType<typeof logBody>) => ({ ...b, timestamp: 'yesterday' })],
  ])('refuses a body with a bad %s', async (field, change) => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/logs', headers, payload: change(logBody(user)) });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .join(' '),
    ).toContain(field.split('.')[0]);
  });

  test('admins read the log, affiliates may not', async () => {
    const admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
    const affiliate = await createSignedIn(t.app, t.database.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/logs',
      headers: affiliate.headers,
      payload: logBody(affiliate.user),
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/logs?q=Sale%20approved', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0].notification.title).toBe('Sale approved');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/logs', headers: affiliate.headers })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /analytics/events', () => {
  const params = {
    user_id: '3',
    notification_title: 'T',
    notification_text: 'X',
    timestamp: '2026-11-22T12:00:00.000Z',
  };

  test('stores notification_activated with exactly its four fields', async () => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      headers,
      payload: { name: 'notification_activated', params },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.id, res.json().id));
    expect(row).toMatchObject({ name: 'notification_activated', params, userId: user.id });
  });

  test('refuses unknown events and extra fields', async () => {
    const { headers } = await createSignedIn(t.app, t.database.db);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      headers,
      payload: { name: 'page_view', params },
    });
    expect(other.statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      headers,
      payload: { name: 'notification_activated', params: { ...params, avatar: 'x' } },
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('GET /notifications/stream', () => {
  test('sends what waited since the last visit once, then each new notification live', async () => {
    const { user, token } = await createSignedIn(t.app, t.database.db);
    await notifyUsers(t.database.db, [user.id], { kind: 'test.waiting', title: 'Waiting', text: 'kept for you' });
    const stream = await openStream(`${base}/api/v1/notifications/stream`, token);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    await stream.waitFor(1);
    expect(stream.events[0]).toMatchObject({ kind: 'test.waiting', title: 'Waiting', text: 'kept for you' });

    await t.database.db.transaction(async (tx) =>
      notifyUsers(tx, [user.id], { kind: 'test.live', title: 'Live', text: 'just now' }),
    );
    await stream.waitFor(2);
    expect(stream.events[1]).toMatchObject({ kind: 'test.live', title: 'Live' });
    // Delivered once the stream stayed open after writing them (a proxy may close it just after).
    const delivered = async () =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id))).every(
        (r) => r.deliveredAt !== null,
      );
    for (let i = 0; i < 150 && !(await delivered()); i++) await new Promise((r) => setTimeout(r, 20));
    await stream.close();

    const again = await openStream(`${base}/api/v1/notifications/stream`, token);
    await new Promise((r) => setTimeout(r, 300));
    expect(again.events).toEqual([]);
    await again.close();
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows.every((r) => r.deliveredAt !== null)).toBe(true);
  });

  test('a notification written by another server on the same database reaches this one', async () => {
    const { user, token } = await createSignedIn(t.app, t.database.db);
    const otherDatabase = await t.database.reopen();
    const other = await buildApp({ config: t.config, database: otherDatabase, logger: false });
    await other.ready();
    const stream = await openStream(`${base}/api/v1/notifications/stream`, token);
    await notifyUsers(other.database.db, [user.id], { kind: 'test.other', title: 'From B', text: 'via NOTIFY' });
    await stream.waitFor(1);
    expect(stream.events[0]).toMatchObject({ title: 'From B' });
    await stream.close();
    await other.close();
    await otherDatabase.close();
  });

  test('a notification for someone else is not sent to me', async () => {
    const me = await createSignedIn(t.app, t.database.db);
    const someoneElse = await createSignedIn(t.app, t.database.db);
    const stream = await openStream(`${base}/api/v1/notifications/stream`, me.token);
    await notifyUsers(t.database.db, [someoneElse.user.id], { kind: 'test.private', title: 'Not yours', text: '-' });
    await notifyUsers(t.database.db, [me.user.id], { kind: 'test.mine', title: 'Yours', text: '-' });
    await stream.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.events.map((e) => e.title)).toEqual(['Yours']);
    await stream.close();
  });

  test('signing out ends the streams of that session, whichever server holds them, and no other', async () => {
    const { user, token } = await createSignedIn(t.app, t.database.db);
    const otherSession = await signIn(t.app, user.email, user.password);
    const otherDatabase = await t.database.reopen();
    const other = await buildApp({ config: t.config, database: otherDatabase, logger: false });
    await other.ready();
    const signingOut = await openStream(`${base}/api/v1/notifications/stream`, token);
    const staying = await openStream(`${base}/api/v1/notifications/stream`, otherSession);
    let ended = false;
    void signingOut.ended.then(() => {
      ended = true;
    });
    // Signed out through the other server: this one hears it from the database.
    const out = await other.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    for (let i = 0; i < 100 && !ended; i++) await new Promise((r) => setTimeout(r, 20));
    expect(ended).toBe(true);
    await notifyUsers(t.database.db, [user.id], { kind: 'test.after', title: 'Still here', text: '-' });
    await staying.waitFor(1);
    expect(staying.events.map((e) => e.title)).toEqual(['Still here']);
    expect(signingOut.events).toEqual([]);
    await staying.close();
    await other.close();
    await otherDatabase.close();
  });

  test('GET /notifications lists mine with the unread count; POST /notifications/read clears it', async () => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    await notifyUsers(t.database.db, [user.id], { kind: 'a', title: 'One', text: '1' });
    await notifyUsers(t.database.db, [user.id], { kind: 'b', title: 'Two', text: '2' });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers });
    expect(list.json()).toMatchObject({ unread: 2, items: [{ title: 'Two' }, { title: 'One' }] });
    await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read', headers });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers })).json().unread).toBe(0);
  });

  test('POST /notifications/read up to the newest seen leaves later ones unread, and read stays read', async () => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    await notifyUsers(t.database.db, [user.id], { kind: 'a', title: 'Seen', text: '1' });
    const seen = (await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers })).json().items[0];
    // Arrives while the bell is open: not seen yet.
    await notifyUsers(t.database.db, [user.id], { kind: 'b', title: 'Later', text: '2' });
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers,
      payload: { up_to_id: seen.id },
    });
    expect(read.statusCode).toBe(204);
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers })).json();
    expect(after.unread).toBe(1);
    expect(after.items.map((n: { title: string; read_at: string | null }) => [n.title, n.read_at === null])).toEqual([
      ['Later', true],
      ['Seen', false],
    ]);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers,
      payload: { up_to_id: 'latest' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('up_to_id');
  });
});

describe('POST /contact', () => {
  test('keeps the message, pushes it to the admins and emails them', async () => {
    const admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
    const affiliate = await createSignedIn(t.app, t.database.db);
    const adminStream = await openStream(`${base}/api/v1/notifications/stream`, admin.token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: affiliate.headers,
      payload: { subject: 'Dúvida sobre comissão', message: 'Quando cai a comissão do boleto?' },
    });
    expect(res.statusCode).toBe(201);
    const events = await adminStream.waitFor(1);
    expect(events.some((e) => e.kind === 'contact.message' && String(e.text).includes('Dúvida sobre comissão'))).toBe(
      true,
    );
    await adminStream.close();
    expect((await mailsTo(t.database.db, admin.user.email)).at(-1)?.text).toContain('Quando cai a comissão do boleto?');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/contact', headers: admin.headers });
    expect(list.json().items[0]).toMatchObject({ subject: 'Dúvida sobre comissão', email: affiliate.user.email });
  });

  test('refuses a too-short message naming the field', async () => {
    const affiliate = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: affiliate.headers,
      payload: { subject: 'Oi', message: 'curta' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['message', 'subject']);
  });
});
