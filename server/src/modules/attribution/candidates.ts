import { eq, inArray, or, sql } from 'drizzle-orm';
import { publishChange } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { affiliates, clicks, coupons, levels, links, sales, users } from '../../db/schema';
import { clickIdTime } from '../tracking/click-id';

export type AffiliateRow = {
  affiliate: typeof affiliates.$inferSelect;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  level: typeof levels.$inferSelect | null;
};
export type ClickRow = { click: typeof clicks.$inferSelect; utmSource: string | null };
export type CouponRow = typeof coupons.$inferSelect;

/** Everything a batch of sales may be attributed by, found at once (docs/decisions/016 and 021). */
export type Candidates = {
  /** The clicks the sales came with and the first clicks those name, by id. */
  clicks: Map<string, ClickRow>;
  /** The coupons the sales name, by lower-case code. */
  coupons: Map<string, CouponRow>;
  byId: Map<number, AffiliateRow>;
  byCode: Map<string, AffiliateRow>;
  /**
   * The first sale of each subscription a renewal of the batch names, by `subscriptionKey` (a first
   * charge written earlier in the same batch joins with no sale id yet).
   */
  subscriptions: Map<string, { saleId: number | null; affiliateId: number }>;
};

export const subscriptionKey = (campaignId: number, subscriptionId: string) => `${campaignId}|${subscriptionId}`;

/** What a sale names its affiliate by, as the attribution reads it. */
export type Named = {
  campaign_id?: number | undefined;
  subscription_id?: string | undefined;
  charge_number?: number | undefined;
  click_id?: string | undefined;
  coupon?: string | undefined;
  affiliate_id?: number | undefined;
  affiliate_code?: string | undefined;
};

const unique = <T>(values: T[]) => [...new Set(values)];

/** The clicks of these ids and, in the same query, the first clicks they name. */
async function findClicks(db: Db, ids: string[]): Promise<ClickRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ click: clicks, utmSource: links.utmSource })
    .from(clicks)
    .leftJoin(links, eq(links.id, clicks.linkId))
    .where(
      or(
        inArray(clicks.id, ids),
        sql`${clicks.id} in (select first_click_id from clicks where id in ${ids} and first_click_id is not null)`,
      ),
    );
}

/**
 * A click id made this long ago or less may still be in the memory of the server that answered it
 * (a batch is written at most 0.2 s after its oldest click, later when the writes are behind).
 */
const FRESH_CLICK_MS = 10_000;
/** How far another server's clock may run ahead of this one's. */
const CLOCK_SKEW_MS = 2_000;
/** How long a postback waits for the other servers to write a fresh click it names (docs/decisions/027). */
export const REMOTE_CLICK_WAIT_MS = 1_000;

const isFresh = (id: string, now: number) => {
  const at = clickIdTime(id);
  return at !== null && at > now - FRESH_CLICK_MS && at < now + CLOCK_SKEW_MS;
};

/**
 * Each click of the batch with its first click. A click not found yet is looked for in this
 * server's memory (written at once), then, when its id says it is seconds old, in the other
 * servers': they are asked over the change feed to write what they hold, and the batch waits for
 * it, at most REMOTE_CLICK_WAIT_MS (a first click is older than the click naming it: written with
 * it or before).
 */
async function findBatchClicks(db: Db, flushClicks: () => Promise<void>, ids: string[]) {
  const found = new Map((await findClicks(db, ids)).map((row) => [row.click.id, row]));
  const stillMissing = () => ids.filter((id) => !found.has(id));
  if (stillMissing().length === 0) return found;
  await flushClicks();
  for (const row of await findClicks(db, stillMissing())) found.set(row.click.id, row);
  const started = Date.now();
  if (!stillMissing().some((id) => isFresh(id, started))) return found;
  await publishChange(db, 'clicks');
  for (let waitMs = 5; ; waitMs = Math.min(waitMs * 2, 100)) {
    const left = REMOTE_CLICK_WAIT_MS - (Date.now() - started);
    if (left <= 0) return found;
    await new Promise((resolve) => setTimeout(resolve, Math.min(waitMs, left)));
    const fresh = stillMissing().filter((id) => isFresh(id, started));
    if (fresh.length === 0) return found;
    for (const row of await findClicks(db, fresh)) found.set(row.click.id, row);
  }
}

