import { ADMIN_ROLE } from '@contract/auth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, createUser, mailsTo } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { startSmtpPeer } from '../../../test/smtp';
import { MAIL_BACKOFF_SECONDS } from '../../mail/mailer';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
const listMails = (query = '') => t.app.inject({ method: 'GET', url: `/api/v1/mails${query}`, headers: admin.headers });

describe('mail through the outbox', () => {
  test('a mail the SMTP server refuses (451) is retried after the backoff and reaches it once; GET /mails shows each step', async () => {
    const user = await createUser(t.database.db);
    smtp.refuseNext(1);
    expect((await forgot(user.email)).statusCode).toBe(202);
    await t.app.tasks.drain();
    const [queued] = await mailsTo(t.database.db, user.email);
    expect(queued?.state).toBe('queued');

    const started = new Date();
    expect(await t.app.mailer.flush(started)).toBe(1);
    expect(smtp.mailsTo(user.email)).toEqual([]);
    const afterRefusal = (await listMails()).json().items.find((m: { id: number }) => m.id === queued?.id);
    expect(afterRefusal).toMatchObject({
      to: user.email,
      subject: 'Reset your password',
      state: 'queued',
      attempts: 1,
    });
    expect(afterRefusal.error).toMatch(/Mailbox busy/);
    expect(new Date(afterRefusal.next_attempt_at).getTime() - started.getTime()).toBe(
      (MAIL_BACKOFF_SECONDS[0] ?? 0) * 1000,
    );

    // Before the wait is over nothing is tried; after it, the mail goes.
    expect(await t.app.mailer.flush(new Date(started.getTime() + 1_000))).toBe(0);
    expect(await t.app.mailer.flush(new Date(started.getTime() + ((MAIL_BACKOFF_SECONDS[0] ?? 0) + 1) * 1000))).toBe(1);
    expect(await t.app.mailer.flush(new Date(started.getTime() + 86_400_000))).toBe(0);
    expect(smtp.mailsTo(user.email).map((m) => m.subject)).toEqual(['Reset your password']);
    const sent = (await listMails('?state=sent')).json().items.find((m: { id: number }) => m.id === queued?.id);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, error: null, next_attempt_at: null });
    expect(sent.sent_at).toBeTruthy();
  });

  test('GET /mails names recipient and subject but never the body (a reset link would sign the reader in)', async () => {
    const user = await createUser(t.database.db);
    await forgot(user.email);
    await t.app.tasks.drain();
    await t.app.mailer.flush();
    const res = await listMails('?page_size=100');
    expect(res.statusCode).toBe(200);
    const mine = res.json().items.filter((m: { to: string }) => m.to === user.email);
    expect(mine).toHaveLength(1);
    expect(Object.keys(mine[0]).sort()).toEqual(
      [
        'attempts',
        'created_at',
        'error',
        'id',
        'last_attempt_at',
        'next_attempt_at',
        'sent_at',
        'state',
        'subject',
        'to',
      ].sort(),
    );
    expect(res.body).not.toMatch(/resetar-senha/);
  });

  test('GET /mails is for administrators only and refuses an unknown state naming the field', async () => {
    const affiliate = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/mails', headers: affiliate.headers });
    expect(res.statusCode).toBe(403);
    const bad = await listMails('?state=lost');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toMatch(/state/);
  });

  test('a mail is queued in the transaction of its event: a refused approval queues none', async () => {
    const affiliate = await createSignedIn(t.app, t.database.db);
    const id = affiliate.user.affiliateId;
    const before = (await mailsTo(t.database.db, affiliate.user.email)).length;
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/affiliates/${id}/approve`, headers: admin.headers });
    expect(res.statusCode).toBe(409);
    expect(await mailsTo(t.database.db, affiliate.user.email)).toHaveLength(before);
  });
});

describe('mail without SMTP_URL', () => {
  test('a mail is kept in the table only, and the log names recipient and subject, never the body', async () => {
    const lines: string[] = [];
    const offline = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const user = await createUser(offline.database.db);
      await offline.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: user.email } });
      await offline.app.tasks.drain();
      expect(await offline.app.mailer.flush()).toBe(0);
      const [kept] = await mailsTo(offline.database.db, user.email);
      expect(kept).toMatchObject({ state: 'kept', attempts: 0, nextAttemptAt: null });
      expect(kept?.text).toMatch(/resetar-senha/);
      const logged = lines.filter((line) => line.includes('mail queued'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(user.email);
      expect(logged[0]).toContain('Reset your password');
      expect(lines.join('\n')).not.toMatch(/resetar-senha/);
    } finally {
      await offline.close();
    }
  });
});
