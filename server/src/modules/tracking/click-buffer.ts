import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { RecordedClick } from './click';
import { createBatcher } from './click-batcher';
import { binaryRow } from './click-copy';
import { enrichClick, traitsOf } from './click-enrichment';
import { dayOfClicks } from './click-rollups';
import {
  createFloodRule,
  createRepeatRule,
  type FloodLimit,
  repeatKeyOf,
  repeatMemoryOf,
  visitorOf,
} from './click-rules';
import { clickEngineOf, type PendingClick, writeClickBatch } from './click-writer';
import { FORGET_VISITS, FORGET_VISITS_EVERY_MS } from './counted-visits';

/**
 * Clicks are written in batches off the request path: the redirect answers at once, and a batch is
 * written at most 0.2 s after its oldest click arrived, or as soon as it is full (`click-batcher.ts`).
 * A crash loses at most the clicks answered in the last second; a graceful shutdown flushes.
 * As a click is recorded, the rules (`click-rules.ts`) decide in memory whether it counts: the repeat
 * rule (same IP and agent on the same link within an hour counts once) and the click-flood rule. On
 * PostgreSQL the visits this server counts are then checked against every server's in
 * `counted_visits` as their batch is written (`click-writer.ts`). Each click is kept as its row,
 * already in the form the write sends: one buffer is cheaper to hold and to send than an object.
 */
export function createClickBuffer(
  db: Db,
  log: FastifyBaseLogger,
  floodLimit: () => FloodLimit | null = () => null,
  /** Told each batch's size and how long after its oldest click it was committed (the metrics). */
  onBatch?: (size: number, lagSeconds: number) => void,
) {
  const engine = clickEngineOf(db);
  const checksVisits = engine.sharedBy === null;
  const repeats = createRepeatRule(repeatMemoryOf(engine.sharedBy));
  const floods = createFloodRule();
  const dayOf = dayOfClicks();
  const batcher = createBatcher<PendingClick>({
    batchMax: engine.batchMax,
    log,
    async write(batch) {
      const takenElsewhere = await writeClickBatch(engine, batch, dayOf);
      if (onBatch) {
        const oldest = batch.reduce((at, click) => Math.min(at, click.at), Number.POSITIVE_INFINITY);
        onBatch(batch.length, (Date.now() - oldest) / 1000);
      }
      for (const visit of takenElsewhere) repeats.forget(repeatKeyOf(visit.link_id, visit.visitor), visit.at);
    },
  });
  // Only PostgreSQL fills counted_visits (PGlite's servers share memory instead).
  const forgetTimer = checksVisits ? setInterval(() => void forgetOldVisits(), FORGET_VISITS_EVERY_MS) : null;
  forgetTimer?.unref();

  async function forgetOldVisits() {
    try {
      await engine.query(FORGET_VISITS, []);
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'old counted visits not deleted; tried again later');
    }
  }

  return {
    /**
     * Keeps the click for the next batch. Returns true when the writes are behind (`click-batcher.ts`):
     * the caller answers only after `flush()`.
     */
    record(click: RecordedClick): boolean {
      const visitor = click.isBot ? 0 : visitorOf(click);
      const local = click.isBot ? 0 : repeatKeyOf(click.linkId, visitor);
      const limit = click.isBot ? null : floodLimit();
      // A flood's clicks beyond the limit count as nothing, like repeats, and go to the report.
      const flood = limit === null ? null : floods.floodOf(click, limit);
      const repeat = flood !== null || (!click.isBot && repeats.isRepeat(local, click.at));
      const counts = !click.isBot && !repeat;
      const place = binaryRow(click);
      return batcher.add({
        slab: place.slab,
        rowStart: place.rowStart,
        rowEnd: place.rowEnd,
        at: click.at,
        linkId: click.linkId,
        affiliateId: click.affiliateId,
        campaignId: click.campaignId,
        counts,
        visitor: counts && checksVisits ? visitor : 0,
        // Enriched now, from caches: the pending click then holds one shared entry instead of the
        // address, agent and referrer, which can go with the request (fewer objects live until the write).
        traits: traitsOf(enrichClick(click.ip ?? '', click.userAgent, click.referrer)),
        repeat,
        flood,
      });
    },
    flush: batcher.flush,
    forgetOldVisits,
    async close() {
      if (forgetTimer) clearInterval(forgetTimer);
      await batcher.close();
    },
    get pending() {
      return batcher.pending;
    },
  };
}

export type ClickBuffer = ReturnType<typeof createClickBuffer>;
