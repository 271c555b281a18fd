import { ADMIN_ROLE } from '@contract/auth';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';

export type NewNotification = { kind: string; title: string; text: string; data?: Record<string, unknown> };

/** Keeps a notification for each person; they see it live when connected, or at their next sign-in. */
export async function notifyUsers(db: Db, userIds: number[], notification: NewNotification) {
  if (userIds.length === 0) return;
  await db.insert(notifications).values(userIds.map((userId) => ({ userId, data: {}, ...notification })));
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
