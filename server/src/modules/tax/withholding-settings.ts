import { type WithholdingSettings, withholdingSettingsSchema } from '@contract/tax';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { audit } from '../audit/audit.service';
import { DEFAULT_WITHHOLDING_SETTINGS } from './withholdings';

const KEY = 'withholdings';

/** The rates in force: the admin's, else the defaults (a saved value that no longer parses falls back too). */
export async function getWithholdingSettings(db: Db): Promise<WithholdingSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  const saved = withholdingSettingsSchema.safeParse(row?.value);
  return saved.success ? saved.data : DEFAULT_WITHHOLDING_SETTINGS;
}

export async function setWithholdingSettings(db: Db, actorId: number, next: WithholdingSettings) {
  return db.transaction(async (tx) => {
    const before = await getWithholdingSettings(tx);
    await tx
      .insert(settings)
      .values({ key: KEY, value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
    await audit(tx, { actorId, action: 'withholdings.set', entity: 'settings', entityId: KEY, before, after: next });
    return next;
  });
}
