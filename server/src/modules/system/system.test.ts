import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('system', () => {
  test('GET /api/v1/health answers ok with the version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
  });

  test('GET /api/v1/ready names the engine when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: t.database.engine });
  });

  test('GET /api/v1/ready answers 503 problem+json when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    await other.app.close();
  });

  test('GET /api/docs/json is the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/health'].get.responses['200'].content['application/json'].schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['status', 'version']),
    });
  });

  test('GET /api/docs serves the browsable documentation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
