import { ADMIN_ROLE } from '@contract/auth';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn, signIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { affiliates, applicationAnswers, auditLog, campaigns, levels, users } from '../../db/schema';
import { PROGRAMME_PAGE_PER_MINUTE } from './programme.routes';

// Issue 30, point 1: the public programme page, its settings and the application's answers.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let affiliate: Awaited<ReturnType<typeof createSignedIn>>;
const db = () => t.database.db;

/** The questions as the admin writes them first; the server gives them ids. */
const QUESTIONS = [
  { label: 'Where will you promote us?', kind: 'choice', options: ['Instagram', 'YouTube', 'Blog'], required: true },
  { label: 'Your main channel', kind: 'url', required: true },
  { label: 'Followers', kind: 'number', required: false },
  { label: 'Tell us about your audience', kind: 'long_text', required: false },
] as const;

const SETTINGS = {
  name: 'Programa Loja Verde',
  pitch: 'Ganhe até 30% por venda indicando produtos sustentáveis.',
  faq: [{ question: 'Quando recebo?', answer: 'Todo mês, por PIX.' }],
  questions: QUESTIONS,
};

let questionIds: string[] = [];

const putSettings = (payload: Record<string, unknown>, headers = admin.headers) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/programme/settings', headers, payload });
const register = (email: string, answers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: {
      first_name: 'Carla',
      last_name: 'Nunes',
      email,
      password: 'senha-forte-1',
      accept_terms: true,
      answers,
    },
  });
const goodAnswers = () => ({
  [questionIds[0] ?? '']: 'YouTube',
  [questionIds[1] ?? '']: 'https://youtube.com/@carla',
  [questionIds[2] ?? '']: '12500',
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, db(), { role: ADMIN_ROLE });
  affiliate = await createSignedIn(t.app, db());
  await db().insert(levels).values({ name: 'Bronze', rank: 1, commissionBps: 800 });
  const base = { destinationUrl: 'https://loja.example.com/secret-path', cookieDays: 30, holdDays: 7 };
  await db()
    .insert(campaigns)
    .values([
      { ...base, name: 'Kit Bambu', commissionType: 'percent', commissionValue: 3_000 },
      { ...base, name: 'Curso Horta', commissionType: 'fixed', commissionValue: 4_990, cookieDays: 60 },
      { ...base, name: 'Sabonetes' },
      { ...base, name: 'Pausada', commissionType: 'percent', commissionValue: 9_000, status: 'paused' },
      {
        ...base,
        name: 'Encerrada',
        commissionType: 'percent',
        commissionValue: 9_000,
        endsAt: new Date(Date.now() - 1),
      },
    ]);
});
afterAll(async () => t.close());

describe('PUT /programme/settings', () => {
  test('keeps the page, gives new questions ids, keeps the ids given, and is audited', async () => {
    const res = await putSettings(SETTINGS);
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.name).toBe('Programa Loja Verde');
    questionIds = saved.questions.map((q: { id: string }) => q.id);
    expect(new Set(questionIds).size).toBe(4);
    expect(saved.questions[0]).toMatchObject({ kind: 'choice', options: ['Instagram', 'YouTube', 'Blog'] });
    expect(saved.questions[1]).toMatchObject({ kind: 'url', options: [], required: true });

    const again = await putSettings({ ...SETTINGS, questions: saved.questions });
    expect(again.json().questions.map((q: { id: string }) => q.id)).toEqual(questionIds);
    const [audited] = await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'programme.update'));
    expect(audited?.n).toBe(2);
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/programme/settings', headers: admin.headers });
    expect(read.json().questions).toEqual(saved.questions);
  });

  test('a choice without options is a 400 naming the field, and nothing changes', async () => {
    const res = await putSettings({ ...SETTINGS, name: 'Outro', questions: [{ label: 'Canal', kind: 'choice' }] });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'questions.0.options' })]);
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/programme/settings', headers: admin.headers });
    expect(read.json().name).toBe('Programa Loja Verde');
  });

  test('an affiliate may not change the page', async () => {
    expect((await putSettings(SETTINGS, affiliate.headers)).statusCode).toBe(403);
  });
});

