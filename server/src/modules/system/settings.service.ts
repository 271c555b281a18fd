import type { Maintenance } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { publishChange } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { audit } from '../audit/audit.service';

const MAINTENANCE_KEY = 'maintenance';

export async function getMaintenance(db: Db): Promise<Maintenance> {
  const [row] = await db.select().from(settings).where(eq(settings.key, MAINTENANCE_KEY));
  return (row?.value as Maintenance | undefined) ?? { enabled: false };
}

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
