import type { IntegrationDeliveryOutcome, IntegrationDeliveryReason } from '@contract/integrations';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/named-statements';
import type { SaleCompanion } from '../sales/sale-step';

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

/** Text PostgreSQL can store: a NUL character (which no text or jsonb value may hold) becomes U+FFFD. */
const storable = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text);

/** What a delivery is before anything came of it: the call as received. */
export type ReceivedCall = Pick<
  DeliveryRow,
  'integrationId' | 'eventType' | 'externalId' | 'externalProductId' | 'headers' | 'body'
>;

/** The call's columns as the log's inserts read them from JSON. */
const columnsOf = (call: ReceivedCall) => ({
  integration_id: call.integrationId,
  event_type: call.eventType,
  external_id: call.externalId,
  external_product_id: call.externalProductId,
  headers: Object.fromEntries(Object.entries(call.headers).map(([name, value]) => [name, storable(value)])),
  body: storable(call.body),
});

/**
 * A delivery that records a new sale is logged by the sale's own statement (a companion of the
 * sale step): it exists exactly when the sale does, and the platform's answer waits for one commit,
 * not two (measured: 0.67-0.70 of the sales API's throughput with a second insert to wait for).
 */
export const DELIVERY_WITH_SALE: SaleCompanion = {
  name: 'delivery',
  cte: `
  companion_written as materialized (
    select nextval('integration_deliveries_id_seq'::regclass) as id, i.n, s.id as sale_id, d.*
    from changed s join companion_input i on i.n = s.n
    cross join lateral jsonb_to_record(i.row) as d(integration_id bigint, event_type text, external_id text,
      external_product_id text, headers jsonb, body text)
  ),
  companion_logged as (
    insert into integration_deliveries (id, integration_id, event_type, external_id, external_product_id,
      outcome, reason, detail, sale_id, headers, body)
    overriding system value
    select id, integration_id, event_type, external_id, external_product_id, 'recorded', null, null, sale_id,
      headers, body
    from companion_written
  )`,
};

/** The companion a sale carries so that, if it is recorded, its delivery is logged with it. */
export const deliveryWithSale = (call: ReceivedCall) => ({ of: DELIVERY_WITH_SALE, row: columnsOf(call) });

/**
 * Inserts in flight at once: each call's answer waits for its row, so a batch waiting for the one
 * before would add that batch's time to every answer of a launch (measured: 0.64-0.71 of the sales
 * API's throughput with one at a time).
 */
const LOG_WRITES_AT_ONCE = 4;

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
  /** Inserts under way. Appends to one table contend on nothing, so a batch need not wait for the one before. */
  let writing = 0;
  let taking = false;

  async function writeNext() {
    if (taking || writing >= LOG_WRITES_AT_ONCE || queue.length === 0) return;
    taking = true;
    // Let the calls answered in this turn of the event loop join the batch.
    await new Promise((resolve) => setImmediate(resolve));
    taking = false;
    writing += 1;
    const batch = queue.slice(0, LOG_BATCH_MAX);
    queue = queue.slice(LOG_BATCH_MAX);
    try {
      // One parameter for the whole batch: building a many-row insert value by value cost more of a
      // launch's time on the server's thread than the insert itself.
      const rows = batch.map(({ row }, n) => ({
        n,
        ...columnsOf(row),
        outcome: row.outcome,
        reason: row.reason,
        detail: row.detail,
        sale_id: row.saleId,
      }));
      const { rows: ids } = await executeNamed(
        db,
        'integration_delivery_log',
        sql`with input as materialized (
            select nextval('integration_deliveries_id_seq'::regclass) as id, x.*
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(n int, integration_id bigint, event_type text,
              external_id text, external_product_id text, outcome text, reason text, detail text, sale_id bigint,
              headers jsonb, body text)
          ),
          written as (
            insert into integration_deliveries (id, integration_id, event_type, external_id, external_product_id,
              outcome, reason, detail, sale_id, headers, body)
            overriding system value
            select id, integration_id, event_type, external_id, external_product_id, outcome, reason, detail, sale_id,
              headers, body
            from input
          )
          select n, id from input order by n`,
      );
      for (const { n, id } of ids) batch[Number(n)]?.resolve(Number(id));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
    writing -= 1;
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
