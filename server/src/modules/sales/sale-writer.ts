import type { Db } from '../../db/client';
import {
  type RecordDeps,
  type Recorded,
  recordSales,
  type SaleInput,
  type SaleRequest,
  type SaleSource,
} from './sales.service';

/** A batch's upper size: 20 columns a row keeps one insert far below PostgreSQL's 65,535 parameters. */
const SALE_BATCH_MAX = 500;

export type SaleWriter = {
  /** Records one sale with the others waiting at the same moment; resolves once it is committed. */
  record(input: SaleInput, meta: { source: SaleSource; actorId: number | null }): Promise<Recorded>;
  /** Resolves when every sale handed in so far is written (or refused). */
  close(): Promise<void>;
};

type Waiting = { request: SaleRequest; resolve: (recorded: Recorded) => void; reject: (error: unknown) => void };

/**
 * Group commit for sales (docs/decisions/016): while one batch is being written, the sales that
 * arrive wait and go together in the next one, in one transaction. Nobody waits for a timer: an
 * idle writer starts at once with whatever arrived in the same turn of the event loop. One batch at
 * a time per server, so the rollup rows a launch shares are taken by one transaction, not fifty
 * (two or three at a time measured slower: they wait on those rows and on the cores).
 * Every answer is sent after its batch commits: an acknowledged sale is durable.
 */
export function createSaleWriter(db: Db, deps: RecordDeps): SaleWriter {
  let queue: Waiting[] = [];
  let writing = false;
  const idle: (() => void)[] = [];

  async function writeNext() {
    const batch = queue.slice(0, SALE_BATCH_MAX);
    queue = queue.slice(SALE_BATCH_MAX);
    const outcomes = await recordSales(
      db,
      deps,
      batch.map((waiting) => waiting.request),
    ).catch((error: unknown) => batch.map(() => ({ ok: false as const, error })));
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome?.error ?? new Error('sale left without an answer'));
    });
  }

  async function write() {
    writing = true;
    // Let the requests parsed in this turn of the event loop join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) await writeNext();
    writing = false;
    for (const resolve of idle.splice(0)) resolve();
  }

  return {
    record(input, meta) {
      return new Promise((resolve, reject) => {
        queue.push({ request: { input, meta, at: new Date() }, resolve, reject });
        if (!writing) void write();
      });
    },
    async close() {
      if (writing) await new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
