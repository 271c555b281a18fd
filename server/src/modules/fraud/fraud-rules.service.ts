import { DEFAULT_FRAUD_RULES, type FraudRules, fraudRulesSchema } from '@contract/fraud';
import { eq } from 'drizzle-orm';
import { onChange, publishChange } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { audit } from '../audit/audit.service';
import { forgetConversionChecks } from './fraud-checks';

const FRAUD_RULES_KEY = 'fraud_rules';
/**
 * How long a server uses the rules it read before reading them again when no change notice came
 * (the change feed drops them on every server at once; this only bounds a lost notice).
 */
export const FRAUD_RULES_CACHE_MS = 10_000;

/** The rules as saved, each missing rule or field at its default (a new rule ships switched on). */
export async function getFraudRules(db: Db): Promise<FraudRules> {
  const [row] = await db.select().from(settings).where(eq(settings.key, FRAUD_RULES_KEY));
  const saved = (row?.value ?? {}) as Partial<Record<keyof FraudRules, object>>;
  const merged = Object.fromEntries(
    Object.entries(DEFAULT_FRAUD_RULES).map(([rule, defaults]) => [
      rule,
      { ...defaults, ...(saved[rule as keyof FraudRules] ?? {}) },
    ]),
  );
  // A saved value the current rules no longer accept falls back to the defaults rather than failing a sale.
  const parsed = fraudRulesSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_FRAUD_RULES;
}

export async function setFraudRules(db: Db, actorId: number, next: FraudRules): Promise<FraudRules> {
  const saved = await db.transaction(async (tx) => {
    const before = await getFraudRules(tx);
    await tx
      .insert(settings)
      .values({ key: FRAUD_RULES_KEY, value: next })
      .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
    await audit(tx, {
      actorId,
      action: 'fraud_rules.set',
      entity: 'settings',
      entityId: FRAUD_RULES_KEY,
      before,
      after: next,
    });
    return next;
  });
  // Every server reads them again on the notice; this one holds them already.
  await publishChange(db, 'fraud-rules');
  remember(db, saved, Date.now());
  forgetConversionChecks(db);
  return saved;
}

const cached = new WeakMap<Db, { rules: FraudRules; at: number }>();
const subscribed = new WeakSet<Db>();

function remember(db: Db, rules: FraudRules, at: number) {
  if (!subscribed.has(db)) {
    subscribed.add(db);
    // Stale, not gone: the click path keeps the old rules until the new ones are read, never the defaults.
    onChange(db, 'fraud-rules', () => {
      const hit = cached.get(db);
      if (hit) cached.set(db, { rules: hit.rules, at: 0 });
      forgetConversionChecks(db);
    });
  }
  cached.set(db, { rules, at });
}

/** The rules, read at most every FRAUD_RULES_CACHE_MS per database handle. */
export async function currentFraudRules(db: Db, now = Date.now()): Promise<FraudRules> {
  const hit = cached.get(db);
  if (hit && now - hit.at < FRAUD_RULES_CACHE_MS) return hit.rules;
  const rules = await getFraudRules(db);
  remember(db, rules, now);
  return rules;
}

const reading = new WeakSet<Db>();

/** The cached rules without waiting (the click path): the defaults until the first read. */
export function fraudRulesNow(db: Db): FraudRules {
  const hit = cached.get(db);
  if ((!hit || Date.now() - hit.at >= FRAUD_RULES_CACHE_MS) && !reading.has(db)) {
    reading.add(db);
    void currentFraudRules(db)
      .catch(() => undefined)
      .finally(() => reading.delete(db));
  }
  return hit?.rules ?? DEFAULT_FRAUD_RULES;
}

/**
 * The click-flooding rule as the click buffer asks for it on every click: the same object while the
 * rule stays the same (no allocation per click), null when it is switched off.
 */
export function floodLimitOf(db: Db): () => { clicks: number; windowMs: number } | null {
  let rule: FraudRules['click_flooding'] | null = null;
  let limit: { clicks: number; windowMs: number } | null = null;
  return () => {
    const now = fraudRulesNow(db).click_flooding;
    if (now !== rule) {
      rule = now;
      limit = now.enabled ? { clicks: now.clicks, windowMs: now.minutes * 60_000 } : null;
    }
    return limit;
  };
}
