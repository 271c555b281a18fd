import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

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
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
