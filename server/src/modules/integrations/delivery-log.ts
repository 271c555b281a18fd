import type { IntegrationDeliveryOutcome, IntegrationDeliveryReason } from '@contract/integrations';
import type { Db } from '../../db/client';
import { integrationDeliveries } from '../../db/schema';

/** One call received, as the log keeps it. */
export type DeliveryRow = {
  integrationId: number;
  eventType: string;
  externalId: string | null;
  externalProductId: string | null;
  outcome: IntegrationDeliveryOutcome;
  reason: IntegrationDeliveryReason | null;
  detail: string | null;
  saleId: number | null;
  headers: Record<string, string>;
  body: string;
};

/** Rows one insert carries at most (10 columns a row, far below PostgreSQL's 65,535 parameters). */
const LOG_BATCH_MAX = 500;

/**
 * Group commit for the delivery log, as the sale writer does for sales (docs/decisions/016): the
 * calls answered in the same moment are logged in one insert, so a launch's deliveries cost one
 * statement per batch, not one per call. `write` resolves with the row's id once it is committed;
 * the platform's answer waits for it, so a delivery answered 2xx is in the log.
 */
export function createDeliveryLog(db: Db) {
  let queue: { row: DeliveryRow; resolve: (id: number) => void; reject: (error: unknown) => void }[] = [];
  let writing = false;

  async function writeNext() {
    if (writing || queue.length === 0) return;
    writing = true;
    // Let the calls answered in this turn of the event loop join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    const batch = queue.slice(0, LOG_BATCH_MAX);
    queue = queue.slice(LOG_BATCH_MAX);
    try {
      const ids = await db
        .insert(integrationDeliveries)
        .values(batch.map((entry) => entry.row))
        .returning({ id: integrationDeliveries.id });
      for (const [index, entry] of batch.entries()) entry.resolve(ids[index]?.id ?? 0);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
    writing = false;
    void writeNext();
  }

  return {
    write(row: DeliveryRow): Promise<number> {
      return new Promise((resolve, reject) => {
        queue.push({ row, resolve, reject });
        void writeNext();
      });
    },
  };
}
export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
