import type { MailDelivery, MailState } from '@contract/mail';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailDeliveries } from '../../db/schema';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The outbox's mails, newest first: who and what about, and how delivery went; never the body. */
export async function findMailDeliveries(
  db: Db,
  query: { page: number; page_size: number; state?: MailState },
): Promise<{ items: MailDelivery[]; total: number; page: number; page_size: number }> {
  const where = query.state ? eq(mailDeliveries.state, query.state) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mailDeliveries.id,
        to: mailDeliveries.to,
        subject: mailDeliveries.subject,
        state: mailDeliveries.state,
        attempts: mailDeliveries.attempts,
        error: mailDeliveries.error,
        lastAttemptAt: mailDeliveries.lastAttemptAt,
        nextAttemptAt: mailDeliveries.nextAttemptAt,
        deliveredAt: mailDeliveries.deliveredAt,
        createdAt: mailDeliveries.createdAt,
      })
      .from(mailDeliveries)
      .where(where)
      .orderBy(desc(mailDeliveries.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(mailDeliveries).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      state: row.state,
      attempts: row.attempts,
      error: row.error,
      last_attempt_at: iso(row.lastAttemptAt),
      // While a worker holds a row, its next attempt is the hold's end: not a retry to show.
      next_attempt_at: row.state === 'queued' && row.attempts > 0 ? iso(row.nextAttemptAt) : null,
      sent_at: iso(row.deliveredAt),
      created_at: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
