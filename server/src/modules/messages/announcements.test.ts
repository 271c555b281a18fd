import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, createUser, mailsTo, recordApprovedSale } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { startSmtpPeer } from '../../../test/smtp';
import {
  affiliates,
  announcementRecipients,
  announcements,
  auditLog,
  campaigns,
  levels,
  links,
  networks,
  notifications,
  users,
} from '../../db/schema';

// Issue 30 point 3: announcements to a segment, in the portal and by mail with an unsubscribe link.

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
type Person = Awaited<ReturnType<typeof createSignedIn>>;
let admin: Person;
/** Level Ouro and network Sul. */
let ana: Person;
/** Network Sul; opted out of announcement mails. */
let bia: Person;
/** A link to the campaign. */
let caio: Person;
/** A sale in the campaign. */
let duda: Person;
/** Nothing. */
let eva: Person;
let levelId: number;
let networkId: number;
let campaignId: number;
let pendingUserId: number;
const db = () => t.database.db;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  ana = await createSignedIn(t.app, db());
  bia = await createSignedIn(t.app, db());
  caio = await createSignedIn(t.app, db());
  duda = await createSignedIn(t.app, db());
  eva = await createSignedIn(t.app, db());
  const [level] = await db().insert(levels).values({ name: 'Ouro', rank: 3, commissionBps: 800 }).returning();
  const [network] = await db().insert(networks).values({ name: 'Rede Sul' }).returning();
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      name: 'Curso de Fotografia',
      destinationUrl: 'https://loja.example.com/',
      commissionType: 'percent',
      commissionValue: 1_000,
      cookieDays: 30,
      holdDays: 0,
    })
    .returning();
  levelId = level?.id ?? 0;
  networkId = network?.id ?? 0;
  campaignId = campaign?.id ?? 0;
  const affiliateOf = (p: Person) => p.user.affiliateId ?? 0;
  await db()
    .update(affiliates)
    .set({ levelId, networkId })
    .where(eq(affiliates.id, affiliateOf(ana)));
  await db()
    .update(affiliates)
    .set({ networkId })
    .where(eq(affiliates.id, affiliateOf(bia)));
  await db()
    .insert(links)
    .values({ affiliateId: affiliateOf(caio), campaignId, code: `ANN${process.pid}` });
  await recordApprovedSale(t.app, admin.headers, {
    campaign_id: campaignId,
    affiliate_id: affiliateOf(duda),
    amount_cents: 10_000,
  });
  // A pending affiliate of the level: never a recipient.
  const pending = await createUser(db(), { status: 'pending' });
  await db().update(affiliates).set({ levelId, networkId }).where(eq(affiliates.userId, pending.id));
  pendingUserId = pending.id;
  const optOut = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    headers: bia.headers,
    payload: { announcements_opt_out: true },
  });
  expect(optOut.json().account.announcements_opt_out).toBe(true);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (payload: Record<string, unknown>, who: Person = admin) =>
  t.app.inject({ method: 'POST', url: '/api/v1/announcements', headers: who.headers, payload });

async function recipientsOf(announcementId: number) {
  const rows = await db()
    .select({ userId: announcementRecipients.userId })
    .from(announcementRecipients)
    .where(eq(announcementRecipients.announcementId, announcementId));
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}
const idsOf = (...people: Person[]) => people.map((p) => p.user.id).sort((a, b) => a - b);

