import type { FraudRules } from '@contract/fraud';
import { isDisposableEmail } from 'disposable-email-domains-js';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInDevices } from '../../db/schema';

// The fraud rules' checks that need no request of their own: each gives the reasons a registration
// or a sale is flagged, and a flagged one waits for an admin.

/** Reasons to look at a registration before approving it. */
export function registrationFlags(rules: FraudRules, email: string): string[] {
  return rules.disposable_email.enabled && isDisposableEmail(email) ? ['disposable_email'] : [];
}

/** Remembers the device a person signed in from (its address hash and agent), for the sale checks. */
export async function rememberSignIn(db: Db, userId: number, ipHash: string, userAgent: string) {
  await db
    .insert(signInDevices)
    .values({ userId, ipHash, userAgent: userAgent.slice(0, 500) })
    .onConflictDoUpdate({
      target: [signInDevices.userId, signInDevices.ipHash, signInDevices.userAgent],
      set: { lastAt: new Date() },
    });
}

/** What the sale checks need of one sale. */
export type SaleForChecks = {
  customerEmail: string | null;
  /** The emails of the affiliates credited (the owner, and the first click's in a split). */
  affiliateEmails: (string | null)[];
  affiliateUserId: number;
  affiliateId: number;
  at: Date;
  click: { at: Date; ipHash: string; userAgent: string } | null;
};

/** What the checks of a batch of sales read once for the whole batch. */
export type SaleCheckContext = {
  /** "user id|ip hash|agent" of every sign-in device of the batch's affiliates with a click. */
  devices: Set<string>;
  /** Affiliates whose conversion is far above the programme's. */
  spiking: Set<number>;
  /** Affiliates at or over the chargeback rate. */
  chargingBack: Set<number>;
};

/**
 * The batch's context in at most two statements, only for the rules switched on: the sign-in
 * devices of the affiliates whose sales came with a click, and which affiliates' conversion spikes.
 */
export async function saleCheckContext(db: Db, rules: FraudRules, sales: SaleForChecks[]): Promise<SaleCheckContext> {
  const context: SaleCheckContext = { devices: new Set(), spiking: new Set(), chargingBack: new Set() };
  const withClick = [...new Set(sales.filter((s) => s.click).map((s) => s.affiliateUserId))];
  const affiliateIds = [...new Set(sales.map((s) => s.affiliateId))];
  const [devices, spiking, charging] = await Promise.all([
    rules.same_address_as_affiliate.enabled && withClick.length > 0
      ? db.execute(sql`select user_id, ip_hash, user_agent from sign_in_devices
          where user_id in (${sql.join(
            withClick.map((id) => sql`${id}`),
            sql`, `,
          )})`)
      : null,
    rules.conversion_spike.enabled && affiliateIds.length > 0 ? spikes.flaggedOf(db, rules, affiliateIds) : null,
    rules.chargeback_rate.enabled && affiliateIds.length > 0
      ? chargebackRates.flaggedOf(db, rules, affiliateIds)
      : null,
  ]);
  for (const row of (devices as unknown as { rows: { user_id: unknown; ip_hash: string; user_agent: string }[] } | null)
    ?.rows ?? []) {
    context.devices.add(`${Number(row.user_id)}|${row.ip_hash}|${row.user_agent}`);
  }
  for (const id of spiking ?? []) context.spiking.add(id);
  for (const id of charging ?? []) context.chargingBack.add(id);
  return context;
}

/** How long a server trusts what it found about an affiliate (conversion, chargebacks): a launch's batches ask no more. */
const AFFILIATE_CHECK_CACHE_MS = 60_000;

/**
 * A per-server memory of which affiliates a check flags: only the affiliates not seen lately are
 * read, in one statement. Keyed by database handle, as tests open several in one process.
 */
function affiliateCheck(find: (db: Db, rules: FraudRules, affiliateIds: number[]) => Promise<number[]>) {
  const cache = new WeakMap<Db, Map<number, { flagged: boolean; at: number }>>();
  return {
    async flaggedOf(db: Db, rules: FraudRules, affiliateIds: number[], now = Date.now()): Promise<number[]> {
      let known = cache.get(db);
      if (!known) {
        known = new Map();
        cache.set(db, known);
      }
      const stale = affiliateIds.filter((id) => {
        const hit = known.get(id);
        return !hit || now - hit.at >= AFFILIATE_CHECK_CACHE_MS;
      });
      if (stale.length > 0) {
        const flagged = new Set(await find(db, rules, stale));
        if (known.size > 50_000) known.clear();
        for (const id of stale) known.set(id, { flagged: flagged.has(id), at: now });
      }
      return affiliateIds.filter((id) => known.get(id)?.flagged);
    },
    forget(db: Db, affiliateIds?: number[]) {
      if (!affiliateIds) cache.delete(db);
      else for (const id of affiliateIds) cache.get(db)?.delete(id);
    },
  };
}

