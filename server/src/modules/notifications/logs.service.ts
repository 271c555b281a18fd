import type { Page } from '@contract/common';
import type { AnalyticsEventBody, LogBody } from '@contract/notifications';
import { count, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents, logs } from '../../db/schema';
import { AppError } from '../../errors';

/** A log document of SPEC.md §3, written by the signed-in person about themselves only. */
export async function createLog(db: Db, callerId: number, body: LogBody) {
  if (body.user.id !== String(callerId)) {
    throw new AppError('FORBIDDEN', 'A log can only be written for the signed-in user.', {
      reason: 'LOG_USER_MISMATCH',
      errors: [{ field: 'user.id', message: 'must be the signed-in user' }],
    });
  }
  const [row] = await db
    .insert(logs)
    .values({
      user: body.user,
      notification: body.notification,
      timestamp: new Date(body.timestamp),
      writtenBy: callerId,
    })
    .returning({ id: logs.id });
  return { id: row?.id ?? 0 };
}

export async function createAnalyticsEvent(db: Db, callerId: number, body: AnalyticsEventBody) {
  const [row] = await db
    .insert(analyticsEvents)
    .values({ name: body.name, params: body.params, userId: callerId })
    .returning({ id: analyticsEvents.id });
  return { id: row?.id ?? 0 };
}

const likeOf = (q: string) => `%${q.replace(/[%_\\]/g, '\\$&')}%`;

type ListQuery = { page: number; page_size: number; q?: string | undefined };

export async function findLogs(db: Db, query: ListQuery) {
  const where: SQL | undefined = query.q
    ? or(ilike(sql`${logs.notification}::text`, likeOf(query.q)), ilike(sql`${logs.user}::text`, likeOf(query.q)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(logs)
      .where(where)
      .orderBy(desc(logs.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(logs).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      user: row.user,
      notification: row.notification as LogBody['notification'],
      timestamp: row.timestamp.toISOString(),
      created_at: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  } satisfies Page<unknown>;
}

export async function findAnalyticsEvents(db: Db, query: ListQuery) {
  const where: SQL | undefined = query.q
    ? or(ilike(analyticsEvents.name, likeOf(query.q)), ilike(sql`${analyticsEvents.params}::text`, likeOf(query.q)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(analyticsEvents)
      .where(where)
      .orderBy(desc(analyticsEvents.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(analyticsEvents).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      params: row.params,
      user_id: row.userId,
      created_at: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
