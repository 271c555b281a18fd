import { ADMIN_ROLE } from '@contract/auth';
import { LOG_STREAM_MAX_FRAME_BYTES } from '@contract/log-stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { logBodyAbout, openLogStream } from '../../../test/log-stream-client';
import { analyticsEvents, logs } from '../../db/schema';

const logLines: string[] = [];
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => logLines.push(line) } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

type Person = Awaited<ReturnType<typeof createSignedIn>>;

const logBody = ({ user }: Person, text?: string) => logBodyAbout(user, text);

const eventBody = (text: string) => ({
  name: 'notification_activated',
  params: {
    user_id: '7',
    notification_title: 'Sale approved',
    notification_text: text,
    timestamp: '2026-11-22T12:00:00.000Z',
  },
});

describe('GET /logs/stream', () => {
  test('stores each write of a frame through the POST routes’ service, answering each 201 in order', async () => {
    const person = await createSignedIn(t.app, t.database.db);
    const stream = await openLogStream(base);
    const text = `em ordem ${crypto.randomUUID()}`;
    const bodies = [logBody(person, `${text} 1`), logBody(person, `${text} 2`)];
    stream.send({ id: 'w1', path: '/logs', body: bodies[0], token: person.token });
    stream.send({ id: 'w2', path: '/analytics/events', body: eventBody(text), token: person.token });
    stream.send({ id: 'w3', path: '/logs', body: bodies[1], token: person.token });
    expect(await stream.answered(3)).toEqual([
      { id: 'w1', status: 201 },
      { id: 'w2', status: 201 },
      { id: 'w3', status: 201 },
    ]);
    const stored = await t.database.db.select().from(logs).where(eq(logs.writtenBy, person.user.id)).orderBy(logs.id);
    expect(stored.map((row) => row.notification)).toEqual(bodies.map((b) => b.notification));
    expect(stored.map((row) => row.user)).toEqual(bodies.map((b) => b.user));
    const [event] = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, person.user.id));
    expect(event?.params).toEqual(eventBody(text).params);
    stream.close();
    // The tokens travelled in frames: none of them reached the server's log.
    expect(logLines.join('\n')).not.toContain(person.token);
  });

  test('answers each write with the status its POST route gives, and keeps the stream open', async () => {
    const a = await createSignedIn(t.app, t.database.db);
    const b = await createSignedIn(t.app, t.database.db);
    const stream = await openLogStream(base);
    stream.send({ id: 'none', path: '/logs', body: logBody(a) });
    stream.send({ id: 'forged', path: '/logs', body: logBody(a), token: `${a.token}x` });
    stream.send({ id: 'other', path: '/logs', body: logBody(b), token: a.token });
    stream.send({ id: 'bad', path: '/logs', body: { ...logBody(a), timestamp: 'yesterday' }, token: a.token });
    stream.send({ id: 'nul', path: '/logs', body: logBody(a, 'a\u0000b'), token: a.token });
    stream.send({ id: 'event', path: '/analytics/events', body: { name: 'other', params: {} }, token: a.token });
    stream.send({ id: 'fine', path: '/logs', body: logBody(a), token: a.token });
    const answers = await stream.answered(7);
    expect(answers.map((answer) => [answer.id, answer.status, answer.code])).toEqual([
      ['none', 401, 'TOKEN_INVALID'],
      ['forged', 401, 'TOKEN_INVALID'],
      ['other', 403, 'LOG_USER_MISMATCH'],
      ['bad', 400, 'VALIDATION'],
      ['nul', 400, 'VALIDATION'],
      ['event', 400, 'VALIDATION'],
      ['fine', 201, undefined],
    ]);
    expect(answers[2]?.errors).toEqual([{ field: 'user.id', message: 'must be the signed-in user' }]);
    expect(new Set(answers[3]?.errors?.map((e) => e.field))).toEqual(new Set(['timestamp']));
    expect(new Set(answers[4]?.errors?.map((e) => e.field))).toEqual(new Set(['notification.text']));
    // The same refusal as POST /logs, word for word.
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logs',
      headers: a.headers,
      payload: { ...logBody(a), timestamp: 'yesterday' },
    });
    expect(answers[3]?.detail).toBe(post.json().detail);
    stream.close();
  });

  test('writes of two people on one stream are each stored as their own writer’s', async () => {
    const a = await createSignedIn(t.app, t.database.db);
    const b = await createSignedIn(t.app, t.database.db);
    const stream = await openLogStream(base);
    stream.send({ id: 'a', path: '/logs', body: logBody(a), token: a.token });
    stream.send({ id: 'b', path: '/logs', body: logBody(b), token: b.token });
    expect((await stream.answered(2)).map((answer) => answer.status)).toEqual([201, 201]);
    const rows = await t.database.db
      .select({ writtenBy: logs.writtenBy })
      .from(logs)
      .where(inArray(logs.writtenBy, [a.user.id, b.user.id]))
      .orderBy(logs.id);
    expect(rows.map((row) => row.writtenBy)).toEqual([a.user.id, b.user.id]);
    stream.close();
  });

  test('a frame that is not a write is answered 400 naming the problem, and the stream goes on', async () => {
    const a = await createSignedIn(t.app, t.database.db);
    const stream = await openLogStream(base);
    stream.send('not json');
    stream.send(Buffer.from([1, 2, 3]));
    stream.send({ id: 'x', path: '/contact', body: {}, token: a.token });
    stream.send({ id: 'bad id!', path: '/logs', body: {} });
    stream.send({ id: 'extra', path: '/logs', body: {}, also: 1 });
    stream.send({ id: 'ok', path: '/logs', body: logBody(a), token: a.token });
    const answers = await stream.answered(6);
    expect(answers.map((answer) => [answer.id, answer.status])).toEqual([
      [null, 400],
      [null, 400],
      ['x', 400],
      [null, 400],
      ['extra', 400],
      ['ok', 201],
    ]);
    expect(answers[0]?.detail).toBe('The frame is not JSON.');
    expect(answers[1]?.detail).toContain('not binary');
    expect(answers[2]?.errors?.map((e) => e.field)).toEqual(['path']);
    expect(answers[3]?.errors?.map((e) => e.field)).toEqual(['id']);
    expect(answers[4]?.code).toBe('BAD_FRAME');
    stream.close();
  });

  test('a frame over the limit closes that stream with 1009; the server serves the next one', async () => {
    const a = await createSignedIn(t.app, t.database.db);
    const stream = await openLogStream(base);
    stream.send({ id: 'big', path: '/logs', body: { pad: 'x'.repeat(LOG_STREAM_MAX_FRAME_BYTES) }, token: a.token });
    expect((await stream.closed).code).toBe(1009);
    const next = await openLogStream(base);
    next.send({ id: 'ok', path: '/logs', body: logBody(a), token: a.token });
    expect((await next.answered(1))[0]?.status).toBe(201);
    next.close();
  });

  test('more than 100 writes unanswered at once close the stream with 1008', async () => {
    const a = await createSignedIn(t.app, t.database.db);
    const stream = await openLogStream(base);
    const frames = Array.from({ length: 300 }, (_, i) => ({
      id: `n${i}`,
      path: '/logs',
      body: logBody(a),
      token: a.token,
    }));
    // Sent in one go: they arrive faster than one at a time is answered, so over 100 wait at once.
    for (const frame of frames) stream.send(frame);
    const closed = await stream.closed;
    expect(closed).toEqual({ code: 1008, reason: 'more than 100 writes unanswered' });
    expect(stream.answers.length).toBeLessThan(300);
  });

  test('during maintenance an affiliate’s write is answered 503 and the stream closes (1013); an admin’s passes', async () => {
    const admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
    const affiliate = await createSignedIn(t.app, t.database.db);
    const switchTo = (enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/settings/maintenance',
        headers: admin.headers,
        payload: { enabled, message: 'Voltamos às 14h.' },
      });
    expect((await switchTo(true)).statusCode).toBe(200);
    try {
      const adminStream = await openLogStream(base);
      adminStream.send({ id: 'admin', path: '/logs', body: logBody(admin), token: admin.token });
      expect((await adminStream.answered(1))[0]).toEqual({ id: 'admin', status: 201 });
      adminStream.close();

      const stream = await openLogStream(base);
      stream.send({ id: 'affiliate', path: '/logs', body: logBody(affiliate), token: affiliate.token });
      stream.send({ id: 'behind', path: '/logs', body: logBody(affiliate), token: affiliate.token });
      expect((await stream.closed).code).toBe(1013);
      expect(stream.answers).toEqual([
        { id: 'affiliate', status: 503, code: 'MAINTENANCE', detail: 'Voltamos às 14h.' },
      ]);
    } finally {
      await switchTo(false);
    }
  });

  test('without the upgrade it answers 426 problem+json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/logs/stream' });
    expect(res.statusCode).toBe(426);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});
