import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { createSignedIn } from '../../test/fixtures';
import type { TestApp } from '../../test/helper';
import { campaignBody, campaignWithLink, follow, timeUntil, twoServers } from '../../test/two-servers';

/** Issue 18: what one server changes, every server's cache drops within this long. */
const WITHIN_MS = 1_000;

let servers: Awaited<ReturnType<typeof twoServers>>;
let t: TestApp;
let other: FastifyInstance;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
let affiliate: Awaited<ReturnType<typeof createSignedIn>>;

beforeAll(async () => {
  servers = await twoServers();
  ({ t, other, admin, affiliate } = servers);
});
afterAll(() => servers.close());

describe('changes reach every server at once (issue 18)', () => {
  test('PATCH /campaigns/:id paused on one server: the other stops redirecting within a second', async () => {
    const { campaignId, code } = await campaignWithLink(
      t.app,
      { admin: admin.headers, affiliate: affiliate.headers },
      'Pausada',
    );
    // Both servers now hold the link as active in their caches.
    expect((await follow(t.app, code)).statusCode).toBe(302);
    expect((await follow(other, code)).statusCode).toBe(302);
    const paused = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/campaigns/${campaignId}`,
      headers: admin.headers,
      payload: { ...campaignBody('Pausada'), status: 'paused' },
    });
    expect(paused.statusCode).toBe(200);
    expect((await follow(t.app, code)).statusCode).toBe(410);
    const took = await timeUntil(async () => (await follow(other, code)).statusCode, 410);
    expect(took).toBeLessThan(WITHIN_MS);
  });

  test('PATCH /campaigns/:id with a new destination: the other server redirects there within a second', async () => {
    const { campaignId, code } = await campaignWithLink(
      t.app,
      { admin: admin.headers, affiliate: affiliate.headers },
      'Mudou',
    );
    expect(new URL((await follow(other, code)).headers.location as string).host).toBe('loja.example.com');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/campaigns/${campaignId}`,
      headers: admin.headers,
      payload: { ...campaignBody('Mudou'), destination_url: 'https://nova.example.com/' },
    });
    const took = await timeUntil(
      async () => new URL((await follow(other, code)).headers.location as string).host,
      'nova.example.com',
    );
    expect(took).toBeLessThan(WITHIN_MS);
  });

  test('PUT /settings/maintenance on one server: the other answers 503 within a second, and again 200 after', async () => {
    const campaigns = () =>
      other.inject({ method: 'GET', url: '/api/v1/campaigns', headers: affiliate.headers }).then((r) => r.statusCode);
    expect(await campaigns()).toBe(200);
    const set = (enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/settings/maintenance',
        headers: admin.headers,
        payload: { enabled },
      });
    expect((await set(true)).statusCode).toBe(200);
    expect(await timeUntil(campaigns, 503)).toBeLessThan(WITHIN_MS);
    expect((await set(false)).statusCode).toBe(200);
    expect(await timeUntil(campaigns, 200)).toBeLessThan(WITHIN_MS);
  });

  test('DELETE /api-keys/:id on one server: the other refuses the key at once', async () => {
    const { campaignId } = await campaignWithLink(
      t.app,
      { admin: admin.headers, affiliate: affiliate.headers },
      'Chave',
    );
    const key = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: admin.headers,
        payload: { name: 'outro servidor', signed: false },
      })
    ).json();
    let n = 0;
    const postback = () =>
      other
        .inject({
          method: 'POST',
          url: '/api/v1/postback',
          headers: { 'x-api-key': key.key },
          payload: {
            campaign_id: campaignId,
            external_id: `feed-${++n}`,
            amount_cents: 10_000,
            payment_method: 'pix',
            affiliate_code: 'NOBODY',
          },
        })
        .then((r) => r.statusCode);
    expect(await postback()).not.toBe(401);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${key.id}`, headers: admin.headers });
    // Well inside the second the key's row could otherwise be trusted for.
    expect(await timeUntil(postback, 401)).toBeLessThan(300);
  });
});
