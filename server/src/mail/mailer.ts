import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { mailDeliveries } from '../db/schema';
import { exponentialBackoff } from '../outbound/backoff';
import { type OutboxQueue, runOutbox, type Sender, scheduleOutbox } from '../outbound/outbox';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header lines (an announcement's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
};

export type Mailer = {
  /**
   * Queues a mail in the caller's transaction (docs/decisions/033): it leaves only if the event
   * it tells of is committed, and the outbox worker sends it, retrying with backoff.
   */
  queue(tx: Db, message: MailMessage): Promise<void>;
  /** Many mails in one statement of the caller's transaction (an announcement); their ids, in order. */
  queueMany(tx: Db, messages: MailMessage[]): Promise<number[]>;
  /** Sends every mail due at `at` (now by default), once each: tests, and a server's first run. */
  flush(at?: Date): Promise<number>;
  /** The outbox worker of mail on every server, each second by default: a person waits for a reset link. */
  schedule(everyMs?: number): () => void;
};

export const MAIL_FROM = 'Afiliados <no-reply@afiliados.local>';

/** 30 s, 2 min, 8 min, 32 min, about 2 h, then 6 h twice: a day for an SMTP server to come back. */
export const MAIL_BACKOFF_SECONDS = exponentialBackoff({
  firstSeconds: 30,
  factor: 4,
  capSeconds: 6 * 3_600,
  maxAttempts: 8,
});

export const MAIL_QUEUE: OutboxQueue = {
  channel: 'mail',
  table: 'mail_deliveries',
  backoff: MAIL_BACKOFF_SECONDS,
  deliveredState: 'sent',
  batch: 20,
};

type QueuedMail = typeof mailDeliveries.$inferSelect;

/**
 * How a mail is delivered: through the SMTP server of SMTP_URL, which the operator chose (so the
 * outbound destination check for addresses people type does not apply). The `Message-ID` is the
 * row's, the same on every attempt, so a receiver can tell a retry from a new mail.
 */
function mailSender(transport: Transporter, log: FastifyBaseLogger): Sender<QueuedMail> {
  return {
    load: (db, ids) => db.select().from(mailDeliveries).where(inArray(mailDeliveries.id, ids)),
    async send(row) {
      const started = Date.now();
      try {
        await transport.sendMail({
          from: MAIL_FROM,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          ...(row.headers ? { headers: row.headers } : {}),
          messageId: `<mail-${row.id}.${row.createdAt.getTime()}@afiliados.local>`,
        });
        log.info({ mail: row.id, to: row.to, subject: row.subject }, 'mail sent');
        return { isDelivered: true, statusCode: null, error: null, durationMs: Date.now() - started };
      } catch (error) {
        const { message, responseCode } = error as Error & { responseCode?: number };
        log.warn({ mail: row.id, to: row.to, subject: row.subject, err: message }, 'mail not delivered');
        return {
          isDelivered: false,
          statusCode: responseCode ?? null,
          error: message.slice(0, 500),
          durationMs: Date.now() - started,
        };
      }
    },
  };
}

/**
 * With SMTP_URL mail is queued and the outbox worker sends it through that server; without it a
 * mail is `kept`: the table is its only copy, so the embedded default works offline. The log names
 * the recipient and subject, never the body: bodies carry reset links.
 */
export function createMailer(
  db: Db,
  smtpUrl: string | undefined,
  log: FastifyBaseLogger,
  options: { timeoutMs: number },
): Mailer {
  const timeouts = {
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs * 4,
  };
  const transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...timeouts }) : null;
  const sender = transport ? mailSender(transport, log) : null;
  const run = (clock?: () => Date) =>
    sender ? runOutbox(db, MAIL_QUEUE, sender, { timeoutMs: options.timeoutMs, clock }) : Promise.resolve(0);
  return {
    async queue(tx, message) {
      await tx
        .insert(mailDeliveries)
        .values({ ...message, ...(transport ? {} : { state: 'kept' as const, nextAttemptAt: null }) });
      log.info({ to: message.to, subject: message.subject, via: transport ? 'smtp' : 'outbox' }, 'mail queued');
    },
    async queueMany(tx, messages) {
      if (messages.length === 0) return [];
      const ids: number[] = [];
      // Chunks keep a statement's parameters well under PostgreSQL's 65 535.
      for (let start = 0; start < messages.length; start += 1_000) {
        const chunk = messages.slice(start, start + 1_000);
        const rows = await tx
          .insert(mailDeliveries)
          .values(
            chunk.map((message) => ({
              ...message,
              ...(transport ? {} : { state: 'kept' as const, nextAttemptAt: null }),
            })),
          )
          .returning({ id: mailDeliveries.id, to: mailDeliveries.to });
        // RETURNING's order is not promised: match each row to its message by address.
        const idOf = new Map(rows.map((row) => [row.to, row.id]));
        for (const message of chunk) ids.push(idOf.get(message.to) ?? 0);
      }
      log.info({ mails: messages.length, via: transport ? 'smtp' : 'outbox' }, 'mails queued');
      return ids;
    },
    flush: (at) => run(at ? () => at : undefined),
    schedule: (everyMs = 1_000) => (sender ? scheduleOutbox('mail', () => run(), log, everyMs) : () => {}),
  };
}

/** How many mails with this subject went to this address in the last `withinMs`: caps on repeated notices. */
export async function countRecentMails(db: Db, to: string, subject: string, withinMs: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailDeliveries)
    .where(
      and(
        eq(mailDeliveries.to, to),
        eq(mailDeliveries.subject, subject),
        gt(mailDeliveries.createdAt, new Date(Date.now() - withinMs)),
      ),
    );
  return row?.n ?? 0;
}
