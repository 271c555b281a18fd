import { ADMIN_ROLE, EMPTY_USER_STATE } from '@contract/auth';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, createUser, decodeToken, mailsTo, PASSWORD, signIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildApp } from '../../app';
import { affiliates, auditLog, levels, notifications, passwordResets, users } from '../../db/schema';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
  await t.database.db.insert(levels).values([
    { name: 'Prata', rank: 2, commissionBps: 750 },
    { name: 'Bronze', rank: 1, commissionBps: 500 },
  ]);
});
afterAll(async () => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });

const validRegistration = (email: string) => ({
  first_name: 'Joana',
  last_name: 'Silva',
  email,
  password: 'senha-forte-1',
  accept_terms: true,
  language: 'pt',
});

describe('POST /auth/register', () => {
  test('creates a pending affiliate with a unique code and tells the admins', async () => {
    const res = await register(validRegistration('Joana.Silva@Example.com'));
    expect(res.statusCode).toBe(201);
    await t.app.tasks.drain();
    expect(res.json()).toEqual({ status: 'pending', email: 'joana.silva@example.com' });

    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'joana.silva@example.com'));
    expect(user?.role).toBe('Afiliado');
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [affiliate] = await t.database.db
      .select()
      .from(affiliates)
      .where(eq(affiliates.userId, user?.id ?? 0));
    expect(affiliate?.status).toBe('pending');
    expect(affiliate?.code).toMatch(/^AF[A-Z2-9]{7}$/);

    const adminNotes = await t.database.db.select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(adminNotes.some((n) => n.kind === 'affiliate.registered' && n.text.includes('Joana Silva'))).toBe(true);
    expect((await mailsTo(t.database.db, admin.user.email)).at(-1)?.text).toContain('joana.silva@example.com');
    expect((await mailsTo(t.database.db, 'joana.silva@example.com'))[0]?.subject).toBe('Recebemos o seu cadastro');
  });

  test('an email already registered, whatever its case, gets the same answer and creates nothing', async () => {
    const first = await register(validRegistration('dup@example.com'));
    const before = await t.database.db.select({ n: count() }).from(users);
    const again = await register({ ...validRegistration('DUP@example.com'), first_name: 'Outra' });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(await t.database.db.select({ n: count() }).from(users)).toEqual(before);
  });

  test.each([
    ['password', { password: 'short1' }],
    ['password', { password: 'onlyletters' }],
    ['accept_terms', { accept_terms: false }],
    ['email', { email: 'nope' }],
    ['first_name', { first_name: '  ' }],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (field, change) => {
    const before = await t.database.db.select({ n: count() }).from(users);
    const res = await register({ ...validRegistration(`bad-${field}@example.com`), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await t.database.db.select({ n: count() }).from(users)).toEqual(before);
  });
});

describe('POST /auth/login', () => {
  test('an approved affiliate gets a session token and exactly the user state of the spec', async () => {
    const user = await createUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const { token, user: state } = res.json();
    const payload = decodeToken(token);
    expect(payload).toMatchObject({ sub: String(user.id), role: 'Afiliado', ver: 0 });
    const now = Math.floor(Date.now() / 1000);
    expect(payload.exp).toBeGreaterThan(now + t.config.jwtTtlSeconds - 60);
    expect(payload.exp).toBeLessThanOrEqual(now + t.config.jwtTtlSeconds + 1);
    expect(Object.keys(state).sort()).toEqual(Object.keys(EMPTY_USER_STATE).sort());
    expect(state).toMatchObject({
      id: String(user.id),
      afiliado_id: String(user.affiliateId),
      email: user.email,
      nome: 'Afi',
      id_rede: '',
      avatar: '',
    });
  });

  test.each([
    ['pending', 'ACCOUNT_PENDING'],
    ['rejected', 'ACCOUNT_REJECTED'],
    ['suspended', 'ACCOUNT_SUSPENDED'],
  ] as const)('a %s affiliate is refused with 403 %s', async (status, code) => {
    const user = await createUser(t.database.db, { status });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(code);
  });

  test("answers the account's language, so the interface takes it at sign-in", async () => {
    const english = await createUser(t.database.db);
    const portuguese = await createUser(t.database.db);
    await t.database.db.update(users).set({ language: 'pt' }).where(eq(users.id, portuguese.id));
    const languageOf = async (email: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: PASSWORD } })).json()
        .language;
    expect(await languageOf(english.email)).toBe('en');
    expect(await languageOf(portuguese.email)).toBe('pt');
  });

  test('a wrong password and an unknown email get the same 401', async () => {
    const user = await createUser(t.database.db, { status: 'pending' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: 'nope-nope-1' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'ghost@example.com', password: 'nope-nope-1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    expect(unknown.json().detail).toBe(wrong.json().detail);
  });

  test('a deactivated account is refused', async () => {
    const user = await createUser(t.database.db);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DEACTIVATED');
  });
});