/** Each named subscription's first sale: its lowest charge (then its oldest row). */
async function findFirstCharges(db: Db, named: { campaignId: number; subscriptionId: string }[]) {
  if (named.length === 0) return [];
  const result = await db.execute(sql`
    select distinct on (campaign_id, subscription_id) id, campaign_id, subscription_id, affiliate_id
    from ${sales}
    where subscription_id is not null and (campaign_id, subscription_id) in (${sql.join(
      named.map((n) => sql`(${n.campaignId}::bigint, ${n.subscriptionId}::text)`),
      sql`, `,
    )})
    order by campaign_id, subscription_id, charge_number, id`);
  return (
    result as unknown as {
      rows: { id: unknown; campaign_id: unknown; subscription_id: string; affiliate_id: unknown }[];
    }
  ).rows.map((row) => ({
    key: subscriptionKey(Number(row.campaign_id), row.subscription_id),
    saleId: Number(row.id),
    affiliateId: Number(row.affiliate_id),
  }));
}

async function findCoupons(db: Db, codes: string[]): Promise<CouponRow[]> {
  if (codes.length === 0) return [];
  return db.select().from(coupons).where(sql`lower(${coupons.code}) in ${codes}`);
}

async function findAffiliates(db: Db, ids: number[], codes: string[]): Promise<AffiliateRow[]> {
  if (ids.length === 0 && codes.length === 0) return [];
  return db
    .select({
      affiliate: affiliates,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      level: levels,
    })
    .from(affiliates)
    .leftJoin(users, eq(users.id, affiliates.userId))
    .leftJoin(levels, eq(levels.id, affiliates.levelId))
    .where(
      or(
        ids.length > 0 ? inArray(affiliates.id, ids) : undefined,
        codes.length > 0 ? inArray(affiliates.code, codes) : undefined,
      ),
    );
}

/**
 * The candidates of a whole batch: its clicks (with their first clicks), coupons and named
 * affiliates in parallel, then the owners of those clicks and coupons not found already. No sale
 * costs a query of its own.
 */
export async function findCandidates(db: Db, flushClicks: () => Promise<void>, named: Named[]): Promise<Candidates> {
  const renewals = new Map<string, { campaignId: number; subscriptionId: string }>();
  for (const n of named) {
    if (n.campaign_id && n.subscription_id && (n.charge_number ?? 1) > 1) {
      renewals.set(subscriptionKey(n.campaign_id, n.subscription_id), {
        campaignId: n.campaign_id,
        subscriptionId: n.subscription_id,
      });
    }
  }
  const [clickRows, couponRows, namedOwners, firstCharges] = await Promise.all([
    findBatchClicks(db, flushClicks, unique(named.flatMap((n) => (n.click_id ? [n.click_id] : [])))),
    findCoupons(db, unique(named.flatMap((n) => (n.coupon ? [n.coupon.toLowerCase()] : [])))),
    findAffiliates(
      db,
      unique(named.flatMap((n) => (n.affiliate_id ? [n.affiliate_id] : []))),
      unique(named.flatMap((n) => (n.affiliate_code ? [n.affiliate_code] : []))),
    ),
    findFirstCharges(db, [...renewals.values()]),
  ]);
  const known = new Set(namedOwners.map((row) => row.affiliate.id));
  const owners = namedOwners.concat(
    await findAffiliates(
      db,
      unique([
        ...[...clickRows.values()].map((row) => row.click.affiliateId),
        ...couponRows.map((coupon) => coupon.affiliateId),
        ...firstCharges.map((first) => first.affiliateId),
      ]).filter((id) => !known.has(id)),
      [],
    ),
  );
  return {
    clicks: clickRows,
    coupons: new Map(couponRows.map((coupon) => [coupon.code.toLowerCase(), coupon])),
    byId: new Map(owners.map((row) => [row.affiliate.id, row])),
    byCode: new Map(owners.map((row) => [row.affiliate.code, row])),
    subscriptions: new Map(firstCharges.map(({ key, ...first }) => [key, first])),
  };
}
