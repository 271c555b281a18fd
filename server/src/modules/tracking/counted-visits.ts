import type { RecordedClick } from './click';

// The repeat rule's second step, on PostgreSQL (decision 011): the visits this server counted are
// checked with every server's in `counted_visits`, in the batch's own transaction.

/** A visit this server counted, waiting for the shared check; `local` is its key in this server's memory. */
export type Visit = { link_id: number; visitor: string; at: number; local: string };

/** `visitor` is the repeat rule's (`visitorOf`): a uuid's sixteen bytes, not the IP hash and agent again. */
export function visitOf(click: RecordedClick, visitor: string, local: string): Visit {
  return { link_id: click.linkId, visitor, at: click.at, local };
}

/**
 * Takes the hour for each visit this server counted, unless another server already took it: the
 * upsert only replaces a visit counted an hour or more before, and returns the visits that counted.
 */
const TAKE_VISITS = `insert into counted_visits (link_id, visitor, counted_at)
  select link_id, visitor, at from jsonb_to_recordset($1::jsonb) as v(link_id bigint, visitor uuid, at timestamptz)
  on conflict (link_id, visitor) do update set counted_at = excluded.counted_at
    where counted_visits.counted_at <= excluded.counted_at - interval '1 hour'
  returning link_id, replace(visitor::text, '-', '') as visitor`;

/** Visits counted over an hour ago decide nothing any more. Any server may delete them; it is idempotent. */
export const FORGET_VISITS = `delete from counted_visits where counted_at < now() - interval '1 hour'`;
export const FORGET_VISITS_EVERY_MS = 10 * 60_000;

const visitKey = (visit: { link_id: unknown; visitor: string }) => `${visit.link_id}|${visit.visitor}`;
type Query = (text: string, params: string[]) => Promise<{ rows: { link_id: unknown; visitor: string }[] }>;

/**
 * Checks the batch's counted visits (null beside a click that is not one) with every server's, and
 * answers the positions of those another server counted within the hour: they are stored as repeats
 * and add nothing to the figures. Sends nothing when the batch has no visit.
 */
export async function takeVisits(query: Query, visits: (Visit | null)[]): Promise<number[]> {
  const byKey = new Map<string, Visit>();
  for (const visit of visits) {
    // The same visitor twice in one batch (never expected: this server counts it once) is checked once.
    if (visit && !byKey.has(visitKey(visit))) byKey.set(visitKey(visit), visit);
  }
  if (byKey.size === 0) return [];
  const sent = [...byKey.values()].map((v) => ({
    link_id: v.link_id,
    visitor: v.visitor,
    at: new Date(v.at).toISOString(),
  }));
  const { rows } = await query(TAKE_VISITS, [JSON.stringify(sent)]);
  const taken = new Set(rows.map(visitKey));
  const repeats: number[] = [];
  visits.forEach((visit, i) => {
    if (visit && !taken.has(visitKey(visit))) repeats.push(i);
  });
  return repeats;
}
