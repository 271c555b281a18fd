import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { audit } from '../audit/audit.service';

const KEY = 'redemption_rules';
export type RedemptionSettings = { one_open_at_a_time: boolean };
const DEFAULTS: RedemptionSettings = { one_open_at_a_time: true };

export async function getRedemptionSettings(db: Db): Promise<RedemptionSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return { ...DEFAULTS, ...((row?.value as Partial<RedemptionSettings> | undefined) ?? {}) };
}

export async function setRedemptionSettings(db: Db, actorId: number, next: RedemptionSettings) {
  return db.transaction(async (tx) => {
    const before = await getRedemptionSettings(tx);
    await tx
      .insert(settings)
      .values({ key: KEY, value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
    await audit(tx, {
      actorId,
      action: 'redemption_rules.set',
      entity: 'settings',
      entityId: KEY,
      before,
      after: next,
    });
    return next;
  });
}
