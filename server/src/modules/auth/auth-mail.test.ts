import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_ROLE } from '@contract/auth';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testEngine } from '../../../test/engine';
import { createUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { startSmtpPeer } from '../../../test/smtp';
import { mailDeliveries, notifications, passwordResets, users } from '../../db/schema';
import { RESET_LINKS_PER_HOUR } from './auth.service';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
let adminId: number;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  adminId = (await createUser(t.database.db, { role: ADMIN_ROLE })).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Lets the work started after the answers finish, and its mails reach the SMTP peer. */
async function settle() {
  await t.app.tasks.drain();
  await t.app.mailer.flush();
}

const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { first_name: 'Rita', last_name: 'Souza', email, password: 'senha-forte-1', accept_terms: true },
  });
const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });

describe('answers that tell nobody who has an account (decision 012)', () => {
  test('POST /auth/register with a taken email answers as a new registration does, and mails the owner instead', async () => {
    const owner = await createUser(t.database.db);
    const fresh = await register(`rita-${process.pid}@example.com`);
    await settle();
    const adminNotes = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, adminId));

    const taken = await register(owner.email.toUpperCase());
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(taken.json()).toEqual({ ...fresh.json(), email: owner.email });
    await settle();
    const toOwner = smtp.mailsTo(owner.email);
    expect(toOwner.map((mail) => mail.subject)).toEqual(['Someone tried to register with your email']);
    expect(toOwner[0]?.text).toContain('http://portal.test/auth/login');
    expect(toOwner[0]?.text).toContain('http://portal.test/auth/forgot-password');
    // Nothing else happened: no second account, no news for the admins.
    expect(await t.database.db.select({ n: count() }).from(users).where(eq(users.email, owner.email))).toEqual([
      { n: 1 },
    ]);
    expect(
      await t.database.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, adminId)),
    ).toEqual(adminNotes);

    // Another try within the hour answers alike and sends no second notice.
    expect((await register(owner.email)).json()).toEqual(taken.json());
    await settle();
    expect(smtp.mailsTo(owner.email)).toHaveLength(1);
  });

  test('POST /auth/forgot-password answers before anyone is looked up or mailed, alike for a known and an unknown email', async () => {
    const user = await createUser(t.database.db);
    const unknown = `nobody-${process.pid}@example.com`;
    // While the users table is held, any lookup waits: an answer that needed one could not come.
    // PGlite has one connection, so a held transaction would stop the limit's own count (another
    // table) too: there the lock stays off and the answers are only compared.
    const holdsUsers = testEngine() === 'postgres';
    const answered = holdsUsers
      ? await t.database.db.transaction(async (tx) => {
          await tx.execute(sql`lock table users in access exclusive mode`);
          const replies = await Promise.race([Promise.all([forgot(user.email), forgot(unknown)]), sleep(3000)]);
          const sentMeanwhile = await tx
            .select({ n: count() })
            .from(mailDeliveries)
            .where(eq(mailDeliveries.to, user.email));
          return { replies, sentMeanwhile };
        })
      : { replies: await Promise.all([forgot(user.email), forgot(unknown)]), sentMeanwhile: [{ n: 0 }] };
    expect(answered.replies).toBeDefined();
    const [known, stranger] = answered.replies ?? [];
    expect(known?.statusCode).toBe(202);
    expect(stranger?.statusCode).toBe(202);
    expect(stranger?.body).toBe(known?.body);
    expect(answered.sentMeanwhile).toEqual([{ n: 0 }]);

    await settle();
    expect(smtp.mailsTo(user.email).map((mail) => mail.subject)).toEqual(['Reset your password']);
    expect(smtp.mailsTo(unknown)).toEqual([]);
  });

  test(`POST /auth/forgot-password sends one account at most ${RESET_LINKS_PER_HOUR} links an hour, each of them valid`, async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < RESET_LINKS_PER_HOUR + 3; i++) expect((await forgot(user.email)).statusCode).toBe(202);
    await settle();
    expect(smtp.mailsTo(user.email)).toHaveLength(RESET_LINKS_PER_HOUR);
    const links = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(links).toHaveLength(RESET_LINKS_PER_HOUR);
    const token = smtp.mailsTo(user.email)[0]?.text.match(/\/auth\/resetar-senha\/([\w-]+)/)?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: 'nova-senha-77' },
    });
    expect(reset.statusCode).toBe(204);
  });
});
