import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, testConfig } from '../../test/helper';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { AppError } from '../errors';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig('.tmp/errors-test'),
    database,
    logger: { level: 'error', stream: logStream },
  });
  // Probe routes that exercise the error plugin the same way real routes do.
  app.post(
    '/api/v1/__probe',
    { schema: { body: z.object({ email: z.email(), amount_cents: z.number().int().min(1) }) } },
    async () => ({ ok: true }),
  );
  app.get('/api/v1/__boom', async () => {
    throw new Error('connection string postgres://secret@db');
  });
  app.get('/api/v1/__conflict', async () => {
    throw new AppError('CONFLICT', 'That name is taken.', {
      reason: 'NAME_TAKEN',
      errors: [{ field: 'name', message: 'is taken' }],
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('problem+json errors', () => {
  test('an unknown API path answers 404 problem+json', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      type: 'urn:afiliados:problem:not-found',
      title: 'Not Found',
      status: 404,
      code: 'NOT_FOUND',
      instance: '/api/v1/does-not-exist',
    });
  });

  test('a body that fails the contract answers 400 naming each failing field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/__probe',
      payload: { email: 'not-an-email', amount_cents: 1.5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['amount_cents', 'email']);
  });

  test('a body that is not JSON answers 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/__probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  test('a missing body names the body', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/__probe' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('body');
  });

  test('an AppError keeps its status, reason and fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/__conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'NAME_TAKEN',
      detail: 'That name is taken.',
      errors: [{ field: 'name', message: 'is taken' }],
    });
  });

  test('an unexpected error answers 500 without internals and is logged with the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/__boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(res.body).not.toContain('secret');
    expect(body).toMatchObject({ status: 500, code: 'INTERNAL', request_id: expect.any(String) });
    const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.reqId === body.request_id);
    expect(logged?.err?.message).toContain('connection string');
  });
});
