import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  const webDir = mkdtempSync(join(tmpdir(), 'afiliados-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root">app shell</div>');
  writeFileSync(join(webDir, 'assets', 'home-abc123.js'), 'export {}');
  t = await createTestApp({ webDir });
});
afterAll(async () => t.close());

describe('built web app', () => {
  test.each(['/', '/campanhas/detalhes/7', '/admin/rede-afiliados/editar/3', '/auth/login', '/anything/unknown'])(
    'GET %s answers the app (history fallback)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('app shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  test.each(['/foo.html', '/campanhas.json', '/admin/relatorio.pdf'])(
    'GET %s from a browser answers the app, which shows its 404 page (SPEC.md §2)',
    async (url) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('app shell');
    },
  );

  test.each([
    ['/favicon.ico', 'image/avif,image/webp,*/*'],
    ['/campanhas.json', 'application/json'],
    ['/assets/gone-000.js', 'text/html'],
  ])('GET %s asked as %s (no page) is a 404 problem', async (url, accept) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  test('hashed assets are served with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/home-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  test('a missing asset is a 404 problem, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  test('an unknown API path is a 404 problem, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/campanhas', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  test('a POST to a page path is a 404 problem, not the app', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/campanhas' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});
