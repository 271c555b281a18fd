import { ADMIN_ROLE } from '@contract/auth';
import type { Notification } from '@contract/notifications';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
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
  if (userIds.length === 0) return;
  const { pt, ...english } = notification;
  const portuguese = new Set<number>();
  if (pt) {
    const people = await db
      .select({ id: users.id, language: users.language })
      .from(users)
      .where(inArray(users.id, userIds));
    for (const person of people) if (person.language === 'pt') portuguese.add(person.id);
  }
  const rows = await db
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, data: {}, ...english, ...(pt && portuguese.has(userId) ? pt : {}) })))
    .returning({ id: notifications.id, userId: notifications.userId });
  // One statement for every announcement, however many people (a campaign goes to all affiliates).
  const payloads = JSON.stringify(rows.map((row) => ({ user_id: row.userId, id: row.id })));
  await db.execute(
    sql`select pg_notify(${NOTIFICATION_CHANNEL}, payload::text) from jsonb_array_elements(${payloads}::jsonb) as payload`,
  );
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

/**
 * Marks these of the person's notifications delivered and returns the ones this call claimed, so
 * a notification reaches a browser once even when two streams or two servers race for it.
 */
export async function claimUndelivered(db: Db, userId: number, ids?: number[]): Promise<Notification[]> {
  const rows = await db
    .update(notifications)
    .set({ deliveredAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.deliveredAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning();
  return rows.sort((a, b) => a.id - b.id).map(toNotification);
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

export async function markAllRead(db: Db, userId: number) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
