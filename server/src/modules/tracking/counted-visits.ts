// The repeat rule's second step, on PostgreSQL (decision 011): the visits this server counted are
// checked with every server's in `counted_visits`, in the batch's own transaction.

/** A visit this server counted, waiting for the shared check. */
export type Visit = { link_id: number; visitor: number; at: number };

/**
 * Takes the hour for each visit this server counted, unless another server already took it: the
 * upsert only replaces a visit counted an hour or more before. Answers the positions (from 1, in
 * the order sent) of the visits it did not take: another server's repeats, few, so little comes
 * back. Sent as three arrays, in key order (servers taking the same visits lock them in one order).
 */
const TAKE_VISITS = `with sent as (
    select * from unnest($1::bigint[], $2::bigint[], $3::bigint[]) with ordinality as v(link_id, visitor, at, position)
  ), taken as (
    insert into counted_visits (link_id, visitor, counted_at)
    select link_id, visitor, to_timestamp(at / 1000.0) from sent order by link_id, visitor
    on conflict (link_id, visitor) do update set counted_at = excluded.counted_at
      where counted_visits.counted_at <= excluded.counted_at - interval '1 hour'
    returning link_id, visitor
  )
  select position::int as position from sent
  where not exists (select 1 from taken where taken.link_id = sent.link_id and taken.visitor = sent.visitor)`;

/** Visits counted over an hour ago decide nothing any more. Any server may delete them; it is idempotent. */
export const FORGET_VISITS = `delete from counted_visits where counted_at < now() - interval '1 hour'`;
export const FORGET_VISITS_EVERY_MS = 10 * 60_000;

const visitKey = (visit: Visit) => `${visit.link_id}|${visit.visitor}`;
type Query = (text: string, params: string[], name?: string) => Promise<{ rows: { position: number }[] }>;

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
  const sent = [...byKey.values()];
  const { rows } = await query(
    TAKE_VISITS,
    [
      `{${sent.map((v) => v.link_id).join(',')}}`,
      `{${sent.map((v) => v.visitor).join(',')}}`,
      `{${sent.map((v) => v.at).join(',')}}`,
    ],
    'take_visits',
  );
  if (rows.length === 0) return [];
  const notTaken = new Set(rows.map((row) => visitKey(sent[row.position - 1] as Visit)));
  const repeats: number[] = [];
  visits.forEach((visit, i) => {
    if (visit && notTaken.has(visitKey(visit))) repeats.push(i);
  });
  return repeats;
}
