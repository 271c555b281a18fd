import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';

/** The outbox's queues, each its own table (docs/decisions/033): depth and oldest age per sender. */
const OUTBOX_TABLES = {
  postback: 'postback_deliveries',
  webhook: 'webhook_deliveries',
  mail: 'mail_deliveries',
  payout: 'payout_items',
} as const;

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const SIZES = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000];

/** What the metrics read from the running server when scraped. */
export type MetricSources = {
  database: Database;
  /** Clicks answered and not yet written. */
  clickDepth(): number;
};

/**
 * The server's Prometheus metrics (docs/decisions/039), in a registry of its own: requests per route,
 * the click buffer and the sale batches as they work, and at each scrape the outbox's queues, the
 * database pool and Node's own (event-loop lag among them). Off unless METRICS_PORT is set.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'afiliados_' });
  const registers = [registry];

  const requests = new Counter({
    name: 'afiliados_http_requests_total',
    help: 'Requests answered, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'afiliados_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and method',
    labelNames: ['method', 'route'] as const,
    buckets: SECONDS,
    registers,
  });
  const clickBatchSize = new Histogram({
    name: 'afiliados_click_batch_size',
    help: 'Clicks written per batch',
    buckets: SIZES,
    registers,
  });
  const clickWriteLag = new Histogram({
    name: 'afiliados_click_write_lag_seconds',
    help: 'From the oldest click of a batch being answered to the batch committed',
    buckets: SECONDS,
    registers,
  });
  const saleBatchSize = new Histogram({
    name: 'afiliados_sale_batch_size',
    help: 'Sales recorded per group commit',
    buckets: SIZES,
    registers,
  });
  const saleBatchSeconds = new Histogram({
    name: 'afiliados_sale_batch_duration_seconds',
    help: 'Time to write one group commit of sales',
    buckets: SECONDS,
    registers,
  });
  let sources: MetricSources | null = null;

  new Gauge({
    name: 'afiliados_click_buffer_depth',
    help: 'Clicks answered and not yet written',
    registers,
    collect() {
      if (sources) this.set(sources.clickDepth());
    },
  });
  const outboxDepth = new Gauge({
    name: 'afiliados_outbox_depth',
    help: 'Messages queued to be sent, by sender',
    labelNames: ['sender'] as const,
    registers,
  });
  new Gauge({
    name: 'afiliados_outbox_oldest_age_seconds',
    help: 'Age of the oldest message still queued, by sender (0 when none)',
    labelNames: ['sender'] as const,
    registers,
    async collect() {
      if (!sources) return;
      for (const [sender, table] of Object.entries(OUTBOX_TABLES)) {
        const result = await sources.database.readDb.execute(sql`
          select count(*)::int as depth,
                 coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
          from ${sql.identifier(table)} where state = 'queued'`);
        const row = (result as unknown as { rows: { depth: number; oldest: number }[] }).rows[0];
        outboxDepth.set({ sender }, Number(row?.depth ?? 0));
        this.set({ sender }, Number(row?.oldest ?? 0));
      }
    },
  });
  new Gauge({
    name: 'afiliados_db_pool_connections',
    help: 'PostgreSQL pool: connections open, idle, and queries waiting for one (absent on PGlite)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const use = sources?.database.poolUse?.();
      if (!use) return;
      this.set({ state: 'open' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });

  return {
    registry,
    /** Connects the gauges read at each scrape to the running server. */
    watch(next: MetricSources) {
      sources = next;
    },
    request(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      requestSeconds.observe({ method, route }, seconds);
    },
    clickBatch(size: number, lagSeconds: number) {
      clickBatchSize.observe(size);
      clickWriteLag.observe(lagSeconds);
    },
    saleBatch(size: number, seconds: number) {
      saleBatchSize.observe(size);
      saleBatchSeconds.observe(seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
