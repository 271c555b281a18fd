import { ADMIN_ROLE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { affiliates, campaigns, networks, webhookDeliveries } from '../src/db/schema';
import { createSignedIn, signIn } from './fixtures';
import type { TestApp } from './helper';

type Person = Awaited<ReturnType<typeof createSignedIn>>;

/** The ids one affiliate owns, by the kind of resource a path names. */
export type OwnedIds = {
  userId: number;
  affiliateId: number;
  saleId: number;
  redemptionId: number;
  couponId: number;
  /** Texts only this affiliate's own answers may contain. */
  secrets: string[];
};

/** The resource kinds a path id can name, keyed by the path segment before it (or the param's name). */
export type IdKind =
  | 'user'
  | 'affiliate'
  | 'sale'
  | 'redemption'
  | 'coupon'
  | 'campaign'
  | 'level'
  | 'network'
  | 'apiKey'
  | 'webhook'
  | 'webhookDelivery'
  | 'creative'
  | 'messageThread'
  | 'announcement';

export type World = {
  app: FastifyInstance;
  admin: Person;
  /** Two approved affiliates, each with a link, a postback to their tracker, a sale, a redemption and a coupon. */
  a: Person & { ids: OwnedIds };
  b: Person & { ids: OwnedIds };
  /** A third affiliate the fuzz may change or delete without disturbing the roles it signs in as. */
  spare: Person & { ids: OwnedIds };
  campaignId: number;
  levelId: number;
  networkId: number;
  apiKey: { id: number; key: string };
  /** A second key the fuzz may revoke. */
  spareApiKeyId: number;
  /** A webhook endpoint subscribed to every sale event, and one of its messages. */
  webhookId: number;
  webhookDeliveryId: number;
  /** A creative of the campaign, visible to all, with its PDF. */
  creativeId: number;
  /** B's conversation with the programme (A must not read it), and an announcement to everyone. */
  messageThreadId: number;
  announcementId: number;
  /** Bearer headers per role; `undefined` for anonymous. */
  headersOf(role: Role): Record<string, string>;
  /** Signs the roles in again when a request ended a session, and lifts maintenance if one began. */
  restore(): Promise<string[]>;
};

export type Role = 'anonymous' | 'affiliate' | 'admin';

async function ok(app: FastifyInstance, options: InjectOptions, expected: number) {
  const res = await app.inject(options);
  if (res.statusCode !== expected) throw new Error(`world seed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A small programme seeded through the API where the API can do it: an admin, affiliates A and B
 * (and a spare), a campaign, a level, a network, an API key, and for each affiliate a link, a
 * postback sale and a requested redemption.
 */
export async function seedWorld(t: TestApp): Promise<World> {
  const { app } = t;
  const db = t.database.db;
  const admin = await createSignedIn(app, db, { role: ADMIN_ROLE });
  const [campaign] = await db
    .insert(campaigns)
    .values({
      name: 'Loja Mundo',
      destinationUrl: 'https://loja.example.com/',
      commissionType: 'percent',
      commissionValue: 10_000,
      cookieDays: 30,
      holdDays: 0,
    })
    .returning();
  const campaignId = campaign?.id ?? 0;
  const [network] = await db.insert(networks).values({ name: 'Rede Mundo' }).returning();
  const level = await ok(
    app,
    {
      method: 'POST',
      url: '/api/v1/levels',
      headers: admin.headers,
      payload: { name: 'Ouro', rank: 5, commission_bps: 500 },
    },
    201,
  );
  const apiKey = await ok(
    app,
    { method: 'POST', url: '/api/v1/api-keys', headers: admin.headers, payload: { name: 'Loja', signed: false } },
    201,
  );
  const spareApiKey = await ok(
    app,
    { method: 'POST', url: '/api/v1/api-keys', headers: admin.headers, payload: { name: 'Outra', signed: false } },
    201,
  );

  const webhook = await ok(
    app,
    {
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: admin.headers,
      payload: { url: 'https://hooks.example.com/afiliados', events: ['sale.created', 'sale.approved'] },
    },
    201,
  );

  async function affiliateWithActivity(name: string) {
    const person = await createSignedIn(app, db);
    const affiliateId = person.user.affiliateId ?? 0;
    const pixKey = `pix-${name}-${person.user.email}`;
    await db.update(affiliates).set({ pixKey, pixKeyType: 'email' }).where(eq(affiliates.id, affiliateId));
    const [row] = await db.select({ code: affiliates.code }).from(affiliates).where(eq(affiliates.id, affiliateId));
    await ok(
      app,
      { method: 'POST', url: '/api/v1/links', headers: person.headers, payload: { campaign_id: campaignId } },
      201,
    );
    // Their own tracker, with a token in its URL only they may see; the sale below queues a delivery.
    const trackerToken = `tracker-token-${name}-${affiliateId}`;
    await ok(
      app,
      {
        method: 'PUT',
        url: '/api/v1/me/postback',
        headers: person.headers,
        payload: {
          url: `https://tracker-${name}.example.com/pb?token=${trackerToken}&cid={click_id}`,
          events: ['created', 'approved', 'reversed'],
          active: true,
        },
      },
      200,
    );
    const externalId = `pedido-${name}-${affiliateId}`;
    const sale = await ok(
      app,
      {
        method: 'POST',
        url: '/api/v1/postback',
        headers: { 'x-api-key': apiKey.key },
        payload: {
          campaign_id: campaignId,
          external_id: externalId,
          amount_cents: 50_000,
          payment_method: 'pix',
          affiliate_code: row?.code,
          status: 'approved',
        },
      },
      201,
    );
    const redemption = await ok(
      app,
      {
        method: 'POST',
        url: '/api/v1/redemptions',
        headers: person.headers,
        payload: { amount_cents: 5_000, method: 'pix' },
      },
      201,
    );
    const couponCode = `CUPOM-${name}-${affiliateId}`;
    const coupon = await ok(
      app,
      {
        method: 'POST',
        url: '/api/v1/coupons',
        headers: admin.headers,
        payload: { code: couponCode, campaign_id: campaignId, affiliate_id: affiliateId },
      },
      201,
    );
    const messageSecret = `message-secret-${name}-${affiliateId}`;
    await ok(
      app,
      { method: 'POST', url: '/api/v1/messages', headers: person.headers, payload: { body: messageSecret } },
      201,
    );
    const ids: OwnedIds = {
      userId: person.user.id,
      affiliateId,
      saleId: sale.id,
      redemptionId: redemption.id,
      couponId: coupon.id,
      secrets: [person.user.email, externalId, pixKey, trackerToken, couponCode, messageSecret],
    };
    return { ...person, ids };
  }

  const a = await affiliateWithActivity('a');
  const b = await affiliateWithActivity('b');
  const spare = await affiliateWithActivity('spare');
  const signedIn = { admin, affiliate: a };
  const creative = await ok(
    app,
    {
      method: 'POST',
      url: `/api/v1/campaigns/${campaignId}/creatives`,
      headers: admin.headers,
      payload: { kind: 'file', title: 'Guia', text: 'Compre com {NOME}: {LINK} ({CUPOM})' },
    },
    201,
  );
  await ok(
    app,
    {
      method: 'PUT',
      url: `/api/v1/creatives/${creative.id}/file`,
      headers: { ...admin.headers, 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'),
    },
    200,
  );
  const announcement = await ok(
    app,
    {
      method: 'POST',
      url: '/api/v1/announcements',
      headers: admin.headers,
      payload: { subject: 'Boas-vindas', body: 'Olá a todos', segment: 'all' },
    },
    201,
  );
  const bThread = (await ok(app, { method: 'GET', url: '/api/v1/messages', headers: b.headers }, 200)).thread_id;
  const [delivery] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, webhook.id));

  return {
    app,
    admin,
    a,
    b,
    spare,
    campaignId,
    levelId: level.id,
    networkId: network?.id ?? 0,
    apiKey: { id: apiKey.id, key: apiKey.key },
    spareApiKeyId: spareApiKey.id,
    webhookId: webhook.id,
    webhookDeliveryId: delivery?.id ?? 0,
    creativeId: creative.id,
    messageThreadId: bThread,
    announcementId: announcement.id,
    headersOf(role) {
      return role === 'anonymous' ? {} : signedIn[role].headers;
    },
    async restore() {
      const restored: string[] = [];
      for (const [role, person] of Object.entries(signedIn)) {
        const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: person.headers });
        if (me.statusCode === 200) continue;
        person.token = await signIn(app, person.user.email, person.user.password);
        person.headers = { authorization: `Bearer ${person.token}` };
        restored.push(`${role} session`);
      }
      const maintenance = await app.inject({ method: 'GET', url: '/api/v1/settings/maintenance' });
      if (maintenance.json().enabled) {
        await ok(
          app,
          {
            method: 'PUT',
            url: '/api/v1/settings/maintenance',
            headers: admin.headers,
            payload: { enabled: false, message: '' },
          },
          200,
        );
        restored.push('maintenance off');
      }
      return restored;
    },
  };
}

