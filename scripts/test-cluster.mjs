// `npm run test:cluster`: two servers behind Debian's HAProxy on a fresh PostgreSQL database, under
// clicks, postbacks and notification streams, one of them killed with `kill -9` (issue 18, point 6).
//
// Checks, through the proxy only: no acknowledged postback lost or recorded twice (after the
// merchant's retries), no click lost that the surviving server answered, the killed server's
// streams reconnect and are told what happens after the kill, the jobs (tracker postbacks,
// auto-approval, promotions) did each piece of work once, and the sign-in limits held across
// servers (the first 429 at the same attempt as with one server). Prints a summary; exits 1 on any
// failure. Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
// allowed to create databases) and HAProxy (installed with apt when missing and root).
import { once } from 'node:events';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  agent,
  bearer,
  call,
  check,
  elapsed,
  expectStatus,
  failures,
  log,
  sleep,
  stopAll,
  summary,
  WORK,
} from './cluster/harness.mjs';
import { checkAutoApproval, checkPromotions, checkTrackerPostbacks } from './cluster/job-checks.mjs';
import { checkSignInLimits, makeProgramme } from './cluster/programme.mjs';
import { startCluster } from './cluster/servers.mjs';
import { subscribe } from './cluster/streams.mjs';
import { tracker } from './cluster/tracker.mjs';
import { ensureHaproxy } from './ensure-haproxy.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
process.chdir(ROOT);

/** The load runs at least this long and this many postbacks before the kill, and after it (up to a cap). */
const LOAD_BEFORE_KILL = { ms: 2_500, postbacks: 150 };
const LOAD_AFTER_KILL = { ms: 3_000, postbacks: 300 };
const LOAD_CAP_MS = 15_000;
const MERCHANTS = 12;
const CLICKERS = 3;
/** Stream subscribers per affiliate. */
const SUBSCRIBERS = 2;

