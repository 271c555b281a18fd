import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A destination that fails without pause is turned off (docs/decisions/033): at least
 * DISABLE_AFTER_FAILURES failed attempts in a row (no success between them) over at least
 * DISABLE_AFTER_MS. With the backoff of one message, that is a receiver down for a whole day.
 */
export const DISABLE_AFTER_FAILURES = 8;
export const DISABLE_AFTER_MS = 24 * 3_600_000;

/**
 * A table of destinations (webhook endpoints, affiliates' postbacks): its name, its key, the column
 * that switches it on, and who hears of it being turned off. It has `failure_count`,
 * `failing_since` and `disabled_reason`.
 */
export type DestinationTable = {
  table: string;
  key: string;
  enabledColumn: string;
  /** In the attempt's transaction, once, when this failure turned it off. */
  onDisabled(tx: Db, id: number, seen: { url: string; failureCount: number }): Promise<void>;
};

/**
 * Counts a success (the failure run ends) or a failure (the run grows, and may disable the
 * destination) inside the attempt's transaction.
 */
export async function noteDestinationOutcome(
  tx: Db,
  destination: DestinationTable,
  id: number,
  isDelivered: boolean,
  now: Date,
) {
  const table = sql.identifier(destination.table);
  const key = sql.identifier(destination.key);
  const enabled = sql.identifier(destination.enabledColumn);
  if (isDelivered) {
    await tx.execute(sql`
      update ${table} set failure_count = 0, failing_since = null
      where ${key} = ${id} and (failure_count <> 0 or failing_since is not null)`);
    return;
  }
  const at = sql`${now.toISOString()}::timestamptz`;
  const span = sql`${`${DISABLE_AFTER_MS / 1000} seconds`}::interval`;
  const turnsOff = sql`d.failure_count + 1 >= ${DISABLE_AFTER_FAILURES} and ${at} - coalesce(d.failing_since, ${at}) >= ${span}`;
  const result = await tx.execute(sql`
    with before as (select ${key} as id, ${enabled} as was_enabled from ${table} where ${key} = ${id} for update)
    update ${table} d
    set failure_count = d.failure_count + 1,
      failing_since = coalesce(d.failing_since, ${at}),
      ${enabled} = d.${enabled} and not (${turnsOff}),
      disabled_reason = case when d.${enabled} and ${turnsOff} then 'failing' else d.disabled_reason end
    from before
    where d.${key} = before.id
    returning before.was_enabled, d.${enabled} as enabled, d.url, d.failure_count`);
  const [row] = (
    result as unknown as { rows: { was_enabled: boolean; enabled: boolean; url: string; failure_count: number }[] }
  ).rows;
  if (!row?.was_enabled || row.enabled) return;
  await destination.onDisabled(tx, id, { url: row.url, failureCount: Number(row.failure_count) });
}

/** The host of a destination's address, for words people read: never its path or query. */
export function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
