// Click ids, random (UUID v4) against time-ordered (server/src/modules/tracking/click-id.ts), as
// PGlite writes the clicks table in the click buffer's batches of 1500, to 600 000 clicks each.
// The two databases take turns batch by batch, so the machine's drift falls on both alike.
// Target (decision 009): time-ordered ids write a batch in less time than random ones.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { record } from './support/server.mjs';

register();
const { newClickId } = await import('../server/src/modules/tracking/click-id.ts');
const { openDatabase } = await import('../server/src/db/client.ts');

const BATCH = 1500;
const BATCHES = Number(process.env.BENCH_BATCHES ?? 400);
const idsOf = { random: () => randomUUID(), time_ordered: () => newClickId() };
const folder = mkdtempSync(join(tmpdir(), 'afiliados-click-ids-'));
const databases = {};
for (const kind of Object.keys(idsOf)) {
  const database = await openDatabase({ dataDir: join(folder, kind) });
  await database.migrate();
  databases[kind] = database;
}

const spent = { random: [], time_ordered: [] };
for (let b = 0; b < BATCHES; b++) {
  for (const kind of b % 2 ? ['random', 'time_ordered'] : ['time_ordered', 'random']) {
    const at = new Date().toISOString();
    let text = '';
    for (let i = 0; i < BATCH; i++) {
      text += `${idsOf[kind]()}\t1\t1\t1\t${at}\t${'f'.repeat(32)}\tMozilla/5.0 (bench)\t\tf\tf\n`;
    }
    const started = performance.now();
    await databases[kind].db.$client.query(
      "copy clicks (id, link_id, affiliate_id, campaign_id, at, ip_hash, user_agent, referrer, is_bot, is_repeat) from '/dev/blob'",
      [],
      { blob: new Blob([text]) },
    );
    spent[kind].push(performance.now() - started);
  }
}
for (const database of Object.values(databases)) await database.close();
rmSync(folder, { recursive: true, force: true });

/** Mean milliseconds a batch over each fifth of the run, and over the last half. */
const summary = (times) => ({
  ms_per_batch_by_fifth: Array.from({ length: 5 }, (_, f) => {
    const part = times.slice((f * times.length) / 5, ((f + 1) * times.length) / 5);
    return Math.round((part.reduce((a, b) => a + b, 0) / part.length) * 10) / 10;
  }),
  ms_per_batch_last_half:
    Math.round((times.slice(times.length / 2).reduce((a, b) => a + b, 0) / (times.length / 2)) * 10) / 10,
});
const random = summary(spent.random);
const ordered = summary(spent.time_ordered);
const saving = Math.round((1 - ordered.ms_per_batch_last_half / random.ms_per_batch_last_half) * 100);
record('click-ids', {
  target: 'time-ordered ids write a batch of 1500 clicks faster than random ids (PGlite, last half of the run)',
  batch: BATCH,
  clicks_each: BATCH * BATCHES,
  random,
  time_ordered: ordered,
  verdict: `random ${random.ms_per_batch_last_half} ms a batch, time-ordered ${ordered.ms_per_batch_last_half} ms (${saving} % less) ${ordered.ms_per_batch_last_half < random.ms_per_batch_last_half ? 'met' : 'NOT met'}`,
});