// ── the run ──────────────────────────────────────────────────────────────────────────────────────
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `afiliados_cluster_${process.pid}_${Date.now()}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
let databaseMade = false;
const dataDirs = [];
let db = null;

async function main() {
  if (!ensureHaproxy()) throw new Error('HAProxy is missing (see above)');
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });

  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  databaseMade = true;
  await admin.end();
  log(`database ${dbName} created`);
  const { victim, startServer, publicUrl, trackerPort } = await startCluster({ databaseUrl, dataDirs });
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();

  const { asAdmin, campaign, affiliates, ana, bia, link, apiKey } = await makeProgramme({ publicUrl, trackerPort });
  await checkSignInLimits(ana);

  // ── streams: each affiliate in SUBSCRIBERS tabs ──
  const subscribers = affiliates.flatMap((a) =>
    Array.from({ length: SUBSCRIBERS }, (_, i) => subscribe(`${a.first}#${i + 1}`, a.userId, a.token)),
  );
  for (const deadline = Date.now() + 10_000; subscribers.some((s) => !s.current()); await sleep(50)) {
    if (Date.now() > deadline) throw new Error('the notification streams did not open');
  }
  const streamsOn = (name) => subscribers.filter((s) => s.current()?.servedBy === name).length;
  log(`streams open: ${streamsOn('app1')} on app1, ${streamsOn('app2')} on app2`);

  // ── load: merchants' postbacks and visitors' clicks ──
  const sent = new Map(); // n -> { body, answers: [{status, servedBy, at, error}] }
  let nextSale = 0;
  let loading = true;
  const saleOf = (n) => ({
    campaign_id: campaign.id,
    external_id: `cluster-${n}`,
    amount_cents: 10_000 + n,
    payment_method: 'pix',
    affiliate_code: n % 2 === 0 ? ana.code : bia.code,
    // Ana's sales arrive approved (each tells her at once); half of Bia's wait for the approval job.
    status: n % 2 === 0 || n % 4 === 1 ? 'approved' : 'pending',
  });
  const postSale = async (n) => {
    const res = await call('POST', '/api/v1/postback', { headers: { 'x-api-key': apiKey }, body: sent.get(n).body });
    sent.get(n).answers.push({ status: res.status, servedBy: res.servedBy, at: Date.now(), error: res.error?.message });
    return res;
  };
  const merchant = async () => {
    while (loading) {
      const n = ++nextSale;
      sent.set(n, { body: saleOf(n), answers: [] });
      await postSale(n);
    }
  };
  const clicks = []; // { clickId, servedBy, at }
  /** Clicks not answered with a redirect, by what came instead (a status, or the socket's error). */
  const clickErrors = new Map();
  let clickSeq = 0;
  const clicker = async (w) => {
    while (loading) {
      const res = await call('GET', `/r/${link.code}`, {
        headers: { 'user-agent': `Mozilla/5.0 (cluster visitor ${w}-${++clickSeq})` },
      });
      const location = res.status === 302 ? res.headers.location : undefined;
      const clickId = location ? new URL(location).searchParams.get('click_id') : null;
      if (clickId) clicks.push({ clickId, servedBy: res.servedBy, at: Date.now() });
      else {
        const what = res.error ? res.error.message : `HTTP ${res.status}`;
        clickErrors.set(what, (clickErrors.get(what) ?? 0) + 1);
      }
    }
  };
  const loadStarted = Date.now();
  const workers = [
    ...Array.from({ length: MERCHANTS }, merchant),
    ...Array.from({ length: CLICKERS }, (_, w) => clicker(w)),
  ];
  const loadUntil = async (start, { ms, postbacks }) => {
    while (Date.now() < start + LOAD_CAP_MS && (Date.now() < start + ms || nextSale < postbacks)) await sleep(50);
  };
  await loadUntil(loadStarted, LOAD_BEFORE_KILL);

  // ── kill -9 one server mid-load; it is started again, as systemd's Restart=always would ──
  const killAt = Date.now();
  victim.child.kill('SIGKILL');
  await once(victim.child, 'exit').catch(() => {});
  const [{ max: lastIdBeforeKill }] = (await db.query('select coalesce(max(id), 0)::int as max from notifications'))
    .rows;
  log(`${victim.name} killed with SIGKILL after ${killAt - loadStarted} ms of load (${nextSale} postbacks sent)`);
  const restartAt = Date.now();
  startServer(victim);
  /** Answers after this came from the new process (it takes seconds to start). */
  const byOldVictim = (a) => a.servedBy === victim.name && a.at <= killAt + 200;
  await loadUntil(killAt, LOAD_AFTER_KILL);
  loading = false;
  await Promise.all(workers);
  const loadEnded = Date.now();
  log(`load stopped: ${nextSale} postbacks, ${clicks.length} clicks in ${loadEnded - loadStarted} ms`);

  // ── the merchant sends again what was not acknowledged, and what the killed server acknowledged ──
  const isAck = (status) => status === 200 || status === 201;
  const acknowledgedFirst = new Set([...sent].filter(([, s]) => isAck(s.answers[0]?.status)).map(([n]) => n));
  const unanswered = [...sent.keys()].filter((n) => !acknowledgedFirst.has(n));
  const ackedByVictim = [...acknowledgedFirst].filter((n) => byOldVictim(sent.get(n).answers[0]));
  for (const n of [...unanswered, ...ackedByVictim]) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await postSale(n);
      if (isAck(res.status)) break;
      await sleep(200);
    }
  }
  const firstFailures = new Map();
  for (const n of unanswered) {
    const first = sent.get(n).answers[0];
    const key = first?.status ? `HTTP ${first.status}` : `no answer (${first?.error ?? '?'})`;
    firstFailures.set(key, (firstFailures.get(key) ?? 0) + 1);
  }

  // ── postbacks: every acknowledged sale stored once; after the retries, every sale sent ──
  const stored = new Map(
    (
      await db.query('select external_id, count(*)::int as n from sales where campaign_id = $1 group by external_id', [
        campaign.id,
      ])
    ).rows.map((r) => [r.external_id, r.n]),
  );
  const lostAcknowledged = [...acknowledgedFirst].filter((n) => stored.get(`cluster-${n}`) !== 1);
  check(
    acknowledgedFirst.size >= 20 && lostAcknowledged.length === 0,
    `postbacks: ${acknowledgedFirst.size} of ${sent.size} acknowledged at once, every one stored exactly once` +
      (lostAcknowledged.length ? ` (missing or doubled: ${lostAcknowledged.slice(0, 10)})` : ''),
  );
  check(
    ackedByVictim.length > 0 && ackedByVictim.every((n) => sent.get(n).answers.at(-1)?.status === 200),
    `postbacks: the ${ackedByVictim.length} acknowledged by ${victim.name} before it died, sent again, answer 200 (the same sale)`,
  );
  const allStoredOnce = [...sent.keys()].every((n) => stored.get(`cluster-${n}`) === 1);
  const finalOk = [...sent.values()].every((s) => isAck(s.answers.at(-1)?.status));
  check(
    allStoredOnce && finalOk && [...stored.values()].every((count) => count === 1) && stored.size === sent.size,
    `postbacks: after the merchant's retries of ${unanswered.length} unacknowledged ` +
      `(${[...firstFailures].map(([s, c]) => `${c}× ${s}`).join(', ') || 'none'}), ` +
      `${stored.size} sales stored for ${sent.size} sent, none twice`,
  );

  // ── clicks: the living servers' all written; the killed one's losses only from its last second ──
  await sleep(800); // the last batches (each written at most 0.2 s after its oldest click)
  const storedClicks = new Set(
    (await db.query('select id::text from clicks where campaign_id = $1', [campaign.id])).rows.map((r) => r.id),
  );
  const victimClicks = clicks.filter(byOldVictim);
  const livingClicks = clicks.filter((c) => !byOldVictim(c));
  const lostLiving = livingClicks.filter((c) => !storedClicks.has(c.clickId));
  const lostVictim = victimClicks.filter((c) => !storedClicks.has(c.clickId));
  const lostEarly = lostVictim.filter((c) => c.at < killAt - 1_000);
  check(
    livingClicks.length > 0 && lostLiving.length === 0,
    `clicks: all ${livingClicks.length} answered by the servers still running stored`,
  );
  check(
    victimClicks.length > 0 && lostEarly.length === 0,
    `clicks: of ${victimClicks.length} answered by ${victim.name} before the kill, ${lostVictim.length} lost, ` +
      'none answered more than 1 s before it (README: a crash loses at most its last second of clicks)',
  );
  const clickErrorCount = [...clickErrors.values()].reduce((sum, count) => sum + count, 0);
  check(
    clickErrorCount < Math.max(10, clicks.length / 20),
    `clicks: ${clickErrorCount} not answered with a redirect` +
      (clickErrorCount ? ` (${[...clickErrors].map(([what, count]) => `${count}× ${what}`).join(', ')})` : ''),
  );

  // ── streams: reconnected through the proxy, told what happened after the kill ──
  const hitByKill = subscribers.filter((s) => s.connections.some((c) => c.servedBy === victim.name && c.at < killAt));
  const postKill = async () =>
    (
      await db.query(
        'select id::int, user_id::int, read_at, created_at from notifications where id > $1 and user_id = any($2)',
        [lastIdBeforeKill, affiliates.map((a) => a.userId)],
      )
    ).rows;
  const streamsOf = (row) => subscribers.filter((s) => s.userId === row.user_id);
  const reachedSome = (row) => streamsOf(row).some((s) => s.received.has(row.id));
  const reachedAll = (row) => streamsOf(row).every((s) => s.received.has(row.id));
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; await sleep(200)) {
    if ((await postKill()).every(reachedAll)) break;
  }
  check(
    hitByKill.length > 0 && hitByKill.every((s) => s.connections.some((c) => c.at > killAt)),
    `streams: ${hitByKill.length} of ${subscribers.length} were on ${victim.name}; each reconnected through the proxy ` +
      `(${hitByKill.map((s) => `${s.name}: ${s.connections.length - 1} reconnection(s)`).join(', ')})`,
  );
  const afterKill = await postKill();
  // What the bell lists for each person: their 50 latest (GET /api/v1/notifications).
  const listed = new Map();
  for (const a of affiliates) {
    const list = (
      await expectStatus('list notifications', call('GET', '/api/v1/notifications', { headers: bearer(a.token) }), 200)
    ).json();
    for (const item of list.items) listed.set(item.id, item.read_at === null);
  }
  // Every live notification reaches every open stream of its person on any server (issue 18,
  // point 3). One made while a stream was reconnecting reaches it if nobody had it yet; so: each
  // made once every stream was back reached all of them, and none is lost (each reached a stream,
  // or is listed unread: older than the 50 the list shows, unread in the database).
  const allBack = Math.max(...hitByKill.map((s) => Math.max(...s.connections.map((c) => c.at))));
  const onceBack = afterKill.filter((row) => new Date(row.created_at).getTime() > allBack + 1_000);
  const notReached = afterKill.filter((row) => !reachedSome(row));
  const lost = notReached.filter((row) => (listed.has(row.id) ? !listed.get(row.id) : row.read_at !== null));
  check(
    afterKill.length > 0 && lost.length === 0 && onceBack.every(reachedAll),
    `notifications: ${afterKill.length} made after the kill; ${afterKill.filter(reachedAll).length} reached every ` +
      `stream of their person (${onceBack.filter(reachedAll).length} of the ${onceBack.length} made once every stream was back), ` +
      `${afterKill.length - notReached.length} at least one, ${notReached.length} none ` +
      `(those listed unread)${lost.length ? `; LOST: ${lost.map((r) => r.id).slice(0, 10)}` : ''}`,
  );

  // ── the restarted server back in the pool; its approval job runs 5 s after its start ──
  for (const deadline = Date.now() + 90_000; ; await sleep(250)) {
    if (Date.now() > deadline) throw new Error(`${victim.name} did not come back behind HAProxy in 90 s`);
    if (victim.child.exitCode !== null) throw new Error(`${victim.name} stopped at its restart`);
    const res = await call('GET', '/api/v1/ready', { timeoutMs: 2_000 });
    if (res.status === 200 && res.servedBy === victim.name) break;
  }
  log(`${victim.name} restarted and back behind HAProxy (${Date.now() - restartAt} ms after its restart)`);
  const leaseRow = async () =>
    (await db.query(`select held_until, last_run_at from job_leases where name = 'sales.auto-approval'`)).rows[0];
  // The restarted server's first run starts 5 s after its start. The other server started later
  // (after the first one's start-up, under the lock), so its own first run may still end after the
  // restart: a run that ended sooner than 4.5 s after the restart is not the restarted server's.
  const restartedRunAfter = new Date(restartAt + 4_500);
  let lease = await leaseRow();
  // The restarted server's first run comes 5 s after its start; a loaded machine may take longer.
  // A server killed in the middle of a run leaves its lease held for up to 30 s (LEASE_MS), and the
  // runs refused meanwhile come again a minute later, on either server. A run that started before
  // the last sales were written leaves them to the next run: wait until none that was due before
  // the restart is left (on a slow machine a run approves for seconds).
  const dueBeforeRestart = async () =>
    (
      await db.query(
        `select count(*)::int as n from sales where campaign_id = $1 and status = 'pending'
           and jsonb_array_length(flags) = 0 and created_at < $2 and payable_at <= now()`,
        [campaign.id, new Date(restartAt)],
      )
    ).rows[0].n;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(250)) {
    lease = await leaseRow();
    if (lease?.last_run_at > restartedRunAfter && lease.held_until < Date.now() && (await dueBeforeRestart()) === 0) {
      break;
    }
  }

  // ── jobs: each piece of work done once ──
  await checkAutoApproval(db, { campaign, restartAt, lease, restartedRunAfter });
  await checkPromotions(db, { asAdmin, affiliates });
  await checkTrackerPostbacks(db, { stored, killAt, victim });

  for (const s of subscribers) s.stop();
}

