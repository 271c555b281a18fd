import { ADMIN_ROLE } from '@contract/auth';
import type { Notification } from '@contract/notifications';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';

export type NewNotification = {
  kind: string;
  title: string;
  text: string;
  data?: Record<string, unknown>;
  /** The same words in Portuguese, for the people who chose it (the others read English). */
  pt?: { title: string; text: string };
};

/** The NOTIFY channel every server listens on; the payload names the person and the row. */
export const NOTIFICATION_CHANNEL = 'afiliados_notifications';

/**
 * Keeps a notification for each person and announces it on the channel. Called inside the
 * writer's transaction, PostgreSQL delivers the NOTIFY only if that transaction commits.
 */
export async function notifyUsers(db: Db, userIds: number[], notification: NewNotification) {
  await notifyEach(
    db,
    userIds.map((userId) => ({ userId, notification })),
  );
}

/**
 * Keeps and announces the new rows in one statement, each person's in the language they chose, so
 * a batch of sales (each to its own affiliate) costs one round trip.
 */
const INSERT_AND_ANNOUNCE = `
  with kept as (
    insert into notifications (user_id, kind, title, text, data)
    select x.user_id, x.kind,
      case when u.language = 'pt' and x.pt_title is not null then x.pt_title else x.title end,
      case when u.language = 'pt' and x.pt_text is not null then x.pt_text else x.text end,
      x.data
    from jsonb_to_recordset($1::jsonb) as x(user_id bigint, kind text, title text, text text, data jsonb,
      pt_title text, pt_text text)
    left join users u on u.id = x.user_id
    returning id, user_id
  )
  select pg_notify('${NOTIFICATION_CHANNEL}', jsonb_build_object('user_id', user_id, 'id', id)::text) from kept`;

/** A notification of its own for each person (a batch of sales, each to its affiliate). */
export async function notifyEach(db: Db, items: { userId: number; notification: NewNotification }[]) {
  if (items.length === 0) return;
  const rows = items.map(({ userId, notification: { pt, data, ...english } }) => ({
    user_id: userId,
    ...english,
    data: data ?? {},
    pt_title: pt?.title ?? null,
    pt_text: pt?.text ?? null,
  }));
  const [head, tail] = INSERT_AND_ANNOUNCE.split('$1') as [string, string];
  await db.execute(sql`${sql.raw(head)}${JSON.stringify(rows)}${sql.raw(tail)}`);
}

export async function notifyAdmins(db: Db, notification: NewNotification) {
  const admins = await findActiveAdmins(db);
  await notifyUsers(
    db,
    admins.map((a) => a.id),
    notification,
  );
}

export function findActiveAdmins(db: Db) {
  return db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.role, ADMIN_ROLE), isNull(users.deletedAt)));
}

type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    text: row.text,
    data: row.data,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/** The person's notifications no stream has delivered yet, oldest first. */
export async function findUndelivered(db: Db, userId: number): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.deliveredAt)))
    .orderBy(asc(notifications.id));
  return rows.map(toNotification);
}

/** These notifications with their person, oldest first (what the live notices name). */
export async function findByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(notifications)
    .where(inArray(notifications.id, ids))
    .orderBy(asc(notifications.id));
  return rows.map((row) => ({ userId: row.userId, notification: toNotification(row) }));
}

/**
 * Marks these notifications delivered: a stream wrote them and stayed open. The first delivery
 * counts; later ones (another tab, another server) leave its time as it was.
 */
export async function markDelivered(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ deliveredAt: new Date() })
    .where(and(inArray(notifications.id, ids), isNull(notifications.deliveredAt)));
}

export async function findNotifications(db: Db, userId: number) {
  const [items, [unread]] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(50),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { items: items.map(toNotification), unread: unread?.n ?? 0 };
}

/** Marks the person's unread notifications read: all of them, or those up to the newest they saw. */
export async function markRead(db: Db, userId: number, upToId?: number) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        upToId === undefined ? undefined : lte(notifications.id, upToId),
      ),
    );
}
