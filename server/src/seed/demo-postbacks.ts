import { centsAsDecimal, fillPostbackUrl } from '@contract/postbacks';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { affiliatePostbacks, affiliates, links, postbackDeliveries, sales, users } from '../db/schema';

const DEMO_TRACKER =
  'https://track.exemplo.com.br/postback?clickid={click_id}&sub={sub_id}&payout={commission}&status={status}';
const MINUTE_MS = 60_000;

/**
 * Ana's tracker and what it was sent about her latest sales: delivered ones, one that took a retry,
 * one the tracker refused for good, and one waiting for its next try, so the account screen is alive.
 */
export async function seedDemoPostbacks(db: Db, email: string) {
  const [ana] = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(users.email, email));
  if (!ana) return;
  await db
    .insert(affiliatePostbacks)
    .values({ affiliateId: ana.id, url: DEMO_TRACKER, events: ['created', 'approved', 'reversed'] });
  const latest = await db
    .select({ sale: sales, subId: links.subId })
    .from(sales)
    .leftJoin(links, eq(links.id, sales.linkId))
    .where(eq(sales.affiliateId, ana.id))
    .orderBy(desc(sales.createdAt))
    .limit(6);
  // Newest first: the latest is waiting for its retry.
  const outcomes = [
    { statusCode: 503, attempts: 1, state: 'queued', error: 'answered 503' },
    { statusCode: 200, attempts: 1, state: 'delivered', error: null },
    { statusCode: 200, attempts: 2, state: 'delivered', error: null },
    { statusCode: 404, attempts: 7, state: 'failed', error: 'answered 404' },
    { statusCode: 200, attempts: 1, state: 'delivered', error: null },
    { statusCode: 200, attempts: 1, state: 'delivered', error: null },
  ] as const;
  const now = Date.now();
  const rows = latest.flatMap(({ sale, subId }, n) => {
    const outcome = outcomes[n];
    if (!outcome) return [];
    const event = sale.status === 'pending' ? 'created' : sale.status === 'approved' ? 'approved' : 'reversed';
    const at = new Date(now - (n * 37 + 3) * MINUTE_MS);
    return [
      {
        affiliateId: ana.id,
        saleId: sale.id,
        event,
        saleStatus: sale.status,
        state: outcome.state,
        url: fillPostbackUrl(DEMO_TRACKER, {
          click_id: sale.clickId ?? '',
          sub_id: subId ?? '',
          sale_id: String(sale.id),
          campaign_id: String(sale.campaignId),
          amount: centsAsDecimal(sale.amountCents),
          commission: centsAsDecimal(sale.commissionCents),
          status: sale.status,
        }),
        statusCode: outcome.statusCode,
        error: outcome.error,
        attempts: outcome.attempts,
        createdAt: at,
        lastAttemptAt: new Date(at.getTime() + outcome.attempts * MINUTE_MS),
        deliveredAt: outcome.state === 'delivered' ? new Date(at.getTime() + outcome.attempts * MINUTE_MS) : null,
        nextAttemptAt: outcome.state === 'queued' ? new Date(now + 55 * MINUTE_MS) : null,
      } satisfies typeof postbackDeliveries.$inferInsert,
    ];
  });
  // Oldest first, so ids grow with time as the queue writes them.
  if (rows.length > 0) await db.insert(postbackDeliveries).values(rows.reverse());
}
