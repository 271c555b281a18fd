import { OUTBOUND_ERRORS } from '@contract/outbound-errors';
import type { WebhookEvent } from '@contract/webhooks';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboundAttempts, sales, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { newWebhookSecret } from '../modules/webhooks/webhook-signature';
import { sealSecret } from '../sealed-secrets';

const MINUTE_MS = 60_000;

/**
 * The merchant's ERP hears of sales: one endpoint and what it was sent about the latest sales
 * (delivered ones, one that took a retry, one waiting for its next try), so the Webhooks screen is alive.
 */
export async function seedDemoWebhooks(db: Db, serverSecret: string) {
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      url: 'https://erp.exemplo.com.br/webhooks/afiliados',
      description: 'ERP da loja',
      events: ['sale.created', 'sale.approved', 'sale.refunded', 'redemption.paid'],
      secretSealed: sealSecret(serverSecret, 'webhook-secrets', newWebhookSecret()),
    })
    .returning();
  if (!endpoint) return;
  // A few of each step, newest first, so the log shows created, approved and refunded sales.
  const [pending, approved, refunded] = await Promise.all(
    (['pending', 'approved', 'refunded'] as const).map((status) =>
      db.select().from(sales).where(eq(sales.status, status)).orderBy(desc(sales.createdAt)).limit(2),
    ),
  );
  const latest = [pending?.[0], approved?.[0], refunded?.[0], pending?.[1], approved?.[1]].filter(
    (sale): sale is typeof sales.$inferSelect => sale !== undefined,
  );
  // Newest first: the latest is waiting for its retry.
  const outcomes = [
    { codes: [503], state: 'queued', excerpt: 'Service Unavailable' },
    { codes: [200], state: 'delivered', excerpt: '{"received":true}' },
    { codes: [500, 200], state: 'delivered', excerpt: '{"received":true}' },
    { codes: [200], state: 'delivered', excerpt: '{"received":true}' },
    { codes: [200], state: 'delivered', excerpt: '{"received":true}' },
  ] as const;
  const now = Date.now();
  const planned = latest.flatMap((sale, n) => {
    const outcome = outcomes[n];
    if (!outcome) return [];
    const type: WebhookEvent =
      sale.status === 'approved' ? 'sale.approved' : sale.status === 'refunded' ? 'sale.refunded' : 'sale.created';
    const at = new Date(now - (n * 41 + 2) * MINUTE_MS);
    const last = outcome.codes.at(-1) ?? 200;
    return [
      {
        outcome,
        at,
        row: {
          endpointId: endpoint.id,
          eventType: type,
          subject: `sale:${sale.id}`,
          payload: {
            type,
            timestamp: at.toISOString(),
            data: {
              id: sale.id,
              campaign_id: sale.campaignId,
              affiliate_id: sale.affiliateId,
              external_id: sale.externalId,
              amount_cents: sale.amountCents,
              commission_cents: sale.commissionCents,
              currency: 'BRL',
              payment_method: sale.paymentMethod,
              status: sale.status,
            },
          },
          state: outcome.state,
          attempts: outcome.codes.length,
          statusCode: last,
          error: last >= 300 ? OUTBOUND_ERRORS.answered.write({ status: last }) : null,
          responseExcerpt: outcome.excerpt,
          createdAt: at,
          lastAttemptAt: new Date(at.getTime() + (outcome.codes.length - 1) * 5_000),
          deliveredAt:
            outcome.state === 'delivered' ? new Date(at.getTime() + (outcome.codes.length - 1) * 5_000) : null,
          nextAttemptAt: outcome.state === 'queued' ? new Date(now + 4 * MINUTE_MS) : null,
        } satisfies typeof webhookDeliveries.$inferInsert,
      },
    ];
  });
  // Oldest first, so ids grow with time as the queue writes them.
  for (const { outcome, at, row } of planned.reverse()) {
    const [delivery] = await db.insert(webhookDeliveries).values(row).returning({ id: webhookDeliveries.id });
    if (!delivery) continue;
    await db.insert(outboundAttempts).values(
      outcome.codes.map((code, i) => ({
        channel: 'webhook' as const,
        deliveryId: delivery.id,
        attempt: i + 1,
        statusCode: code,
        error: code >= 300 ? OUTBOUND_ERRORS.answered.write({ status: code }) : null,
        responseExcerpt: code >= 300 ? 'Service Unavailable' : '{"received":true}',
        durationMs: 120 + i * 40,
        at: new Date(at.getTime() + i * 5_000),
      })),
    );
  }
  if (planned.some((p) => p.outcome.state === 'queued')) {
    await db
      .update(webhookEndpoints)
      .set({ failureCount: 1, failingSince: new Date(now - 2 * MINUTE_MS) })
      .where(eq(webhookEndpoints.id, endpoint.id));
  }
}
