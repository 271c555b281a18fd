import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type OutboundChannel, outboundAttempts } from '../db/schema';
import { every } from '../jobs/lease';
import { type BackoffSchedule, nextAttemptAfter } from './backoff';
import { type DestinationTable, noteDestinationOutcome } from './destination-health';

/**
 * The outbox (docs/decisions/033): one engine for everything that leaves the portal. Each channel
 * keeps its rows in its own queue table (`postback_deliveries`, `webhook_deliveries`,
 * `mail_deliveries`), written in the transaction of the event, all with the same columns for the
 * queue (`state`, `attempts`, `next_attempt_at`, `last_attempt_at`, `error`, `delivered_at`). The
 * engine claims due rows with FOR UPDATE SKIP LOCKED on any number of servers, retries with backoff,
 * logs every attempt in `outbound_attempts` and counts each destination's health; a sender only says
 * how to deliver one message.
 */
export type OutboxQueue = {
  channel: OutboundChannel;
  /** The queue table. */
  table: string;
  backoff: BackoffSchedule;
  /** The state of a delivered row (mail says `sent`). */
  deliveredState: string;
  /** Rows claimed at once. */
  batch: number;
  /** More a due row `q` must meet to be taken now (webhooks: an enabled endpoint, the oldest of its subject). */
  claimableWhere?: SQL;
};

/** One attempt, as the sender saw it: what the log keeps. Never a secret, a token or a URL's query. */
export type SendResult = {
  isDelivered: boolean;
  statusCode: number | null;
  error: string | null;
  responseExcerpt?: string | null;
  durationMs: number;
  /** This message can never be delivered (turned off, not a valid address): it ends in this state, no retry. */
  finalState?: string;
  /** The sender's own columns of its row (snake_case), written with the outcome. */
  columns?: Record<string, unknown>;
  /** The destination whose health this attempt counts. */
  destinationId?: number | null;
};

export type Sender<Row extends { id: number }> = {
  /** The claimed rows with what sending them needs. */
  load(db: Db, ids: number[]): Promise<Row[]>;
  send(row: Row, attempt: number): Promise<SendResult>;
  /** Where the destinations whose health is counted live. */
  destinations?: DestinationTable;
};

export type Claim = { id: number; attempts: number };

/**
 * Takes up to `limit` due rows for this worker: each attempt is counted and the row held (its next
 * attempt moved to `holdUntil`) in one statement; SKIP LOCKED lets other servers take others
 * meanwhile. A worker that dies leaves its rows due again once the hold runs out.
 */
