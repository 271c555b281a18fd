import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import { notifyAdmins } from '../notifications/notifications.service';

/**
 * An endpoint that fails without pause is turned off: at least DISABLE_AFTER_FAILURES failed
 * attempts in a row (no success between them) over at least DISABLE_AFTER_MS. With the backoff of
 * one message (about a day for its eight attempts), that is a receiver down for a whole day.
 */
export const DISABLE_AFTER_FAILURES = 8;
export const DISABLE_AFTER_MS = 24 * 3_600_000;

/**
 * Counts a success (the failure run ends) or a failure (the run grows, and may disable the endpoint)
 * inside the attempt's transaction. When this failure disables it, the admins hear of it in the
 * same transaction.
 */
export async function noteEndpointOutcome(tx: Db, endpointId: number, isDelivered: boolean, now: Date) {
  if (isDelivered) {
    await tx.execute(sql`
      update ${webhookEndpoints} set failure_count = 0, failing_since = null
      where id = ${endpointId} and (failure_count <> 0 or failing_since is not null)`);
    return;
  }
  const at = now.toISOString();
  const result = await tx.execute(sql`
    with before as (select id, enabled from ${webhookEndpoints} where id = ${endpointId} for update)
    update ${webhookEndpoints} e
    set failure_count = e.failure_count + 1,
      failing_since = coalesce(e.failing_since, ${at}::timestamptz),
      enabled = e.enabled and not (
        e.failure_count + 1 >= ${DISABLE_AFTER_FAILURES}
        and ${at}::timestamptz - coalesce(e.failing_since, ${at}::timestamptz) >= ${`${DISABLE_AFTER_MS / 1000} seconds`}::interval
      ),
      disabled_reason = case when e.enabled and e.failure_count + 1 >= ${DISABLE_AFTER_FAILURES}
        and ${at}::timestamptz - coalesce(e.failing_since, ${at}::timestamptz) >= ${`${DISABLE_AFTER_MS / 1000} seconds`}::interval
        then 'failing' else e.disabled_reason end
    from before
    where e.id = before.id
    returning before.enabled as was_enabled, e.enabled, e.url, e.failure_count`);
  const [row] = (
    result as unknown as { rows: { was_enabled: boolean; enabled: boolean; url: string; failure_count: number }[] }
  ).rows;
  if (!row?.was_enabled || row.enabled) return;
  const host = hostOf(row.url);
  await notifyAdmins(tx, {
    kind: 'webhook.disabled',
    title: 'Webhook endpoint disabled',
    text: `The endpoint at ${host} failed ${row.failure_count} times in a row for a day and was disabled. Check it, then enable it again.`,
    pt: {
      title: 'Endpoint de webhook desativado',
      text: `O endpoint em ${host} falhou ${row.failure_count} vezes seguidas por um dia e foi desativado. Verifique-o e ative-o de novo.`,
    },
    data: { webhook_endpoint_id: endpointId },
  });
}

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 60);
  }
}
