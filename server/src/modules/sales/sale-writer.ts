import type { Db } from '../../db/client';
import {
  type PreparedSales,
  prepareSales,
  type RecordDeps,
  type Recorded,
  type SaleInput,
  type SaleMeta,
  type SaleRequest,
} from './sale-recording';

/** A batch's upper size: 20 columns a row keeps one insert far below PostgreSQL's 65,535 parameters. */
const SALE_BATCH_MAX = 500;

export type SaleWriter = {
  /** Records one sale with the others waiting at the same moment; resolves once it is committed. */
  record(input: SaleInput, meta: SaleMeta): Promise<Recorded>;
  /** Resolves when every sale handed in so far is written (or refused). */
  close(): Promise<void>;
};

type Waiting = { request: SaleRequest; resolve: (recorded: Recorded) => void; reject: (error: unknown) => void };

/**
 * Group commit for sales (docs/decisions/016): the sales that arrive while a batch is written wait
 * and go together in the next one, in one transaction. Nobody waits for a timer: an idle writer
 * starts at once with whatever arrived in the same turn of the event loop. One batch writes at a
 * time per server, so the rollup rows a launch shares are taken by one transaction, not fifty (two
 * or three writing at a time measured slower: they wait on those rows and on the cores); the next
 * batch does its reads meanwhile, which were a third of each batch's time.
 * Every answer is sent after its batch commits: an acknowledged sale is durable.
 */
export function createSaleWriter(
  db: Db,
  deps: RecordDeps,
  /** Told each batch's size and how long its write took (the metrics). */
  onBatch: (size: number, seconds: number) => void = () => {},
): SaleWriter {
  let queue: Waiting[] = [];
  /** The next batch, its reads under way or done, waiting for the one being written. */
  let next: { batch: Waiting[]; prepared: PreparedSales } | null = null;
  let taking = false;
  let writing = false;
  const idle: (() => void)[] = [];

  async function takeNext() {
    if (taking || next || queue.length === 0) return;
    taking = true;
    // Let the requests parsed in this turn of the event loop join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    const batch = queue.slice(0, SALE_BATCH_MAX);
    queue = queue.slice(SALE_BATCH_MAX);
    next = {
      batch,
      prepared: prepareSales(
        db,
        deps,
        batch.map((waiting) => waiting.request),
      ),
    };
    taking = false;
    void writeNext();
  }

  async function writeNext() {
    if (writing || !next) return;
    writing = true;
    const { batch, prepared } = next;
    next = null;
    // The batch after this one reads while this one writes.
    void takeNext();
    const started = performance.now();
    const outcomes = await prepared.write().catch((error: unknown) => batch.map(() => ({ ok: false as const, error })));
    onBatch(batch.length, (performance.now() - started) / 1000);
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome?.error ?? new Error('sale left without an answer'));
    });
    writing = false;
    if (next) void writeNext();
    else void takeNext();
    if (!next && !taking && !writing && queue.length === 0) for (const resolve of idle.splice(0)) resolve();
  }

  return {
    record(input, meta) {
      return new Promise((resolve, reject) => {
        queue.push({ request: { input, meta, at: new Date() }, resolve, reject });
        void takeNext();
      });
    },
    async close() {
      if (writing || taking || next || queue.length > 0) await new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
