import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type ApiKey, type CreatedApiKey, SIGNATURE_MAX_AGE_SECONDS } from '@contract/sales';
import { desc, eq, inArray } from 'drizzle-orm';
import { batchedLookup } from '../../batched-lookup';
import { onChange, publishChange } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { AppError } from '../../errors';
import { sealSecret, unsealSecret } from '../../sealed-secrets';
import { audit } from '../audit/audit.service';
import { sha256 } from '../auth/passwords';

type ApiKeyRow = typeof apiKeys.$inferSelect;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    signed: row.secretEncrypted !== null,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

const encrypt = (serverSecret: string, plain: string) => sealSecret(serverSecret, 'api-key-secrets', plain);
const decrypt = (serverSecret: string, sealed: string) => unsealSecret(serverSecret, 'api-key-secrets', sealed);

export async function findApiKeys(db: Db) {
  const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.id));
  return { items: rows.map(toApiKey) };
}

/** A new key, shown once: only its hash (and the encrypted secret) are kept. */
export async function createApiKey(
  db: Db,
  serverSecret: string,
  actorId: number,
  body: { name: string; signed: boolean },
): Promise<CreatedApiKey> {
  const key = `afk_${randomBytes(24).toString('base64url')}`;
  const secret = body.signed ? `whsec_${randomBytes(24).toString('base64url')}` : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        name: body.name,
        prefix: key.slice(0, 8),
        keyHash: sha256(key),
        secretEncrypted: secret ? encrypt(serverSecret, secret) : null,
        createdBy: actorId,
      })
      .returning();
    if (!row) throw new Error('api key insert returned nothing');
    const created = toApiKey(row);
    await audit(tx, { actorId, action: 'api_key.create', entity: 'api_key', entityId: row.id, after: created });
    return { ...created, key, secret };
  });
}

export async function revokeApiKey(db: Db, actorId: number, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id));
    if (!row) throw new AppError('NOT_FOUND', `API key ${id} not found.`);
    if (row.revokedAt) return;
    await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id));
    await audit(tx, {
      actorId,
      action: 'api_key.revoke',
      entity: 'api_key',
      entityId: id,
      before: toApiKey(row),
      after: { revoked: true },
    });
  });
  // Every server forgets the key's row now (this one included), not when its second is up.
  await publishChange(db, 'api-key', id);
}

const unauthorized = (message: string, reason: string) => new AppError('UNAUTHORIZED', message, { reason });

/**
 * `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` as Stripe writes it: the timestamp and every v1 signature;
 * other schemes (v0) are ignored.
 */
export function parseSignatureHeader(header: string): { t: string | null; signatures: string[] } {
  let t: string | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d{1,12}$/.test(value)) t = value;
    if (name === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value);
  }
  return { t, signatures };
}

/** How long a server trusts the key row it read: a key revoked on another server works that much longer. */
export const API_KEY_CACHE_MS = 1000;
const API_KEY_CACHE_MAX = 1000;

/**
 * The keys sales API calls present. A launch sends thousands a minute with one key, so a row read is
 * trusted for a second (and forgotten at once when this server revokes it); keys not in memory are
 * looked up together when they arrive together. Unknown keys are never remembered.
 */
export type SaleApiKeys = {
  find: (keyHash: string) => Promise<ApiKeyRow | undefined>;
  /** Cheap bookkeeping: a key's last use is written at most once a minute, whatever the load. */
  touch: (row: ApiKeyRow) => Promise<void>;
  forget: (id: number) => void;
};

const keysOfDatabase = new WeakMap<Db, SaleApiKeys>();

/** One memory per database handle, shared by the sales API route and the revocation. */
export function saleApiKeys(db: Db): SaleApiKeys {
  const known = keysOfDatabase.get(db);
  if (known) return known;
  const writtenAt = new Map<number, number>();
  const remembered = new Map<string, { row: ApiKeyRow; until: number }>();
  const lookUp = batchedLookup(async (hashes: string[]) => {
    const rows = await db.select().from(apiKeys).where(inArray(apiKeys.keyHash, hashes));
    return new Map(rows.map((row) => [row.keyHash, row]));
  });
  const keys: SaleApiKeys = {
    async find(keyHash) {
      const hit = remembered.get(keyHash);
      if (hit && hit.until > Date.now()) return hit.row;
      const row = await lookUp(keyHash);
      if (row) {
        if (remembered.size >= API_KEY_CACHE_MAX) remembered.clear();
        remembered.set(keyHash, { row, until: Date.now() + API_KEY_CACHE_MS });
      }
      return row;
    },
    async touch(row) {
      const last = Math.max(writtenAt.get(row.id) ?? 0, row.lastUsedAt?.getTime() ?? 0);
      if (Date.now() - last <= 60_000) return;
      writtenAt.set(row.id, Date.now());
      await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.id));
    },
    forget(id) {
      for (const [hash, { row }] of remembered) if (row.id === id) remembered.delete(hash);
    },
  };
  onChange(db, 'api-key', (id) => (id === null ? remembered.clear() : keys.forget(Number(id))));
  keysOfDatabase.set(db, keys);
  return keys;
}

/**
 * Checks a sales API call's key and, for a signed key, its `X-Signature: t=<unix seconds>,v1=<hex>`: an
 * HMAC-SHA256 of "<t>.<raw body>" made within the last five minutes.
 */
export async function verifySaleApiCall(
  keys: SaleApiKeys,
  serverSecret: string,
  headers: { key: string | undefined; signature: string | undefined },
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<void> {
  if (!headers.key) throw unauthorized('The X-Api-Key header is missing.', 'API_KEY_MISSING');
  const row = await keys.find(sha256(headers.key));
  if (!row || row.revokedAt) throw unauthorized('This API key is not valid.', 'API_KEY_INVALID');
  if (row.secretEncrypted) {
    const { t, signatures } = parseSignatureHeader(headers.signature ?? '');
    if (!headers.signature || t === null || signatures.length === 0) {
      throw unauthorized('The X-Signature header is missing or malformed.', 'SIGNATURE_MISSING');
    }
    if (Math.abs(nowSeconds - Number(t)) > SIGNATURE_MAX_AGE_SECONDS) {
      throw unauthorized('The signature is older than five minutes.', 'SIGNATURE_EXPIRED');
    }
    const expected = createHmac('sha256', decrypt(serverSecret, row.secretEncrypted))
      .update(`${t}.${rawBody}`)
      .digest();
    // Any matching v1 will do: while a secret rotates, Stripe-style senders sign with both.
    const matches = signatures.some((hex) => {
      const given = Buffer.from(hex, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!matches) throw unauthorized('The signature does not match the body.', 'SIGNATURE_INVALID');
  }
  await keys.touch(row);
}