/** The id a path parameter takes, from the resource the path names: `/sales/{id}` is a sale. */
export function idKindOf(path: string, param: string): IdKind | null {
  if (param === 'affiliateId') return 'affiliate';
  const segments = path.split('/');
  const before = segments[segments.indexOf(`{${param}}`) - 1];
  const kinds: Record<string, IdKind> = {
    users: 'user',
    avatars: 'user',
    affiliates: 'affiliate',
    sales: 'sale',
    redemptions: 'redemption',
    coupons: 'coupon',
    campaigns: 'campaign',
    levels: 'level',
    networks: 'network',
    'api-keys': 'apiKey',
    webhooks: 'webhook',
    deliveries: 'webhookDelivery',
    creatives: 'creative',
    'message-threads': 'messageThread',
    announcements: 'announcement',
  };
  return kinds[before ?? ''] ?? null;
}

/** The id of each kind: owned kinds from `owner`, shared kinds from the world. */
export function idsFor(world: World, owner: OwnedIds): Record<IdKind, number> {
  return {
    user: owner.userId,
    affiliate: owner.affiliateId,
    sale: owner.saleId,
    redemption: owner.redemptionId,
    coupon: owner.couponId,
    campaign: world.campaignId,
    level: world.levelId,
    network: world.networkId,
    apiKey: world.spareApiKeyId,
    webhook: world.webhookId,
    webhookDelivery: world.webhookDeliveryId,
    creative: world.creativeId,
    messageThread: world.messageThreadId,
    announcement: world.announcementId,
  };
}