let crashed = null;
try {
  await main();
} catch (error) {
  crashed = error;
}
await db?.end().catch(() => {});
await stopAll();
for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
tracker.close();
agent.destroy();
if (databaseMade) {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
  } catch (error) {
    console.error(`could not drop ${dbName}: ${error.message}`);
  } finally {
    await admin.end().catch(() => {});
  }
}

console.log('\n━━ Cluster test (two servers behind HAProxy, one killed with kill -9)');
for (const line of summary) console.log(`  ${line}`);
if (crashed) {
  console.error(`\n  FAIL  the run stopped: ${crashed.stack ?? crashed}`);
  console.error(`  logs: ${WORK}/app1.log, ${WORK}/app2.log, ${WORK}/haproxy.log`);
}
const ok = !crashed && failures.length === 0;
// For `npm test`, which names every failure again under its summary.
if (process.env.CLUSTER_FAILURES_FILE) {
  const named = [...failures, ...(crashed ? [`the run stopped: ${crashed.message ?? crashed}`] : [])];
  writeFileSync(process.env.CLUSTER_FAILURES_FILE, JSON.stringify(named));
}
console.log(
  `\ncluster: ${summary.length - failures.length} passed, ${failures.length + (crashed ? 1 : 0)} failed in ${elapsed()}`,
);
process.exit(ok ? 0 : 1);
