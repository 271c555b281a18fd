import type { SaleAction } from '@contract/sales';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { salePostbacksCte } from '../postbacks/postback-queue';
import { saleWebhooksCte, webhookEventOfSaleAction } from '../webhooks/webhook-queue';

/**
 * Everything a sale step (approve, cancel, refund, chargeback) tells the outside, in one statement of the
 * step's transaction: the affiliates' postbacks (docs/decisions/020) and the webhooks (023). Each
 * CTE joins on its subscribers, so with none it writes nothing, and a rolled-back step queues
 * nothing.
 */
export async function queueSaleStepOutbox(tx: Db, action: SaleAction, saleIds: number[]): Promise<void> {
  if (saleIds.length === 0) return;
  const ctes: SQL[] = [salePostbacksCte(action, saleIds)];
  const webhookEvent = webhookEventOfSaleAction(action);
  if (webhookEvent) ctes.push(saleWebhooksCte(webhookEvent, saleIds));
  await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
}
