import type { Maintenance } from '@contract/auth';
import { publishChange } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { getMaintenance, MAINTENANCE_KEY } from '../../plugins/maintenance';
import { audit } from '../audit/audit.service';

export async function setMaintenance(db: Db, actorId: number, next: Maintenance): Promise<Maintenance> {
  const saved = await db.transaction(async (tx) => {
    const before = await getMaintenance(tx);
    await tx
      .insert(settings)
      .values({ key: MAINTENANCE_KEY, value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
    await audit(tx, {
      actorId,
      action: 'maintenance.set',
      entity: 'settings',
      entityId: MAINTENANCE_KEY,
      before,
      after: next,
    });
    return next;
  });
  await publishChange(db, 'maintenance');
  return saved;
}
