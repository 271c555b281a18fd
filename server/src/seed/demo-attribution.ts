import { randomUUID } from 'node:crypto';
import { couponCodeFor } from '@contract/coupons';
import type { CommissionBreakdown } from '@contract/sales';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type affiliates, type campaigns, clicks, coupons, ledgerEntries, links, sales } from '../db/schema';
import { splitInTwo } from '../modules/attribution/attribution';
import { computeCommission } from '../modules/sales/commission';
import { agentOf } from '../modules/tracking/click-enrichment';

const DAY_MS = 86_400_000;
const AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
type Person = { affiliate: typeof affiliates.$inferSelect };

/**
 * What a newcomer should find of attribution (docs/decisions/021): coupons for the busiest
 * affiliates on the first campaign (one of them deactivated), and on that campaign, which splits
 * between first and last click, a sale one buyer reached through two affiliates, approved, with the
 * odd cent to the last and a ledger line for each.
 */
export async function seedAttributionDemo(
  tx: Db,
  people: Person[],
  programme: (typeof campaigns.$inferSelect)[],
  now: number,
) {
  const campaign = programme.find((c) => c.attributionModel === 'split_first_last');
  const [first, last] = people;
  if (!campaign || !first || !last) return;
  await tx.insert(coupons).values(
    people.slice(0, 4).map((person, n) => ({
      code: couponCodeFor('{CODE}10', person.affiliate.code),
      campaignId: campaign.id,
      affiliateId: person.affiliate.id,
      discountLabel: '10% de desconto no curso',
      active: n !== 3,
    })),
  );

  const linkOf = async (person: Person) => {
    const [link] = await tx
      .select()
      .from(links)
      .where(and(eq(links.affiliateId, person.affiliate.id), eq(links.campaignId, campaign.id)));
    return link;
  };
  const [firstLink, lastLink] = [await linkOf(first), await linkOf(last)];
  if (!firstLink || !lastLink) return;
  const firstAt = new Date(now - 6 * DAY_MS);
  const lastAt = new Date(now - 5 * DAY_MS);
  const firstClick = {
    id: randomUUID(),
    linkId: firstLink.id,
    affiliateId: first.affiliate.id,
    campaignId: campaign.id,
    at: firstAt,
    ipHash: 'demo-split',
    userAgent: AGENT,
    referrer: '',
    isBot: false,
    country: 'BR',
    ...agentOf(AGENT),
  };
  const lastClick = {
    ...firstClick,
    id: randomUUID(),
    linkId: lastLink.id,
    affiliateId: last.affiliate.id,
    at: lastAt,
    firstClickId: firstClick.id,
  };
  await tx.insert(clicks).values([firstClick, lastClick]);

  // 30 % of R$ 297,03 is R$ 89,109, half up R$ 89,11: R$ 44,55 to the first, R$ 44,56 to the last.
  const amountCents = 29_703;
  const computed = computeCommission(amountCents, {
    campaignType: campaign.commissionType,
    campaignValue: campaign.commissionValue,
    level: null,
  });
  const commission = splitInTwo(computed.commission_cents);
  const amount = splitInTwo(amountCents);
  const breakdown: CommissionBreakdown = {
    ...computed,
    model: 'split_first_last',
    decided_by: { kind: 'click', click_id: lastClick.id, first_click_id: firstClick.id },
    shares: [
      {
        affiliate_id: first.affiliate.id,
        affiliate_code: first.affiliate.code,
        role: 'first',
        commission_cents: commission.first,
        amount_cents: amount.first,
      },
      {
        affiliate_id: last.affiliate.id,
        affiliate_code: last.affiliate.code,
        role: 'last',
        commission_cents: commission.last,
        amount_cents: amount.last,
      },
    ],
  };
  const decidedAt = new Date(now - DAY_MS);
  const [sale] = await tx
    .insert(sales)
    .values({
      campaignId: campaign.id,
      affiliateId: last.affiliate.id,
      clickId: lastClick.id,
      linkId: lastLink.id,
      externalId: 'PED-DIVIDIDA-1',
      amountCents,
      paymentMethod: 'pix',
      origin: 'site',
      utmSource: lastLink.utmSource,
      source: 'postback',
      status: 'approved',
      commissionCents: computed.commission_cents,
      commission: breakdown,
      attributedBy: 'click',
      sharedAffiliateId: first.affiliate.id,
      sharedCommissionCents: commission.first,
      sharedAmountCents: amount.first,
      sharedLinkId: firstLink.id,
      payableAt: decidedAt,
      createdAt: new Date(lastAt.getTime() + 3_600_000),
      decidedAt,
    })
    .returning();
  if (!sale) return;
  await tx.insert(ledgerEntries).values([
    {
      affiliateId: last.affiliate.id,
      kind: 'commission',
      amountCents: commission.last,
      saleId: sale.id,
      createdAt: decidedAt,
    },
    {
      affiliateId: first.affiliate.id,
      kind: 'commission',
      amountCents: commission.first,
      saleId: sale.id,
      createdAt: decidedAt,
    },
  ]);
}
