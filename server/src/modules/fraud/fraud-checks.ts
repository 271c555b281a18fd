import type { FraudRules } from '@contract/fraud';
import { isDisposableEmail } from 'disposable-email-domains-js';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInDevices } from '../../db/schema';
import { mailboxOf } from './mailbox';

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
 * devices of the affiliates whose sales came with a click, and which affiliates the affiliate rules flag.
 */
export async function saleCheckContext(db: Db, rules: FraudRules, sales: SaleForChecks[]): Promise<SaleCheckContext> {
  const context: SaleCheckContext = { devices: new Set(), spiking: new Set(), chargingBack: new Set() };
  const withClick = [...new Set(sales.filter((s) => s.click).map((s) => s.affiliateUserId))];
  const affiliateIds = [...new Set(sales.map((s) => s.affiliateId))];
  const judged = rules.conversion_spike.enabled || rules.chargeback_rate.enabled;
  const [devices, verdicts] = await Promise.all([
    rules.same_address_as_affiliate.enabled && withClick.length > 0
      ? db.execute(sql`select user_id, ip_hash, user_agent from sign_in_devices
          where user_id in (${sql.join(
            withClick.map((id) => sql`${id}`),
            sql`, `,
          )})`)
      : null,
    judged && affiliateIds.length > 0 ? verdictsOf(db, rules, affiliateIds) : null,
  ]);
  for (const row of (devices as unknown as { rows: { user_id: unknown; ip_hash: string; user_agent: string }[] } | null)
    ?.rows ?? []) {
    context.devices.add(`${Number(row.user_id)}|${row.ip_hash}|${row.user_agent}`);
  }
  for (const id of affiliateIds) {
    const verdict = verdicts?.get(id);
    if (verdict?.spiking) context.spiking.add(id);
    if (verdict?.chargingBack) context.chargingBack.add(id);
  }
  return context;
}

/** How long a server trusts what it found about an affiliate (conversion, chargebacks): a launch's batches ask no more. */
const AFFILIATE_CHECK_CACHE_MS = 60_000;

/** The rules judged on the affiliate rather than on the sale: every new sale of a flagged affiliate waits. */
type AffiliateVerdict = { spiking: boolean; chargingBack: boolean; at: number };
const verdictCache = new WeakMap<Db, Map<number, AffiliateVerdict>>();

/**
 * The verdicts of these affiliates from this server's memory, reading only those it has not seen
 * lately, in one statement for both rules. Keyed by database handle, as tests open several in one process.
 */
async function verdictsOf(db: Db, rules: FraudRules, affiliateIds: number[], now = Date.now()) {
  let known = verdictCache.get(db);
  if (!known) {
    known = new Map();
    verdictCache.set(db, known);
  }
  const stale = affiliateIds.filter((id) => {
    const hit = known.get(id);
    return !hit || now - hit.at >= AFFILIATE_CHECK_CACHE_MS;
  });
  if (stale.length > 0) {
    const read = await readVerdicts(db, rules, stale);
    if (known.size > 50_000) known.clear();
    for (const id of stale) known.set(id, { spiking: false, chargingBack: false, ...read.get(id), at: now });
  }
  return known;
}

/** Forgets what this server found about affiliates (the rules were changed). */
export function forgetConversionChecks(db: Db) {
  verdictCache.delete(db);
}

/** Forgets these affiliates' verdicts on this server (one of their sales was just charged back). */
export function forgetChargebackRates(db: Db, affiliateIds: number[]) {
  for (const id of affiliateIds) verdictCache.get(db)?.delete(id);
}

/** An affiliate's chargebacks and paid sales (approved, refunded or charged back), over sales `s`. */
export const CHARGEBACK_COUNTS = sql`
  count(*) filter (where s.status = 'chargeback')::int as chargebacks,
  count(*) filter (where s.status in ('approved', 'refunded', 'chargeback'))::int as paid_sales`;

/**
 * Both affiliate rules for these affiliates, each only when switched on: the conversion spike (an
 * approved-sale conversion over the rule's days `multiple` times the programme's or more, from
 * `min_clicks` counted clicks, read from the rollups) and the chargeback rate (chargebacks at
 * `max_percent` of paid sales or more, from `min_sales`, over the rule's days).
 */
async function readVerdicts(db: Db, rules: FraudRules, affiliateIds: number[]) {
  const spike = rules.conversion_spike;
  const charge = rules.chargeback_rate;
  const ids = sql.join(
    affiliateIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const spiking = spike.enabled
    ? sql`coalesce((
        select m.clicks >= ${spike.min_clicks} and p.rate > 0 and m.sales::float8 / m.clicks >= p.rate * ${spike.multiple}
        from (
          select sum(clicks) as clicks, sum(approved_sales) as sales from daily_affiliate_stats_now
          where day > current_date - ${spike.days}::int and affiliate_id = i.id
        ) m, (
          select sum(approved_sales)::float8 / nullif(sum(clicks), 0) as rate
          from daily_campaign_stats where day > current_date - ${spike.days}::int
        ) p), false)`
    : sql`false`;
  const chargingBack = charge.enabled
    ? sql`coalesce((
        select c.paid_sales >= ${charge.min_sales} and c.chargebacks * 100.0 >= c.paid_sales * ${charge.max_percent}::float8
        from (
          select ${CHARGEBACK_COUNTS} from sales s
          where s.affiliate_id = i.id and s.created_at >= now() - make_interval(days => ${charge.days}::int)
        ) c), false)`
    : sql`false`;
  const result = await db.execute(sql`
    select i.id, ${spiking} as spiking, ${chargingBack} as charging_back
    from (select unnest(array[${ids}]::bigint[]) as id) i`);
  const rows = (result as unknown as { rows: { id: unknown; spiking: boolean; charging_back: boolean }[] }).rows;
  return new Map(rows.map((r) => [Number(r.id), { spiking: r.spiking, chargingBack: r.charging_back }]));
}

/** The reasons the switched-on rules give for one sale (empty: nothing to look at). */
export function saleFlags(rules: FraudRules, sale: SaleForChecks, context: SaleCheckContext): string[] {
  const flags: string[] = [];
  // One mailbox, however spelt: ana.souza+x@ buying through ana.souza@'s link is still Ana.
  const buyer = sale.customerEmail ? mailboxOf(sale.customerEmail) : null;
  if (
    rules.self_referral.enabled &&
    buyer &&
    sale.affiliateEmails.some((email) => email && mailboxOf(email) === buyer)
  ) {
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