export async function claimDue(
  db: Db,
  queue: OutboxQueue,
  now: Date,
  holdUntil: Date,
  limit: number,
): Promise<Claim[]> {
  const table = sql.identifier(queue.table);
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    update ${table} d
    set attempts = d.attempts + 1, next_attempt_at = ${holdUntil.toISOString()}::timestamptz, last_attempt_at = ${at}
    from (
      select q.id from ${table} q
      where q.state = 'queued' and q.next_attempt_at <= ${at} ${queue.claimableWhere ? sql`and ${queue.claimableWhere}` : sql``}
      order by q.next_attempt_at, q.id
      limit ${limit}
      for update of q skip locked
    ) due
    where d.id = due.id and d.state = 'queued'
    returning d.id, d.attempts`);
  const rows = (result as unknown as { rows: { id: number | string; attempts: number | string }[] }).rows;
  return rows.map((row) => ({ id: Number(row.id), attempts: Number(row.attempts) }));
}

const sqlValue = (value: unknown) =>
  value instanceof Date ? sql`${value.toISOString()}::timestamptz` : value === null ? sql`null` : sql`${value}`;

/**
 * Keeps an attempt: the row's outcome (only if still at the attempt claimed), its line in the attempt
 * log and the destination's health, in one transaction. `schedule` says what a failure leaves: the
 * next retry of the backoff, or the schedule unchanged (a manual send). Answers whether it wrote.
 */
export async function keepAttempt(
  db: Db,
  queue: OutboxQueue,
  sender: Pick<Sender<{ id: number }>, 'destinations'>,
  claim: Claim & { isManual?: boolean },
  result: SendResult,
  now: Date,
  schedule: 'backoff' | 'unchanged' = 'backoff',
): Promise<boolean> {
  const set: Record<string, unknown> = { ...result.columns, error: result.error };
  if (result.isDelivered) {
    Object.assign(set, { state: queue.deliveredState, delivered_at: now, next_attempt_at: null, error: null });
  } else if (result.finalState) {
    Object.assign(set, { state: result.finalState, next_attempt_at: null });
  } else if (schedule === 'backoff') {
    const next = nextAttemptAfter(queue.backoff, claim.attempts, now);
    Object.assign(set, { state: next ? 'queued' : 'failed', next_attempt_at: next });
  }
  return db.transaction(async (tx) => {
    const assignments = Object.entries(set).map(
      ([column, value]) => sql`${sql.identifier(column)} = ${sqlValue(value)}`,
    );
    const written = await tx.execute(sql`
      update ${sql.identifier(queue.table)} set ${sql.join(assignments, sql`, `)}
      where id = ${claim.id} and attempts = ${claim.attempts} ${claim.isManual ? sql`` : sql`and state = 'queued'`}
      returning id`);
    if ((written as unknown as { rows: unknown[] }).rows.length === 0) return false;
    await tx.insert(outboundAttempts).values({
      channel: queue.channel,
      deliveryId: claim.id,
      attempt: claim.attempts,
      isManual: claim.isManual ?? false,
      statusCode: result.statusCode,
      error: result.error,
      responseExcerpt: result.responseExcerpt ?? null,
      durationMs: result.durationMs,
      at: now,
    });
    if (sender.destinations && result.destinationId != null && !result.finalState) {
      await noteDestinationOutcome(tx, sender.destinations, result.destinationId, result.isDelivered, now);
    }
    return true;
  });
}

export type RunOptions = {
  /** How long one attempt may take; a claimed row is held well past it. */
  timeoutMs: number;
  /** The schedule's clock (due times, backoff, disabling): tests move it instead of waiting. */
  clock?: () => Date;
  /** How long one run keeps taking rounds: a backlog is worked through by turns, not by one run forever. */
  budgetMs?: number;
};

/**
 * Delivers what is due in one queue, on any number of servers at once: each row is taken by one
 * worker, sent, and its outcome kept. Returns how many attempts it made.
 */
export async function runOutbox<Row extends { id: number }>(
  db: Db,
  queue: OutboxQueue,
  sender: Sender<Row>,
  options: RunOptions,
): Promise<number> {
  const clock = options.clock ?? (() => new Date());
  // A hold well past the attempt's own deadline: no other worker takes a row while it is being sent.
  const holdMs = options.timeoutMs * 2 + 30_000;
  const budgetMs = options.budgetMs ?? 4_000;
  let made = 0;
  const runStarted = Date.now();
  do {
    const started = clock();
    const claims = await claimDue(db, queue, started, new Date(started.getTime() + holdMs), queue.batch);
    if (claims.length === 0) break;
    const rows = new Map(
      (
        await sender.load(
          db,
          claims.map((c) => c.id),
        )
      ).map((row) => [row.id, row]),
    );
    await Promise.all(
      claims.map(async (claim) => {
        const row = rows.get(claim.id);
        if (!row) return;
        const result = await sender.send(row, claim.attempts);
        await keepAttempt(db, queue, sender, claim, result, clock());
      }),
    );
    made += claims.length;
    // A round may leave rows it unblocked (the next of a subject): the next round takes them.
  } while (Date.now() - runStarted < budgetMs);
  return made;
}

/** Every few seconds on every server; the queue's row locks share the work out. */
export function scheduleOutbox(
  name: string,
  run: () => Promise<unknown>,
  log: FastifyBaseLogger,
  everyMs = 5_000,
): () => void {
  let running = false;
  return every(
    everyMs,
    async () => {
      if (running) return;
      running = true;
      try {
        await run();
      } catch (error) {
        log.error({ err: (error as Error).message }, `${name} deliveries failed`);
      } finally {
        running = false;
      }
    },
    everyMs,
  );
}
