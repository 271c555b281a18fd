import { randomUUID } from 'node:crypto';
import { brasiliaDayOf } from '@contract/calendar';
import { FAST_CLICK_SECONDS } from '@contract/sales';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  affiliates,
  campaigns,
  clickFloods,
  clicks,
  clickTraits,
  ledgerEntries,
  levels,
  links,
  sales,
  users,
} from '../db/schema';
import { rebuildDailyStats } from '../modules/metrics/daily-stats';
import { computeCommission } from '../modules/sales/commission';
import { agentOf, countryOf, referrerHostOf } from '../modules/tracking/click-enrichment';
import { ensureClickPartitions } from '../modules/tracking/click-partitions';
import { seedAttributionDemo } from './demo-attribution';
import { seedBonusesDemo } from './demo-bonuses';
import { seedCreativesDemo } from './demo-creatives';
import { seedMessagesDemo } from './demo-messages';
import { type Person, seedRedemptions } from './demo-redemptions';
import { seedSubscriptionsDemo } from './demo-subscriptions';

const DAY_MS = 86_400_000;
const METHODS = ['pix', 'pix', 'pix', 'credit_card', 'credit_card', 'boleto', 'debit_card'] as const;
const SOURCES = ['instagram', 'whatsapp', 'youtube', 'blog'];
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; moto g84 5G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 357.0.0.0 (iPhone15,2; iOS 18_1; pt_BR)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
];
/** Where the demo's visitors are: mostly Brazil (NIC.br's block), some Portugal, the US and Argentina. */
const ADDRESSES = [...Array<string>(12).fill('200.160.2.3'), '193.136.0.1', '8.8.4.4', '200.49.130.1'];
/** Where each UTM source's visitors come from (the blog's and WhatsApp Web's pages send a referrer). */
const REFERRERS: Record<string, string[]> = {
  instagram: ['https://l.instagram.com/', 'https://www.instagram.com/', ''],
  whatsapp: ['', '', 'https://web.whatsapp.com/'],
  youtube: ['https://www.youtube.com/', 'https://m.youtube.com/'],
  blog: ['https://blog.exemplo.com.br/', 'https://www.google.com/'],
};

/** The id of a combination of click traits, added the first time it is seen (`traitsIds`: this database's). */
async function traitsIdOf(
  tx: Db,
  traits: typeof clickTraits.$inferInsert,
  traitsIds: Map<string, number>,
): Promise<number> {
  const key = JSON.stringify(traits);
  const known = traitsIds.get(key);
  if (known !== undefined) return known;
  await tx.insert(clickTraits).values(traits).onConflictDoNothing();
  const [row] = await tx
    .select({ id: clickTraits.id })
    .from(clickTraits)
    .where(
      and(
        eq(clickTraits.country, traits.country),
        eq(clickTraits.device, traits.device),
        eq(clickTraits.browser, traits.browser),
        eq(clickTraits.os, traits.os),
        eq(clickTraits.referrerHost, traits.referrerHost),
      ),
    );
  traitsIds.set(key, row?.id ?? 0);
  return row?.id ?? 0;
}

