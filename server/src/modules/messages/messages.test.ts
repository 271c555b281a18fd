import { ADMIN_ROLE } from '@contract/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, mailsTo } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { startSmtpPeer } from '../../../test/smtp';
import { auditLog, messages, notifications } from '../../db/schema';

// Issue 30 point 3: one thread per affiliate with the programme, read by the admins' inbox.

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
type Person = Awaited<ReturnType<typeof createSignedIn>>;
let admin: Person;
let other: Person;
let ana: Person;
let bia: Person;
const db = () => t.database.db;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  other = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  bia = await createSignedIn(t.app, db());
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Person, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload }) });

const write = async (who: Person, body: string) => {
  const res = await call('POST', '/messages', who, { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

const inbox = async (who: Person, filter = 'all') =>
  (await call('GET', `/message-threads?filter=${filter}`, who)).json();

describe('the affiliate’s thread', () => {
  let threadId: number;

  test('POST /messages opens the thread; GET /messages shows it; the admins see the unread count', async () => {
    const first = await write(ana, 'Olá! Quando cai a comissão de ontem?');
    await write(ana, 'E posso usar <b>cupom</b> junto?');
    threadId = first.thread_id;
    const mine = (await call('GET', '/messages', ana)).json();
    expect(mine.thread_id).toBe(threadId);
    expect(mine.items.map((m: { body: string }) => m.body)).toEqual([
      'Olá! Quando cai a comissão de ontem?',
      'E posso usar <b>cupom</b> junto?',
    ]);
    expect(mine.items.every((m: { from_staff: boolean; read_at: null }) => !m.from_staff && m.read_at === null)).toBe(
      true,
    );
    const page = await inbox(admin);
    const row = page.items.find((r: { id: number }) => r.id === threadId);
    expect(row).toMatchObject({
      affiliate_id: ana.user.affiliateId,
      unread: 2,
      assigned_to: null,
      last_message: { body: 'E posso usar <b>cupom</b> junto?', from_staff: false },
    });
    expect(page.unread_total).toBe(2);
    expect((await call('GET', '/messages/unread', admin)).json()).toEqual({ messages: 2, announcements: 0 });
    // Both admins were told live (a notification each); one mail each for the run of two messages.
    for (const who of [admin, other]) {
      const told = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, who.user.id), eq(notifications.kind, 'message.new')));
      expect(told).toHaveLength(2);
      expect((await mailsTo(db(), who.user.email)).map((m) => m.subject)).toEqual([
        `New message from ${ana.user.firstName} ${ana.user.lastName}`,
      ]);
    }
  });

  test('another affiliate cannot read the thread: their own is empty, the inbox routes are 403', async () => {
    const theirs = (await call('GET', '/messages', bia)).json();
    expect(theirs).toEqual({ thread_id: null, items: [], unread: 0 });
    for (const [method, url] of [
      ['GET', `/message-threads/${threadId}`],
      ['GET', '/message-threads'],
      ['POST', `/message-threads/${threadId}/read`],
    ] as const) {
      const res = await call(method, url, bia);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('comissão de ontem');
    }
    const reply = await call('POST', `/message-threads/${threadId}/messages`, bia, { body: 'sou eu' });
    expect(reply.statusCode).toBe(403);
    // Bia's own message opens her own thread, not Ana's.
    const hers = await write(bia, 'Oi, sou a Bia');
    expect(hers.thread_id).not.toBe(threadId);
    expect((await call('GET', '/messages', bia)).json().items).toHaveLength(1);
    // An admin has no thread of their own.
    expect((await call('GET', '/messages', admin)).statusCode).toBe(403);
  });

  test('an admin opens and answers: the affiliate’s messages are read, the reply is unread for them, mailed once', async () => {
    const opened = (await call('GET', `/message-threads/${threadId}`, admin)).json();
    expect(opened.messages).toHaveLength(2);
    expect((await call('POST', `/message-threads/${threadId}/read`, admin)).statusCode).toBe(204);
    expect((await inbox(admin)).items.find((r: { id: number }) => r.id === threadId).unread).toBe(0);
    const readByStaff = (await call('GET', '/messages', ana)).json().items;
    expect(readByStaff.every((m: { read_at: string | null }) => m.read_at !== null)).toBe(true);

    const res = await call('POST', `/message-threads/${threadId}/messages`, admin, { body: 'Oi Ana!\nCai amanhã.' });
    expect(res.statusCode, res.body).toBe(201);
    await call('POST', `/message-threads/${threadId}/messages`, admin, { body: 'E sim, pode usar cupom.' });
    expect((await call('GET', '/messages/unread', ana)).json()).toEqual({ messages: 2, announcements: 0 });
    const mine = (await call('GET', '/messages', ana)).json();
    expect(mine.unread).toBe(2);
    expect(mine.items.at(-2)).toMatchObject({ from_staff: true, body: 'Oi Ana!\nCai amanhã.', read_at: null });
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.user.id), eq(notifications.kind, 'message.reply')));
    expect(told).toHaveLength(2);
    await t.app.mailer.flush();
    const mailed = smtp.mailsTo(ana.user.email);
    expect(mailed.map((m) => m.subject)).toEqual(['New message from the affiliate programme']);
    expect(mailed[0]?.text).toContain('Cai amanhã.');
    expect(mailed[0]?.text).toContain('http://portal.test/mensagens');
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, 'message.reply'));
    expect(audited.map((a) => a.actorId)).toEqual([admin.user.id, admin.user.id]);

    expect((await call('POST', '/messages/read', ana)).statusCode).toBe(204);
    expect((await call('GET', '/messages/unread', ana)).json().messages).toBe(0);
    // After reading, the next reply mails again.
    await call('POST', `/message-threads/${threadId}/messages`, admin, { body: 'Mais uma coisa.' });
    expect(await mailsTo(db(), ana.user.email)).toHaveLength(2);
  });

  test('PUT /message-threads/:id/assignee: filters mine and unassigned, mails only the assignee, audited', async () => {
    const res = await call('PUT', `/message-threads/${threadId}/assignee`, admin, { user_id: other.user.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assigned_to).toEqual({
      id: other.user.id,
      name: `${other.user.firstName} ${other.user.lastName}`,
    });
    const ids = (page: { items: { id: number }[] }) => page.items.map((r) => r.id);
    expect(ids(await inbox(other, 'mine'))).toEqual([threadId]);
    expect(ids(await inbox(admin, 'mine'))).toEqual([]);
    expect(ids(await inbox(admin, 'unassigned'))).not.toContain(threadId);
    expect(ids(await inbox(admin, 'unassigned'))).toContain((await call('GET', '/messages', bia)).json().thread_id);

    const before = {
      admin: (await mailsTo(db(), admin.user.email)).length,
      other: (await mailsTo(db(), other.user.email)).length,
    };
    await write(ana, 'Obrigada!');
    expect((await mailsTo(db(), admin.user.email)).length).toBe(before.admin);
    expect((await mailsTo(db(), other.user.email)).length).toBe(before.other + 1);
    expect(ids(await inbox(admin, 'unread'))).toContain(threadId);

    const audited = await db().select().from(auditLog).where(eq(auditLog.action, 'message_thread.assign'));
    expect(audited.map((a) => [a.actorId, a.after])).toEqual([[admin.user.id, { assigned_to: other.user.id }]]);
    const unassign = await call('PUT', `/message-threads/${threadId}/assignee`, admin, { user_id: null });
    expect(unassign.json().assigned_to).toBeNull();
  });

  test('bad input: a 400 problem naming the field, nothing written; an unknown thread is a 404', async () => {
    const count = async () => (await db().select().from(messages)).length;
    const before = await count();
    for (const payload of [{}, { body: '' }, { body: '   \n ' }, { body: 'x'.repeat(4_001) }, { body: 7 }]) {
      const res = await call('POST', '/messages', ana, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('body');
    }
    const notAdmin = await call('PUT', `/message-threads/${threadId}/assignee`, admin, { user_id: ana.user.id });
    expect(notAdmin.statusCode).toBe(400);
    expect(notAdmin.json().errors).toEqual([{ field: 'user_id', message: 'is not an active administrator' }]);
    expect((await call('GET', '/message-threads/987654', admin)).statusCode).toBe(404);
    expect((await call('POST', '/message-threads/987654/messages', admin, { body: 'oi' })).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  test('a control character is refused naming the field; markup and line breaks are kept as text', async () => {
    const refused = await call('POST', '/messages', ana, { body: 'linha\u0000 um' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { field: string }) => e.field)).toEqual(['body']);
    const sent = await write(ana, '  linha um\r\nlinha <script>dois</script>\n');
    expect(sent.body).toBe('linha um\nlinha <script>dois</script>');
  });

  test('POST /affiliates/:id/message-thread opens a thread so an admin can write first', async () => {
    const carla = await createSignedIn(t.app, db());
    const res = await call('POST', `/affiliates/${carla.user.affiliateId}/message-thread`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const again = await call('POST', `/affiliates/${carla.user.affiliateId}/message-thread`, admin);
    expect(again.json().id).toBe(res.json().id);
    await call('POST', `/message-threads/${res.json().id}/messages`, admin, { body: 'Bem-vinda, Carla!' });
    expect((await call('GET', '/messages', carla)).json().items.map((m: { body: string }) => m.body)).toEqual([
      'Bem-vinda, Carla!',
    ]);
    expect((await call('POST', '/affiliates/987654/message-thread', admin)).statusCode).toBe(404);
  });
});