const spikes = affiliateCheck((db, rules, ids) => spikingAffiliates(db, rules, ids));
const chargebackRates = affiliateCheck((db, rules, ids) => affiliatesOverChargebackRate(db, rules, ids));

/** Forgets what this server found about affiliates (the rules were changed). */
export function forgetConversionChecks(db: Db) {
  spikes.forget(db);
  chargebackRates.forget(db);
}

/** Forgets these affiliates' chargeback rate on this server (one of their sales was just charged back). */
export function forgetChargebackRates(db: Db, affiliateIds: number[]) {
  chargebackRates.forget(db, affiliateIds);
}

/** An affiliate's chargebacks and paid sales (approved, refunded or charged back) over the last days. */
export const CHARGEBACK_COUNTS = sql`
  count(*) filter (where s.status = 'chargeback')::int as chargebacks,
  count(*) filter (where s.status in ('approved', 'refunded', 'chargeback'))::int as paid_sales`;

/** Of these affiliates, those at or over the chargeback rule's rate with enough paid sales. */
async function affiliatesOverChargebackRate(db: Db, rules: FraudRules, affiliateIds: number[]): Promise<number[]> {
  const { max_percent: maxPercent, min_sales: minSales, days } = rules.chargeback_rate;
  const result = await db.execute(sql`
    select affiliate_id from (
      select s.affiliate_id, ${CHARGEBACK_COUNTS}
      from sales s
      where s.affiliate_id in (${sql.join(
        affiliateIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and s.created_at >= now() - make_interval(days => ${days}::int)
      group by s.affiliate_id
    ) x
    where paid_sales >= ${minSales} and chargebacks * 100.0 >= paid_sales * ${maxPercent}::float8`);
  return (result as unknown as { rows: { affiliate_id: unknown }[] }).rows.map((r) => Number(r.affiliate_id));
}

/**
 * Of these affiliates, those whose approved-sale conversion over the rule's last days is `multiple`
 * times the programme's or more, once they have `min_clicks` counted clicks (from the rollups).
 */
async function spikingAffiliates(db: Db, rules: FraudRules, affiliateIds: number[]): Promise<number[]> {
  const { multiple, min_clicks: minClicks, days } = rules.conversion_spike;
  const result = await db.execute(sql`
    with programme as (
      select sum(approved_sales)::float8 / nullif(sum(clicks), 0) as rate
      from daily_campaign_stats where day > current_date - ${days}::int
    ),
    mine as (
      select affiliate_id, sum(clicks) as clicks, sum(approved_sales) as sales
      from daily_affiliate_stats_now
      where day > current_date - ${days}::int and affiliate_id in (${sql.join(
        affiliateIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by affiliate_id
    )
    select m.affiliate_id from mine m, programme p
    where m.clicks >= ${minClicks} and p.rate > 0 and m.sales::float8 / m.clicks >= p.rate * ${multiple}`);
  return (result as unknown as { rows: { affiliate_id: unknown }[] }).rows.map((r) => Number(r.affiliate_id));
}

/** The reasons the switched-on rules give for one sale (empty: nothing to look at). */
export function saleFlags(rules: FraudRules, sale: SaleForChecks, context: SaleCheckContext): string[] {
  const flags: string[] = [];
  const buyer = sale.customerEmail?.toLowerCase();
  if (rules.self_referral.enabled && buyer && sale.affiliateEmails.some((email) => email?.toLowerCase() === buyer)) {
    flags.push('self_referral');
  }
  if (
    rules.fast_click.enabled &&
    sale.click &&
    sale.at.getTime() - sale.click.at.getTime() < rules.fast_click.seconds * 1000
  ) {
    flags.push('fast_click');
  }
  if (
    rules.same_address_as_affiliate.enabled &&
    sale.click &&
    context.devices.has(`${sale.affiliateUserId}|${sale.click.ipHash}|${sale.click.userAgent}`)
  ) {
    flags.push('same_address_as_affiliate');
  }
  if (rules.conversion_spike.enabled && context.spiking.has(sale.affiliateId)) flags.push('conversion_spike');
  if (rules.chargeback_rate.enabled && context.chargingBack.has(sale.affiliateId)) flags.push('chargeback_rate');
  return flags;
}
