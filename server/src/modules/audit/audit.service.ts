import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number | string;
  before?: unknown;
  after?: unknown;
};

/** Records an admin write; call it inside the transaction that makes the change. */
export async function audit(db: Db, entry: AuditEntry) {
  await auditAll(db, [entry]);
}

/** Several writes of one transaction (a batch of sales) in one statement. */
export async function auditAll(db: Db, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}

/** The latest changes of one record, newest first, with who made them. */
export async function findAuditTrail(db: Db, query: { entity: string; entity_id: string; limit: number }) {
  const rows = await db
    .select({ entry: auditLog, firstName: users.firstName, lastName: users.lastName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, query.entity), eq(auditLog.entityId, query.entity_id)))
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
  return {
    items: rows.map(({ entry, firstName, lastName }) => ({
      id: entry.id,
      actor_id: entry.actorId,
      actor_name: firstName === null ? null : `${firstName} ${lastName}`,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId,
      before: entry.before,
      after: entry.after,
      at: entry.at.toISOString(),
    })),
  };
}