describe('approving affiliates', () => {
  test('GET /affiliates?status=pending lists registrations newest first', async () => {
    await register(validRegistration('first@example.com'));
    await register(validRegistration('second@example.com'));
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/affiliates?status=pending', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const emails = res.json().items.map((a: { email: string }) => a.email);
    expect(emails.indexOf('second@example.com')).toBeLessThan(emails.indexOf('first@example.com'));
    expect(res.json().items.every((a: { status: string }) => a.status === 'pending')).toBe(true);
  });

  test('POST /affiliates/:id/approve lets them sign in, on the lowest level, by email and audited', async () => {
    await register(validRegistration('approve-me@example.com'));
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/v1/affiliates?status=pending&q=approve-me',
      headers: admin.headers,
    });
    const id = pending.json().items[0].id;
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/affiliates/${id}/approve`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved' });
    const [bronze] = await t.database.db.select().from(levels).where(eq(levels.name, 'Bronze'));
    expect(res.json().level_id).toBe(bronze?.id);

    const session = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'approve-me@example.com', password: 'senha-forte-1' },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.nivel_afiliado).toBe('Bronze');
    expect((await mailsTo(t.database.db, 'approve-me@example.com')).at(-1)?.subject).toBe('Seu cadastro foi aprovado');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(entries.map((e) => e.action)).toContain('affiliate.approve');

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/affiliates/${id}/approve`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  test('POST /affiliates/:id/reject needs a reason, then keeps them out with it', async () => {
    await register(validRegistration('reject-me@example.com'));
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/v1/affiliates?q=reject-me',
      headers: admin.headers,
    });
    const id = pending.json().items[0].id;
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/v1/affiliates/${id}/reject`,
      headers: admin.headers,
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].field).toBe('reason');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/affiliates/${id}/reject`,
      headers: admin.headers,
      payload: { reason: 'Sem site próprio' },
    });
    expect(res.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'reject-me@example.com', password: 'senha-forte-1' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({
      code: 'ACCOUNT_REJECTED',
      detail: expect.stringContaining('Sem site próprio'),
    });
    expect((await mailsTo(t.database.db, 'reject-me@example.com')).at(-1)?.text).toContain('Sem site próprio');
  });

  test('an affiliate may not list or approve affiliates (403), nobody without a token (401)', async () => {
    const affiliate = await createSignedIn(t.app, t.database.db);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/affiliates', headers: affiliate.headers });
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('ADMIN_ONLY');
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/v1/affiliates/${affiliate.user.affiliateId}/approve`,
      headers: affiliate.headers,
    });
    expect(approve.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/affiliates' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /auth/change-password', () => {
  test('asks for the current password', async () => {
    const { headers } = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers,
      payload: { current_password: 'wrong-one-1', new_password: 'nova-senha-2' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('current_password');
  });

  test('ends every other session and keeps this one with a new token', async () => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    const otherSession = await signIn(t.app, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers,
      payload: { current_password: PASSWORD, new_password: 'nova-senha-2' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${otherSession}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${fresh}` } }))
        .statusCode,
    ).toBe(200);
    await signIn(t.app, user.email, 'nova-senha-2');
  });
});

