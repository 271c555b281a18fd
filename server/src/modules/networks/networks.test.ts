import { ADMIN_ROLE } from '@contract/auth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedIn } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helper';
import { campaigns, sales } from '../../db/schema';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedIn(t.app, t.database.db, { role: ADMIN_ROLE });
});
afterAll(async () => t.close());

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: admin.headers, payload: payload as object });

describe('networks', () => {
  test('POST /networks creates one; a duplicate name is 409 on the name', async () => {
    const res = await inject('POST', '/networks', { name: 'Rede Sul', description: 'RS, SC e PR' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Rede Sul', member_count: 0, members: [] });
    const dup = await inject('POST', '/networks', { name: 'Rede Sul' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].field).toBe('name');
    expect((await inject('POST', '/networks', { name: '' })).json().errors[0].field).toBe('name');
  });

  test('adding an affiliate makes them a member, and the user state shows the network', async () => {
    const network = (await inject('POST', '/networks', { name: 'Rede Norte' })).json();
    const affiliate = await createSignedIn(t.app, t.database.db);
    const res = await inject('POST', `/networks/${network.id}/affiliates`, {
      affiliate_id: affiliate.user.affiliateId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      member_count: 1,
      members: [{ affiliate_id: affiliate.user.affiliateId, email: affiliate.user.email }],
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: affiliate.headers });
    expect(me.json().id_rede).toBe(String(network.id));
    const list = (await inject('GET', '/networks')).json();
    expect(list.items.find((n: { id: number }) => n.id === network.id).member_count).toBe(1);
  });

  test('an affiliate belongs to one network: moving needs move=true', async () => {
    const first = (await inject('POST', '/networks', { name: 'Rede A' })).json();
    const second = (await inject('POST', '/networks', { name: 'Rede B' })).json();
    const affiliate = await createSignedIn(t.app, t.database.db);
    await inject('POST', `/networks/${first.id}/affiliates`, { affiliate_id: affiliate.user.affiliateId });
    const refused = await inject('POST', `/networks/${second.id}/affiliates`, {
      affiliate_id: affiliate.user.affiliateId,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IN_OTHER_NETWORK', current_network: 'Rede A' });
    const moved = await inject('POST', `/networks/${second.id}/affiliates`, {
      affiliate_id: affiliate.user.affiliateId,
      move: true,
    });
    expect(moved.json().member_count).toBe(1);
    expect((await inject('GET', `/networks/${first.id}`)).json().member_count).toBe(0);
    const trail = (await inject('GET', `/audit?entity=affiliate&entity_id=${affiliate.user.affiliateId}`)).json();
    expect(trail.items[0]).toMatchObject({
      action: 'affiliate.network',
      before: { network_id: first.id },
      after: { network_id: second.id },
    });
  });

  test('removing a member empties their id_rede', async () => {
    const network = (await inject('POST', '/networks', { name: 'Rede C' })).json();
    const affiliate = await createSignedIn(t.app, t.database.db);
    await inject('POST', `/networks/${network.id}/affiliates`, { affiliate_id: affiliate.user.affiliateId });
    const res = await inject('DELETE', `/networks/${network.id}/affiliates/${affiliate.user.affiliateId}`);
    expect(res.json().member_count).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: affiliate.headers })).json().id_rede).toBe(
      '',
    );
  });

  test('PATCH /networks/:id renames; unknown ids are 404; affiliates get 403', async () => {
    const network = (await inject('POST', '/networks', { name: 'Rede D' })).json();
    expect((await inject('PATCH', `/networks/${network.id}`, { name: 'Rede Delta' })).json().name).toBe('Rede Delta');
    expect((await inject('GET', '/networks/999999')).statusCode).toBe(404);
    expect((await inject('POST', `/networks/${network.id}/affiliates`, { affiliate_id: 999999 })).statusCode).toBe(404);
    const affiliate = await createSignedIn(t.app, t.database.db);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/networks', headers: affiliate.headers })).statusCode,
    ).toBe(403);
  });

  test("members and the network carry their sales totals; GET /networks/:id/sales lists only members' sales", async () => {
    const db = t.database.db;
    const network = (await inject('POST', '/networks', { name: 'Rede Vendas' })).json();
    const member = await createSignedIn(t.app, db);
    const outsider = await createSignedIn(t.app, db);
    await inject('POST', `/networks/${network.id}/affiliates`, { affiliate_id: member.user.affiliateId });
    const [campaign] = await db
      .insert(campaigns)
      .values({
        name: 'Rede camp',
        destinationUrl: 'https://x.example.com/',
        commissionType: 'percent',
        commissionValue: 1_000,
        cookieDays: 30,
        holdDays: 0,
      })
      .returning();
    const sale = async (affiliateId: number | null, amount: number, decide?: string) => {
      const res = await inject('POST', '/sales', {
        campaign_id: campaign?.id,
        affiliate_id: affiliateId,
        amount_cents: amount,
        payment_method: 'pix',
      });
      if (decide) await inject('POST', `/sales/${res.json().id}/${decide}`);
      return res.json().id as number;
    };
    await sale(member.user.affiliateId, 10_000, 'approve');
    await sale(member.user.affiliateId, 5_000); // pending: counted, not approved
    await sale(member.user.affiliateId, 7_000, 'cancel'); // counted (the network's sales screen lists it), not approved
    await sale(outsider.user.affiliateId, 99_000, 'approve'); // not a member
    const details = (await inject('GET', `/networks/${network.id}`)).json();
    const expected = { sales_count: 3, approved_sales_cents: 10_000, commission_cents: 1_000 };
    expect(details).toMatchObject(expected);
    expect(details.members[0]).toMatchObject({ affiliate_id: member.user.affiliateId, ...expected });
    const listed = (await inject('GET', '/networks')).json().items.find((n: { id: number }) => n.id === network.id);
    expect(listed).toMatchObject({ member_count: 1, ...expected });
    const page = (await inject('GET', `/networks/${network.id}/sales?status=approved`)).json();
    expect(page.items.map((s: { affiliate_id: number }) => s.affiliate_id)).toEqual([member.user.affiliateId]);
    expect(page.totals.amount_cents).toBe(10_000);
    expect((await inject('GET', '/networks/999999/sales')).statusCode).toBe(404);
  });

  test("a split sale is on each member's line with the member's share, and once in the network's totals", async () => {
    const db = t.database.db;
    const network = (await inject('POST', '/networks', { name: 'Rede Dividida' })).json();
    const owner = await createSignedIn(t.app, db);
    const sharer = await createSignedIn(t.app, db);
    for (const member of [owner, sharer])
      await inject('POST', `/networks/${network.id}/affiliates`, { affiliate_id: member.user.affiliateId });
    const [campaign] = await db
      .insert(campaigns)
      .values({
        name: 'Split camp',
        destinationUrl: 'https://x.example.com/',
        commissionType: 'percent',
        commissionValue: 1_000,
        cookieDays: 30,
        holdDays: 0,
      })
      .returning();
    const ownerId = owner.user.affiliateId ?? 0;
    const sharerId = sharer.user.affiliateId ?? 0;
    // R$ 100,00 with R$ 10,00 commission: the first click's part is R$ 40,00 and R$ 4,00.
    await db.insert(sales).values({
      campaignId: campaign?.id ?? 0,
      affiliateId: ownerId,
      networkId: network.id,
      amountCents: 10_000,
      paymentMethod: 'pix',
      source: 'admin',
      status: 'approved',
      commissionCents: 1_000,
      commission: {
        rule: 'none',
        rate_bps: null,
        fixed_cents: null,
        base_cents: 10_000,
        exact_cents: '0',
        commission_cents: 1_000,
        level_name: null,
      },
      attributedBy: 'affiliate_id',
      payableAt: new Date(),
      sharedAffiliateId: sharerId,
      sharedCommissionCents: 400,
      sharedAmountCents: 4_000,
    });
    const details = (await inject('GET', `/networks/${network.id}`)).json();
    expect(details).toMatchObject({ sales_count: 1, approved_sales_cents: 10_000, commission_cents: 1_000 });
    const line = (id: number) => details.members.find((m: { affiliate_id: number }) => m.affiliate_id === id);
    expect(line(ownerId)).toMatchObject({ sales_count: 1, approved_sales_cents: 6_000, commission_cents: 600 });
    expect(line(sharerId)).toMatchObject({ sales_count: 1, approved_sales_cents: 4_000, commission_cents: 400 });
  });
});
