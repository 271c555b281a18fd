import { readFileSync } from 'node:fs';
import { ADMIN_ROLE } from '@contract/auth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp, testConfig } from '../../../test/helper';
import { ConfigError } from '../../config';
import { campaigns } from '../../db/schema';

const TOKEN = 'scraper-token-0123456789';
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => t.close());

const scrape = async (token: string | null = TOKEN) =>
  fetch(`http://127.0.0.1:${t.app.metricsPort}/metrics`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
/** The value of one series in Prometheus's text format (0 when absent). */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('Prometheus metrics (METRICS_PORT)', () => {
  test('after clicks and sales, the counters moved: requests per route, click and sale batches, the outbox, the event loop', async () => {
    const before = await (await scrape()).text();
    const affiliate = await createSignedIn(t.app, t.database.db);
    const admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
    const [campaign] = await t.database.db
      .insert(campaigns)
      .values({ name: 'Medida', destinationUrl: 'https://loja.example.com/', cookieDays: 30, holdDays: 7 })
      .returning();
    const link = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/links',
        headers: affiliate.headers,
        payload: { campaign_id: campaign?.id },
      })
    ).json();
    for (let i = 0; i < 3; i++) {
      const followed = await fetch(`${base}/r/${link.code}`, {
        redirect: 'manual',
        headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Metrica/${i}` },
      });
      expect(followed.status).toBe(302);
    }
    await t.app.clickBuffer.flush();
    const sale = await fetch(`${base}/api/v1/sales`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        campaign_id: campaign?.id,
        affiliate_id: affiliate.user.affiliateId,
        amount_cents: 10_000,
        payment_method: 'pix',
      }),
    });
    expect(sale.status).toBe(201);

    const answer = await scrape();
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const after = await answer.text();
    const redirects = 'afiliados_http_requests_total{method="GET",route="/r/:code",status="302"}';
    expect(seriesValue(after, redirects) - seriesValue(before, redirects)).toBe(3);
    const sales = 'afiliados_http_requests_total{method="POST",route="/api/v1/sales",status="201"}';
    expect(seriesValue(after, sales) - seriesValue(before, sales)).toBe(1);
    expect(
      seriesValue(after, 'afiliados_click_batch_size_sum') - seriesValue(before, 'afiliados_click_batch_size_sum'),
    ).toBe(3);
    expect(seriesValue(after, 'afiliados_click_write_lag_seconds_count')).toBeGreaterThan(0);
    expect(
      seriesValue(after, 'afiliados_sale_batch_size_sum') - seriesValue(before, 'afiliados_sale_batch_size_sum'),
    ).toBe(1);
    expect(seriesValue(after, 'afiliados_sale_batch_duration_seconds_count')).toBeGreaterThan(0);
    expect(after).toContain('afiliados_click_buffer_depth 0');
    for (const sender of ['postback', 'webhook', 'mail', 'payout']) {
      expect(after).toMatch(new RegExp(`afiliados_outbox_depth\\{sender="${sender}"\\} \\d+`));
      expect(after).toMatch(new RegExp(`afiliados_outbox_oldest_age_seconds\\{sender="${sender}"\\} [\\d.e+-]+`));
    }
    expect(after).toContain('afiliados_nodejs_eventloop_lag_seconds');
    // Every series the Grafana dashboard graphs is one the server exposes.
    const graphed = readFileSync('deploy/grafana-dashboard.json', 'utf8').match(/afiliados_[a-z0-9_]+/g) ?? [];
    const missing = [...new Set(graphed)].filter(
      (name) => name !== 'afiliados_db_pool_connections' && !after.includes(`\n${name}`),
    );
    expect(graphed.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
    // The pool is PostgreSQL's; PGlite has none to report.
    expect(after.includes('afiliados_db_pool_connections{state="open"}')).toBe(t.database.engine === 'postgres');
  });

  test('a scrape without the token, or with another, is 401; only GET /metrics answers', async () => {
    expect((await scrape(null)).status).toBe(401);
    expect((await scrape('another-token-0123456789')).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${t.app.metricsPort}/`)).status).toBe(404);
  });

  test('off unless METRICS_PORT is set; beyond loopback it needs a token', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.metrics).toBeNull();
      expect(plain.app.metricsPort).toBeNull();
    } finally {
      await plain.close();
    }
    expect(() => testConfig('/tmp', { METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(testConfig('/tmp', { METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).metrics).toEqual(
      {
        port: 9464,
        host: '0.0.0.0',
        token: TOKEN,
      },
    );
  });
});