describe('POST /announcements reaches only its segment', () => {
  test.each<[string, () => number | null, () => Person[]]>([
    ['level', () => levelId, () => [ana]],
    ['network', () => networkId, () => [ana, bia]],
    ['campaign', () => campaignId, () => [caio, duda]],
    ['all', () => null, () => [ana, bia, caio, duda, eva]],
  ])('segment %s', async (segment, id, expected) => {
    const res = await send({
      subject: `Novidade para ${segment}`,
      body: 'Texto do comunicado.',
      segment,
      segment_id: id(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json();
    const reached = await recipientsOf(sent.id);
    expect(reached).toEqual(idsOf(...expected()));
    expect(reached).not.toContain(pendingUserId);
    expect(reached).not.toContain(admin.user.id);
    expect(sent.recipients).toBe(expected().length);
    // The opted-out affiliate is reached in the portal but not mailed.
    expect(sent.mailed).toBe(expected().filter((p) => p !== bia).length);
    for (const person of [ana, bia, caio, duda, eva]) {
      const mine = (
        await t.app.inject({ method: 'GET', url: '/api/v1/me/announcements', headers: person.headers })
      ).json();
      const sees = mine.items.some((a: { id: number }) => a.id === sent.id);
      expect(sees, `${segment}: ${person.user.email}`).toBe(expected().includes(person));
    }
  });

  test('segment names are kept; an unknown level or a missing id is a 400 naming segment_id; nothing is written', async () => {
    const before = (await db().select().from(announcements)).length;
    for (const payload of [
      { subject: 'Oi todos', body: 'Texto.', segment: 'level', segment_id: 987654 },
      { subject: 'Oi todos', body: 'Texto.', segment: 'network' },
      { subject: 'Oi todos', body: 'Texto.', segment: 'all', segment_id: levelId },
    ]) {
      const res = await send(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['segment_id']);
    }
    for (const [payload, field] of [
      [{ body: 'Texto.', segment: 'all' }, 'subject'],
      [{ subject: 'Oi todos', body: '', segment: 'all' }, 'body'],
      [{ subject: 'Oi todos', body: 'Texto.', segment: 'everyone' }, 'segment'],
    ] as const) {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await send({ subject: 'Oi todos', body: 'Texto.', segment: 'all' }, ana)).statusCode).toBe(403);
    expect((await db().select().from(announcements)).length).toBe(before);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/announcements', headers: admin.headers })).json();
    expect(list.items.find((a: { segment: string }) => a.segment === 'campaign').segment_name).toBe(
      'Curso de Fotografia',
    );
  });
});

describe('delivery, opens and the unsubscribe link', () => {
  let announcementId: number;

  test('mail through the outbox with List-Unsubscribe (RFC 8058); in-app notification; counts', async () => {
    const res = await send({
      subject: 'Black Friday',
      body: 'Comissão em dobro.\n\nSó nesta semana.',
      segment: 'network',
      segment_id: networkId,
    });
    announcementId = res.json().id;
    expect(res.json()).toMatchObject({ recipients: 2, mailed: 1, delivered: 0, opened: 0, segment_name: 'Rede Sul' });
    for (const person of [ana, bia]) {
      const told = await db().select().from(notifications).where(eq(notifications.userId, person.user.id));
      expect(told.some((n) => n.kind === 'announcement' && n.title === 'Black Friday')).toBe(true);
    }
    await t.app.mailer.flush();
    const [mail] = smtp.mailsTo(ana.user.email).filter((m) => m.subject === 'Black Friday');
    expect(mail?.text).toContain('Comissão em dobro.');
    const [ann] = await db().select({ token: users.unsubscribeToken }).from(users).where(eq(users.id, ana.user.id));
    expect(mail?.headers['list-unsubscribe']).toBe(`<http://portal.test/api/v1/unsubscribe/${ann?.token}>`);
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toContain(`http://portal.test/cancelar-inscricao/${ann?.token}`);
    expect(smtp.mailsTo(bia.user.email).some((m) => m.subject === 'Black Friday')).toBe(false);

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/me/announcements/${announcementId}/read`,
      headers: ana.headers,
    });
    expect(read.statusCode).toBe(204);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/announcements', headers: admin.headers })).json();
    expect(list.items.find((a: { id: number }) => a.id === announcementId)).toMatchObject({
      recipients: 2,
      mailed: 1,
      delivered: 1,
      opened: 1,
    });
    const audited = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(announcementId)));
    expect(audited.map((a) => [a.action, a.actorId])).toEqual([['announcement.send', admin.user.id]]);
  });

  test('an affiliate cannot mark another’s announcement, nor one they did not get', async () => {
    const mine = await send({ subject: 'Só Ouro', body: 'Texto.', segment: 'level', segment_id: levelId });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/me/announcements/${mine.json().id}/read`,
      headers: eva.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/messages/unread', headers: eva.headers })).json(),
    ).toEqual({
      messages: 0,
      announcements: 1,
    });
  });

  test('POST /unsubscribe/:token: one click without signing in, also as a mail client’s form POST', async () => {
    const [row] = await db().select({ token: users.unsubscribeToken }).from(users).where(eq(users.id, caio.user.id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/unsubscribe/${row?.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ announcements_opt_out: true });
    const account = (await t.app.inject({ method: 'GET', url: '/api/v1/me/account', headers: caio.headers })).json();
    expect(account.announcements_opt_out).toBe(true);
    // The portal's page posts with no body; a second click is the same answer.
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/unsubscribe/${row?.token}` })).statusCode).toBe(200);
    const before = (await mailsTo(db(), caio.user.email)).length;
    await send({ subject: 'Depois de sair', body: 'Texto.', segment: 'campaign', segment_id: campaignId });
    expect((await mailsTo(db(), caio.user.email)).length).toBe(before);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/me/announcements', headers: caio.headers })).json().items[0]
        .subject,
    ).toBe('Depois de sair');

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/unsubscribe/6f1c2f7e-8f43-4d2a-9a51-1b2c3d4e5f60',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/v1/unsubscribe/nope' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.map((e: { field: string }) => e.field)).toEqual(['token']);
    // Back on from the account settings.
    const back = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: caio.headers,
      payload: { announcements_opt_out: false },
    });
    expect(back.json().account.announcements_opt_out).toBe(false);
  });
});