describe('GET /programme', () => {
  test('shows the page and what the active campaigns pay, with nothing private in it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/programme' });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ name: SETTINGS.name, pitch: SETTINGS.pitch, faq: SETTINGS.faq });
    expect(page.questions.map((q: { label: string }) => q.label)).toEqual(QUESTIONS.map((q) => q.label));
    expect(page.highlights).toEqual([
      { campaign: 'Kit Bambu', commission_type: 'percent', commission_value: 3_000, cookie_days: 30 },
      // Without its own rule, a campaign pays a new affiliate the first level's rate.
      { campaign: 'Sabonetes', commission_type: 'percent', commission_value: 800, cookie_days: 30 },
      { campaign: 'Curso Horta', commission_type: 'fixed', commission_value: 4_990, cookie_days: 60 },
    ]);
    expect(res.body).not.toContain('secret-path');
    expect(res.body).not.toContain('updated');
    expect(res.body).not.toContain(admin.user.email);
  });

  test(`answers ${PROGRAMME_PAGE_PER_MINUTE} views a minute from one address, then 429`, async () => {
    const remoteAddress = '198.51.100.7';
    const view = () => t.app.inject({ method: 'GET', url: '/api/v1/programme', remoteAddress });
    for (let i = 0; i < PROGRAMME_PAGE_PER_MINUTE; i++) expect((await view()).statusCode).toBe(200);
    const refused = await view();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
  });
});

describe('POST /auth/register with the programme questions', () => {
  const usersNamed = (email: string) => db().select({ n: count() }).from(users).where(eq(users.email, email));

  test.each([
    ['a required answer missing', 0, '', '"Where will you promote us?" is required'],
    ['a choice not offered', 0, 'TikTok', '"Where will you promote us?" must be one of the options'],
    ['an address that is not one', 1, 'meu canal', '"Your main channel" must be an http or https address'],
    ['a number that is not one', 2, 'muitos', '"Followers" must be a number'],
  ])('%s is a 400 naming the question, and nothing is written', async (_, index, value, message) => {
    const email = `refused-${index}-${value.length}@example.com`;
    const id = questionIds[index] ?? '';
    const res = await register(email, { ...goodAnswers(), [id]: value });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([{ field: `answers.${id}`, message }]);
    expect((await usersNamed(email))[0]?.n).toBe(0);
  });

  test('an answer to a question the programme does not ask is a 400 naming it', async () => {
    const res = await register('ghost-question@example.com', { ...goodAnswers(), qghost: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'answers.qghost', message: 'is not a question of this programme' }]);
  });

  test('keeps the answers, shows them in the approvals queue, on the admin page and in the export', async () => {
    const email = 'carla.nunes@example.com';
    const res = await register(email, { ...goodAnswers(), [questionIds[3] ?? '']: '  ' });
    expect(res.statusCode).toBe(201);
    await t.app.tasks.drain();
    const expected = [
      { question_id: questionIds[0], label: 'Where will you promote us?', kind: 'choice', value: 'YouTube' },
      { question_id: questionIds[1], label: 'Your main channel', kind: 'url', value: 'https://youtube.com/@carla' },
      { question_id: questionIds[2], label: 'Followers', kind: 'number', value: '12500' },
    ];

    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/affiliates?status=pending&q=carla.nunes',
      headers: admin.headers,
    });
    const [pending] = queue.json().items;
    expect(pending.answers).toEqual(expected);

    const details = await t.app.inject({
      method: 'GET',
      url: `/api/v1/affiliates/${pending.id}`,
      headers: admin.headers,
    });
    expect(details.json().answers).toEqual(expected);

    // A question renamed later: the answer keeps the words it answered.
    const current = (await t.app.inject({ method: 'GET', url: '/api/v1/programme/settings', headers: admin.headers }))
      .json()
      .questions.map((q: { label: string }, i: number) => (i === 1 ? { ...q, label: 'Seu canal' } : q));
    await putSettings({ ...SETTINGS, questions: current });

    await t.app.inject({ method: 'POST', url: `/api/v1/affiliates/${pending.id}/approve`, headers: admin.headers });
    const token = await signIn(t.app, email, 'senha-forte-1');
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/export',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().application_answers).toEqual(expected);
  });

  test('registering without answers while the programme asks none still works', async () => {
    await putSettings({ ...SETTINGS, questions: [] });
    const res = await register('no-questions@example.com', {});
    expect(res.statusCode).toBe(201);
    const [row] = await db()
      .select({ id: affiliates.id })
      .from(affiliates)
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(and(eq(users.email, 'no-questions@example.com')));
    const kept = await db()
      .select()
      .from(applicationAnswers)
      .where(eq(applicationAnswers.affiliateId, row?.id ?? 0));
    expect(kept).toEqual([]);
  });
});