/** The same "random" programme on every machine (mulberry32). */
function seededRandom(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Sixty days of life for the demo programme: each approved affiliate's links, their clicks, and the
 * sales those clicks brought, in every state, with the commissions of approved sales in the ledger.
 * Commissions come from the same rule the server uses.
 */
export async function seedDemoActivity(db: Db) {
  const random = seededRandom(20_261_122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const now = Date.now();
  let flooded = false;
  const traitsIds = new Map<string, number>();
  const people = await db
    .select({ affiliate: affiliates, email: users.email, level: levels })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .leftJoin(levels, eq(levels.id, affiliates.levelId))
    .where(eq(affiliates.status, 'approved'));
  const programme = await db.select().from(campaigns);
  // The sixty days' clicks land in their months' partitions, not the default one.
  await ensureClickPartitions(db, new Date(now), new Date(now - 60 * DAY_MS));

  await db.transaction(async (tx) => {
    for (const [p, person] of people.entries()) {
      // The first affiliates are the busiest, so the numbers differ from one person to the next.
      const reach = Math.max(1, 5 - p);
      for (const campaign of programme) {
        const source = pick(SOURCES);
        const [link] = await tx
          .insert(links)
          .values({
            affiliateId: person.affiliate.id,
            campaignId: campaign.id,
            code: `demo${p}${campaign.id}${source.slice(0, 2)}`,
            utmSource: source,
            utmMedium: 'social',
            createdAt: new Date(now - 60 * DAY_MS),
          })
          .returning();
        if (!link) continue;
        const clickRows: (typeof clicks.$inferInsert)[] = [];
        const saleRows: (typeof sales.$inferInsert)[] = [];
        const clickCount = Math.floor((30 + random() * 60) * reach);
        for (let c = 0; c < clickCount; c++) {
          const at = new Date(now - random() * 60 * DAY_MS);
          const isBot = random() < 0.04;
          const click = {
            id: randomUUID(),
            linkId: link.id,
            affiliateId: person.affiliate.id,
            campaignId: campaign.id,
            at,
            ipHash: Math.floor(random() * 1e9).toString(16),
            userAgent: isBot ? 'facebookexternalhit/1.1' : pick(AGENTS),
            referrer: pick(REFERRERS[source] ?? ['']),
            isBot,
          };
          // As the click batch writer would have enriched it (the address itself is never kept).
          const traitsId = await traitsIdOf(
            tx,
            {
              country: countryOf(pick(ADDRESSES)),
              ...agentOf(click.userAgent),
              referrerHost: referrerHostOf(click.referrer),
            },
            traitsIds,
          );
          clickRows.push({ ...click, traitsId });
          // A paused campaign's clicks still converted while it ran; about 4 % of real visits buy.
          if (isBot || random() > 0.04) continue;
          const createdAt = new Date(at.getTime() + (FAST_CLICK_SECONDS + random() * 6 * 3600) * 1000);
          if (createdAt.getTime() > now) continue;
          const method = pick(METHODS);
          const amount = campaign.commissionType === 'fixed' ? 4_990 : Math.round(9_700 + random() * 40_000);
          const commission = computeCommission(amount, {
            campaignType: campaign.commissionType,
            campaignValue: campaign.commissionValue,
            level: person.level ? { name: person.level.name, commissionBps: person.level.commissionBps } : null,
          });
          const payableAt = new Date(
            createdAt.getTime() + (campaign.holdDaysByMethod[method] ?? campaign.holdDays) * DAY_MS,
          );
          const due = payableAt.getTime() < now;
          const roll = random();
          const status = !due ? 'pending' : roll < 0.06 ? 'cancelled' : roll < 0.1 ? 'refunded' : 'approved';
          saleRows.push({
            campaignId: campaign.id,
            affiliateId: person.affiliate.id,
            clickId: click.id,
            linkId: link.id,
            clickTraitsId: traitsId,
            externalId: `PED-${campaign.id}${String(saleRows.length + 1).padStart(3, '0')}-${p}${c}`,
            amountCents: amount,
            paymentMethod: method,
            origin: pick(['site', 'site', 'app']),
            utmSource: source,
            source: 'postback',
            status,
            commissionCents: commission.commission_cents,
            commission,
            customerEmail: `cliente${p}${c}@exemplo.com.br`,
            attributedBy: 'click',
            payableAt,
            createdAt,
            decidedAt: status === 'pending' ? null : payableAt,
            refundedAt: status === 'refunded' ? new Date(Math.min(now, payableAt.getTime() + 3 * DAY_MS)) : null,
          });
        }
        for (let i = 0; i < clickRows.length; i += 500) await tx.insert(clicks).values(clickRows.slice(i, i + 500));
        // One morning a bot hammered the programme's first link from one address: the flood report's row.
        if (!flooded) {
          flooded = true;
          await tx.insert(clickFloods).values({
            day: brasiliaDayOf(now - 2 * DAY_MS),
            linkId: link.id,
            affiliateId: person.affiliate.id,
            ipHash: 'f1d0c0ffee0ddba11f1d0c0ffee0ddba',
            clicks: 184,
          });
        }
        if (saleRows.length === 0) continue;
        const recorded = await tx.insert(sales).values(saleRows).returning();
        const ledger: (typeof ledgerEntries.$inferInsert)[] = [];
        for (const sale of recorded) {
          if (sale.commissionCents === 0 || (sale.status !== 'approved' && sale.status !== 'refunded')) continue;
          ledger.push({
            affiliateId: sale.affiliateId,
            kind: 'commission',
            amountCents: sale.commissionCents,
            saleId: sale.id,
            createdAt: sale.decidedAt ?? sale.createdAt,
          });
          if (sale.status === 'refunded') {
            ledger.push({
              affiliateId: sale.affiliateId,
              kind: 'reversal',
              amountCents: -sale.commissionCents,
              saleId: sale.id,
              createdAt: sale.refundedAt ?? sale.createdAt,
            });
          }
        }
        if (ledger.length > 0) await tx.insert(ledgerEntries).values(ledger);
      }
    }
    await seedRedemptions(tx, people, now);
    // One sale waiting for an admin: the buyer is the affiliate herself.
    const [ana] = people;
    const [first] = programme;
    if (ana && first) {
      const amount = 29_700;
      await tx.insert(sales).values({
        campaignId: first.id,
        affiliateId: ana.affiliate.id,
        externalId: 'PED-REVISAR-1',
        amountCents: amount,
        paymentMethod: 'pix',
        origin: 'site',
        source: 'postback',
        commissionCents: computeCommission(amount, {
          campaignType: first.commissionType,
          campaignValue: first.commissionValue,
          level: null,
        }).commission_cents,
        commission: computeCommission(amount, {
          campaignType: first.commissionType,
          campaignValue: first.commissionValue,
          level: null,
        }),
        flags: ['self_referral'],
        customerEmail: ana.email,
        attributedBy: 'affiliate_code',
        payableAt: new Date(now - DAY_MS),
        createdAt: new Date(now - 2 * DAY_MS),
      });
    }
    await seedAttributionDemo(tx, people, programme, now);
    await seedSubscriptionsDemo(tx, people, programme, now);
    await seedChargebacks(tx, people[2], now);
    await seedBonusesDemo(tx, people, now);
    await seedCreativesDemo(tx, programme);
    await seedMessagesDemo(tx, people, now);
    // Each sale in its affiliate's network, as the sale writer records it (decision 030).
    await tx.execute(sql`update sales s set network_id = a.network_id from affiliates a
      where a.id = s.affiliate_id and a.network_id is not null`);
    // Rows written in bulk above: the daily rollup is computed from them once.
    await rebuildDailyStats(tx);
  });
}

/**
 * Three of one affiliate's older approved sales came back as chargebacks weeks later: their
 * commission reversed in the ledger, as the chargeback step does.
 */
async function seedChargebacks(tx: Db, person: Person | undefined, now: number) {
  if (!person) return;
  const approved = await tx
    .select()
    .from(sales)
    .where(and(eq(sales.affiliateId, person.affiliate.id), eq(sales.status, 'approved')))
    .orderBy(asc(sales.createdAt))
    .limit(3);
  for (const sale of approved) {
    const chargedBackAt = new Date(Math.min(now, sale.createdAt.getTime() + 25 * DAY_MS));
    await tx.update(sales).set({ status: 'chargeback', chargedBackAt }).where(eq(sales.id, sale.id));
    if (sale.commissionCents > 0) {
      await tx.insert(ledgerEntries).values({
        affiliateId: sale.affiliateId,
        kind: 'reversal',
        amountCents: -sale.commissionCents,
        saleId: sale.id,
        createdAt: chargedBackAt,
      });
    }
  }
}
