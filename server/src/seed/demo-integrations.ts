import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { affiliates, campaigns, integrationDeliveries, integrationProducts, integrations, sales } from '../db/schema';
import { SEAL_PURPOSE } from '../modules/integrations/integration-connections';
import { hotmart } from '../modules/integrations/platforms/hotmart';
import { sealSecret } from '../sealed-secrets';

const MINUTE_MS = 60_000;
/** The demo course's product on Hotmart, mapped to the first campaign; the other is not mapped yet. */
const MAPPED_PRODUCT = '4774438';
const UNMAPPED_PRODUCT = '5123001';

/**
 * The first campaign sells on Hotmart too: a connection whose log shows what a newcomer meets on
 * day one (sales recorded from Hotmart's webhooks, one waiting for its product to be mapped, an
 * organic sale no affiliate brought, a call with the wrong hottok), so the Integrations screen is
 * alive. The bodies are Hotmart's own shape (platforms/hotmart.ts `sample`).
 */
export async function seedDemoIntegrations(db: Db, serverSecret: string) {
  const [campaign] = await db.select().from(campaigns).orderBy(campaigns.id).limit(1);
  if (!campaign) return;
  const [connection] = await db
    .insert(integrations)
    .values({
      platform: 'hotmart',
      name: `Hotmart — ${campaign.name}`,
      campaignId: null,
      token: randomBytes(32).toString('base64url'),
      secretSealed: sealSecret(serverSecret, SEAL_PURPOSE, 'demo-hottok-troque-pelo-seu'),
    })
    .returning();
  if (!connection) return;
  await db
    .insert(integrationProducts)
    .values({ integrationId: connection.id, externalProductId: MAPPED_PRODUCT, campaignId: campaign.id });

  // The campaign's latest attributed sales came in through Hotmart.
  const latest = await db
    .select({ sale: sales, code: affiliates.code })
    .from(sales)
    .innerJoin(affiliates, eq(affiliates.id, sales.affiliateId))
    .where(and(eq(sales.campaignId, campaign.id), inArray(sales.status, ['pending', 'approved'])))
    .orderBy(desc(sales.createdAt))
    .limit(4);
  const now = Date.now();
  const hottok = { 'content-type': 'application/json', 'user-agent': 'Hotmart-Webhook/2.0.0' };
  const rows: (typeof integrationDeliveries.$inferInsert)[] = latest.map(({ sale, code }) => ({
    integrationId: connection.id,
    receivedAt: sale.createdAt,
    eventType: 'PURCHASE_APPROVED',
    externalId: sale.externalId,
    externalProductId: MAPPED_PRODUCT,
    outcome: 'recorded' as const,
    saleId: sale.id,
    headers: hottok,
    body: hotmart.sample({
      orderId: sale.externalId ?? `HP${sale.id}`,
      productId: MAPPED_PRODUCT,
      amountCents: sale.amountCents,
      affiliateCode: code,
      at: sale.createdAt,
    }).body,
  }));
  const waitingCode = latest[0]?.code ?? '';
  rows.push(
    {
      integrationId: connection.id,
      receivedAt: new Date(now - 25 * MINUTE_MS),
      eventType: 'PURCHASE_APPROVED',
      externalId: 'HP1782235501',
      externalProductId: UNMAPPED_PRODUCT,
      outcome: 'needs_attention',
      reason: 'product_not_mapped',
      detail: `product ${UNMAPPED_PRODUCT} is not mapped`,
      headers: hottok,
      body: hotmart.sample({
        orderId: 'HP1782235501',
        productId: UNMAPPED_PRODUCT,
        amountCents: 29_700,
        affiliateCode: waitingCode,
        at: new Date(now - 25 * MINUTE_MS),
      }).body,
    },
    {
      integrationId: connection.id,
      receivedAt: new Date(now - 12 * MINUTE_MS),
      eventType: 'PURCHASE_APPROVED',
      externalId: 'HP1782235544',
      externalProductId: MAPPED_PRODUCT,
      outcome: 'ignored',
      reason: 'no_affiliate',
      detail: 'nothing in the event names an affiliate',
      headers: hottok,
      body: hotmart.sample({
        orderId: 'HP1782235544',
        productId: MAPPED_PRODUCT,
        amountCents: 19_700,
        affiliateCode: '',
        at: new Date(now - 12 * MINUTE_MS),
      }).body,
    },
    {
      integrationId: connection.id,
      receivedAt: new Date(now - 3 * MINUTE_MS),
      eventType: 'unknown',
      outcome: 'refused',
      reason: 'bad_signature',
      headers: hottok,
      body: '{"event":"PURCHASE_APPROVED","version":"2.0.0"}',
    },
  );
  // Oldest first, so ids grow with time as the log writes them.
  rows.sort((a, b) => (a.receivedAt?.getTime() ?? 0) - (b.receivedAt?.getTime() ?? 0));
  await db.insert(integrationDeliveries).values(rows);
  const recorded = latest.map(({ sale }) => sale.id);
  if (recorded.length > 0) await db.update(sales).set({ source: 'integration' }).where(inArray(sales.id, recorded));
}