describe('POST /auth/logout', () => {
  test('refuses the same token afterwards on every route, on any server of the database; other sessions go on', async () => {
    const admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
    const otherSession = { authorization: `Bearer ${await signIn(t.app, admin.user.email)}` };
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: admin.headers });
    expect(out.statusCode).toBe(204);
    for (const url of ['/api/v1/me', '/api/v1/sales', '/api/v1/users', '/api/v1/notifications']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: admin.headers })).statusCode,
    ).toBe(401);
    // A second server on the same database knows it too: the ended session lives in the database.
    const second = await buildApp({ config: t.config, database: t.database, logger: false });
    await second.ready();
    try {
      expect((await second.inject({ method: 'GET', url: '/api/v1/me', headers: admin.headers })).statusCode).toBe(401);
      expect((await second.inject({ method: 'GET', url: '/api/v1/users', headers: otherSession })).statusCode).toBe(
        200,
      );
    } finally {
      await second.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: otherSession })).statusCode).toBe(200);
  });

  test('every new sign-in is a session of its own, so signing out of one ends no other', async () => {
    const { user } = await createSignedIn(t.app, t.database.db);
    const [first, second] = [await signIn(t.app, user.email), await signIn(t.app, user.email)];
    expect(first).not.toBe(second);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${first}` } });
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  // The answer comes first; the link and its mail follow, done here before looking.
  const forgot = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
    await t.app.tasks.drain();
    return res;
  };
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password } });
  const tokenFromMail = (text: string | undefined) => text?.match(/\/auth\/resetar-senha\/([\w-]+)/)?.[1] ?? '';

  test('answers the same whether or not the account exists, and mails only a real one', async () => {
    const user = await createUser(t.database.db);
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(await mailsTo(t.database.db, 'nobody-here@example.com')).toHaveLength(0);
    const [mail] = await mailsTo(t.database.db, user.email);
    expect(mail?.text).toContain('http://portal.test/auth/resetar-senha/');
  });

  test('the emailed link resets the password once, stored hashed, and ends older sessions', async () => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    await forgot(user.email);
    const token = tokenFromMail((await mailsTo(t.database.db, user.email)).at(-1)?.text);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored.map((r) => r.tokenHash)).not.toContain(token);

    expect((await reset(token, 'outra-senha-3')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers })).statusCode).toBe(401);
    await signIn(t.app, user.email, 'outra-senha-3');
    const again = await reset(token, 'mais-uma-senha-4');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN', errors: [{ field: 'token' }] });
  });

  test('POST /auth/reset-password/check tells a usable link (204) from a bad one (400), and uses none up', async () => {
    const check = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password/check', payload: { token } });
    const user = await createUser(t.database.db);
    await forgot(user.email);
    const token = tokenFromMail((await mailsTo(t.database.db, user.email)).at(-1)?.text);

    expect((await check(token)).statusCode).toBe(204);
    expect((await check(token)).statusCode).toBe(204);
    const unknown = await check('a-link-that-was-never-sent');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN', errors: [{ field: 'token' }] });

    expect((await reset(token, 'outra-senha-3')).statusCode).toBe(204);
    expect((await check(token)).json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
  });

  test('a link older than one hour no longer works', async () => {
    const user = await createUser(t.database.db);
    await forgot(user.email);
    const token = tokenFromMail((await mailsTo(t.database.db, user.email)).at(-1)?.text);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await reset(token, 'outra-senha-3')).statusCode).toBe(400);
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password/check',
      payload: { token },
    });
    expect(checked.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
  });
});

describe('session tokens', () => {
  test('GET /me answers the user state for a valid token', async () => {
    const { user, headers } = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(user.email);
  });

  test('a token whose payload was edited to another role is refused', async () => {
    const { token } = await createSignedIn(t.app, t.database.db);
    const [header, , signature] = token.split('.');
    const payload = { ...decodeToken(token), role: 'Administrador' };
    const forged = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    for (const url of ['/api/v1/me', '/api/v1/affiliates']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${forged}` } });
      expect(res.statusCode).toBe(401);
    }
  });

  test('a token signed with another key is refused', async () => {
    const { createTokenService } = await import('../../plugins/auth');
    const user = await createUser(t.database.db, { role: ADMIN_ROLE });
    const forged = await createTokenService('another-secret-another-secret-another-secret', 3600).signSession({
      ...user,
      role: ADMIN_ROLE,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/affiliates',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
  });

  test('an unsigned token (alg none) is refused', async () => {
    const user = await createUser(t.database.db, { role: ADMIN_ROLE });
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: String(user.id), role: ADMIN_ROLE, ver: 0, aud: 'afiliados:session', exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/affiliates',
      headers: { authorization: `Bearer ${none}` },
    });
    expect(res.statusCode).toBe(401);
  });

  test('a correctly signed token claiming a role the person does not have is refused', async () => {
    const user = await createUser(t.database.db);
    const token = await t.app.tokens.signSession({ id: user.id, role: ADMIN_ROLE, tokenVersion: 0 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/affiliates',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  test('an expired token is refused', async () => {
    const { createTokenService } = await import('../../plugins/auth');
    const user = await createUser(t.database.db);
    const expired = await createTokenService(t.config.jwtSecret, -10).signSession(user);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_INVALID');
  });

  test('the two-step challenge is not a session token', async () => {
    const challenge = await t.app.tokens.signPurpose(
      'two-factor',
      String(admin.user.id),
      { ver: 0, role: ADMIN_ROLE },
      300,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${challenge}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('route guards', () => {
  const PUBLIC = new Set([
    'GET /api/v1/health',
    'GET /api/v1/ready',
    'GET /api/v1/settings/maintenance',
    'POST /api/v1/auth/register',
    'POST /api/v1/auth/login',
    'POST /api/v1/auth/two-steps',
    'POST /api/v1/auth/forgot-password',
    'POST /api/v1/auth/reset-password',
    'POST /api/v1/auth/reset-password/check',
    'GET /api/v1/avatars/{id}',
    'GET /api/v1/campaigns/{id}/image',
    // A checkout's webhook: guarded by its address's token and the platform's signature, not a
    // session (a real address without the signature is a 401: integrations.test.ts).
    'POST /api/v1/integrations/receive/{token}',
    // The log's write stream (a WebSocket) opens without a token; each write on it carries its own
    // and is refused 401 without one (log-stream.test.ts).
    'GET /api/v1/logs/stream',
    // The public programme page (/programa): its name, pitch, FAQ, questions and commissions.
    'GET /api/v1/programme',
    // An announcement mail's one-click unsubscribe (RFC 8058): its random token is the key, a mail
    // client posts it without a session (announcements.test.ts).
    'POST /api/v1/unsubscribe/{token}',
  ]);

  test('every API route but the public ones answers 401 without a token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes.length).toBeGreaterThan(PUBLIC.size);
    for (const route of routes.filter((r) => !PUBLIC.has(r))) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'GET',
        url: path.replace(/\{(\w+)\}/g, '1'),
        payload: method === 'GET' ? undefined : {},
      });
      expect({ route, status: res.statusCode }).toEqual({ route, status: 401 });
    }
  });
});
