import type { IntegrationPlatform } from '@contract/integrations';
import { eq, type SQL } from 'drizzle-orm';
import { onChange, publishChange } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { integrationProducts, integrations } from '../../db/schema';
import { unsealSecret } from '../../sealed-secrets';

/** What the receiving path needs of a connection, its secret unsealed. */
export type Connection = {
  id: number;
  platform: IntegrationPlatform;
  campaignId: number | null;
  active: boolean;
  token: string;
  secret: string;
  /** The campaign of each mapped product. */
  products: Map<string, number>;
};

export const SEAL_PURPOSE = 'integration-secrets' as const;
/** Changes reach the cache on the change feed; this lifetime only bounds a lost notice. */
const CONNECTION_CACHE_MS = 10_000;

/** A connection as the receiving path uses it, read now (a replay reads it fresh). */
export async function loadConnection(db: Db, serverSecret: string, where: SQL): Promise<Connection | null> {
  const [row] = await db.select().from(integrations).where(where);
  if (!row) return null;
  const products = await db
    .select({ id: integrationProducts.externalProductId, campaignId: integrationProducts.campaignId })
    .from(integrationProducts)
    .where(eq(integrationProducts.integrationId, row.id));
  return {
    id: row.id,
    platform: row.platform,
    campaignId: row.campaignId,
    active: row.active,
    token: row.token,
    secret: unsealSecret(serverSecret, SEAL_PURPOSE, row.secretSealed),
    products: new Map(products.map((p) => [p.id, p.campaignId])),
  };
}

/**
 * The connections by receive token, kept a moment so a launch's calls read nothing before their
 * sale: each connection is read (with its products) once, then answered from memory until an
 * admin changes it (the change feed drops it on every server).
 */
export function connectionCache(db: Db, serverSecret: string) {
  // The read itself is kept, so the calls that find a connection missing or stale together (every
  // call of a launch, once its lifetime ends) wait for one read instead of each making its own.
  const byToken = new Map<string, { connection: Promise<Connection | null>; at: number }>();
  const unsubscribe = onChange(db, 'integration', () => byToken.clear());

  return {
    byToken(token: string): Promise<Connection | null> {
      const hit = byToken.get(token);
      if (hit && Date.now() - hit.at < CONNECTION_CACHE_MS) return hit.connection;
      const connection = loadConnection(db, serverSecret, eq(integrations.token, token));
      const entry = { connection, at: Date.now() };
      byToken.set(token, entry);
      // A failed read is not kept: the next call reads again.
      connection.catch(() => {
        if (byToken.get(token) === entry) byToken.delete(token);
      });
      return connection;
    },
    close: unsubscribe,
  };
}
export type ConnectionCache = ReturnType<typeof connectionCache>;

/** Every server forgets what it held of connections (after an admin's change commits). */
export const connectionsChanged = (db: Db, id: number) => publishChange(db, 'integration', id);
