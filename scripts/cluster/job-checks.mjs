// The cluster test's checks of the jobs: each piece of work done once, whichever server took it
// (see scripts/test-cluster.mjs).
import { call, check, sleep } from './harness.mjs';
import { trackerFirstHitAt, trackerHits } from './tracker.mjs';

export async function checkAutoApproval(db, { campaign, restartAt, lease, restartedRunAfter }) {
  // Auto-approval (a lease in job_leases): each due sale approved once, paid into the ledger once.
  const ledger = (
    await db.query(
      `select s.status, s.created_at, jsonb_array_length(s.flags) > 0 as flagged, count(l.id)::int as entries
       from sales s left join ledger_entries l on l.sale_id = s.id and l.kind = 'commission'
       where s.campaign_id = $1 group by s.id`,
      [campaign.id],
    )
  ).rows;
  const approvedByJob = (
    await db.query(
      `select count(*)::int as n, count(distinct entity_id)::int as sales from audit_log
       where action = 'sale.approve' and after->>'note' = 'hold period ended'`,
    )
  ).rows[0];
  const dueLeft = ledger.filter((r) => r.status === 'pending' && !r.flagged && r.created_at < restartAt);
  check(
    lease?.last_run_at > restartedRunAfter &&
      approvedByJob.n > 0 &&
      approvedByJob.n === approvedByJob.sales &&
      dueLeft.length === 0 &&
      ledger.every((r) => (r.status === 'approved' ? r.entries === 1 : r.entries === 0)),
    `auto-approval: the restarted server's run approved ${approvedByJob.sales} due sales, each once; ` +
      `${ledger.filter((r) => r.status === 'approved').length} approved sales with one commission entry each, ` +
      `${ledger.filter((r) => r.status !== 'approved').length} others (flagged or late) none` +
      (dueLeft.length ? `; LEFT DUE: ${dueLeft.length}` : '') +
      (approvedByJob.n !== approvedByJob.sales ? `; APPROVED TWICE: ${approvedByJob.n - approvedByJob.sales}` : '') +
      (ledger.some((r) => (r.status === 'approved' ? r.entries !== 1 : r.entries !== 0))
        ? `; LEDGER OFF: ${ledger
            .filter((r) => (r.status === 'approved' ? r.entries !== 1 : r.entries !== 0))
            .map((r) => `${r.status}:${r.entries}`)
            .slice(0, 5)}`
        : ''),
  );
}

export async function checkPromotions(db, { asAdmin, affiliates }) {
  // Promotions: "promote now" four times at once through the proxy (both servers), under one lease.
  const runs = await Promise.all(
    Array.from({ length: 4 }, () => call('POST', '/api/v1/levels/promotion/run', { headers: asAdmin })),
  );
  const promotedRows = (
    await db.query(
      `select entity_id, count(*)::int as n from audit_log where action = 'affiliate.promote' group by entity_id`,
    )
  ).rows;
  const promotedNotices = (
    await db.query(
      `select user_id::int, count(*)::int as n from notifications where kind = 'level.promoted' group by user_id`,
    )
  ).rows;
  check(
    runs.every((r) => r.status === 200 || r.status === 409) &&
      runs.some((r) => r.status === 200) &&
      new Set(runs.map((r) => r.servedBy)).size === 2 &&
      promotedRows.length === affiliates.length &&
      promotedRows.every((r) => r.n === 1) &&
      promotedNotices.length === affiliates.length &&
      promotedNotices.every((r) => r.n === 1),
    `promotions: 4 runs at once on both servers (${runs.map((r) => `${r.status} by ${r.servedBy}`).join(', ')}); ` +
      'each affiliate promoted once and told once',
  );
}

export async function checkTrackerPostbacks(db, { stored, killAt, victim }) {
  // Tracker postbacks: each sale's "created" sent once, by whichever server took it.
  const deliveryState = async () =>
    (
      await db.query(
        `select d.sale_id::text, d.state, d.attempts, d.next_attempt_at > now() as held
         from postback_deliveries d where d.event = 'created'`,
      )
    ).rows;
  const settled = (d) => d.state === 'delivered' || (d.state === 'queued' && d.attempts > 0 && d.held);
  let deliveries = await deliveryState();
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(500)) {
    deliveries = await deliveryState();
    // Done when all are delivered, but for those the killed server held when it died.
    if (deliveries.every(settled)) break;
  }
  const held = deliveries.filter((d) => d.state !== 'delivered');
  // A delivery the killed server had sent but not yet recorded when it died is sent again once its
  // hold ends (at least once, decision 020): heard twice, first just before the kill. Any other
  // repeat is a fault.
  const inFlightAtKill = (key) => (trackerFirstHitAt.get(key) ?? 0) <= killAt + 100;
  const resent = [...trackerHits].filter(([key, count]) => count === 2 && inFlightAtKill(key));
  const twice = [...trackerHits].filter(([key, count]) => count > 1 && !resent.some(([k]) => k === key));
  const deliveredUnheard = deliveries.filter(
    (d) => d.state === 'delivered' && !(trackerHits.get(`${d.sale_id}:created`) >= 1),
  );
  check(
    deliveries.length === stored.size && twice.length === 0 && deliveredUnheard.length === 0 && held.every(settled),
    `tracker postbacks: ${deliveries.length - held.length} of ${deliveries.length} delivered, each once; ` +
      `${held.length} held by ${victim.name} when it died (sent again once the hold ends), ` +
      `${resent.length} in flight at the kill sent again` +
      (twice.length ? `; TWICE: ${twice.slice(0, 5).map(([k]) => k)}` : ''),
  );
}
