import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { affiliates, levels } from '../../db/schema';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
});
afterAll(async () => t.close());

const create = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/levels', headers: admin.headers, payload });

describe('levels', () => {
  test('POST /levels creates a level; GET /levels lists them by rank with their holders', async () => {
    const gold = await create({ name: 'Ouro', rank: 3, commission_bps: 1000, min_sales_cents: 2_000_000 });
    const bronze = await create({ name: 'Bronze', rank: 1, commission_bps: 500, description: 'Inicial' });
    expect(gold.statusCode).toBe(201);
    expect(bronze.json()).toMatchObject({
      name: 'Bronze',
      rank: 1,
      commission_bps: 500,
      min_sales_cents: 0,
      description: 'Inicial',
      affiliate_count: 0,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/levels', headers: admin.headers });
    const names = list.json().items.map((l: { name: string }) => l.name);
    expect(names.indexOf('Bronze')).toBeLessThan(names.indexOf('Ouro'));
  });

  test.each([
    ['commission_bps', { commission_bps: 10_001 }],
    ['commission_bps', { commission_bps: -1 }],
    ['commission_bps', { commission_bps: 12.5 }],
    ['rank', { rank: 0 }],
    ['min_sales_cents', { min_sales_cents: -100 }],
    ['name', { name: '' }],
  ])('refuses a bad %s with 400 naming it and writes nothing', async (field, change) => {
    const before = (await t.database.db.select().from(levels)).length;
    const res = await create({ name: 'Prata', rank: 2, commission_bps: 750, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await t.database.db.select().from(levels)).toHaveLength(before);
  });

  test('a duplicate name is 409 on the name', async () => {
    await create({ name: 'Platina', rank: 4, commission_bps: 1200 });
    const res = await create({ name: 'Platina', rank: 5, commission_bps: 1300 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].field).toBe('name');
  });

  test('PATCH /levels/:id changes it and the change is audited with before and after', async () => {
    const level = (await create({ name: 'Diamante', rank: 6, commission_bps: 1500 })).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/levels/${level.id}`,
      headers: admin.headers,
      payload: { commission_bps: 1600 },
    });
    expect(res.json().commission_bps).toBe(1600);
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit?entity=level&entity_id=${level.id}`,
      headers: admin.headers,
    });
    expect(trail.json().items[0]).toMatchObject({
      action: 'level.update',
      actor_id: admin.user.id,
      actor_name: `Admin ${admin.user.lastName}`,
      before: { commission_bps: 1500 },
      after: { commission_bps: 1600 },
    });
  });

  test('DELETE /levels/:id refuses a level in use with 409 and how many hold it', async () => {
    const level = (await create({ name: 'Ocupado', rank: 7, commission_bps: 100 })).json();
    const holder = await createSignedIn(t.app, t.database.db);
    await t.database.db
      .update(affiliates)
      .set({ levelId: level.id })
      .where(eq(affiliates.id, holder.user.affiliateId ?? 0));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/levels/${level.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LEVEL_IN_USE', affiliate_count: 1 });
    const free = (await create({ name: 'Livre', rank: 8, commission_bps: 100 })).json();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/levels/${free.id}`, headers: admin.headers })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/levels/${free.id}`, headers: admin.headers })).statusCode,
    ).toBe(404);
  });

  test('affiliates may not manage levels', async () => {
    const affiliate = await createSignedIn(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/levels',
      headers: affiliate.headers,
      payload: { name: 'X', rank: 9, commission_bps: 1 },
    });
    expect(res.statusCode).toBe(403);
  });
});
