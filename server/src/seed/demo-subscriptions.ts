import type { CommissionBreakdown } from '@contract/sales';
import type { Db } from '../db/client';
import { type affiliates, type campaigns, ledgerEntries, sales } from '../db/schema';
import { computeChargeCommission } from '../modules/sales/commission';

const DAY_MS = 86_400_000;
type Person = { affiliate: typeof affiliates.$inferSelect };

/**
 * What a newcomer should find of subscriptions and chargebacks (docs/decisions/026): on the
 * subscription campaign, monthly charges credited to the affiliate of each first charge (renewals
 * past the rule's six charges earn nothing and say so), one subscription that ended, one whose
 * latest charge was charged back; and a few chargebacks on another affiliate's one-off sales, so
 * the chargeback rate report has rows.
 */
export async function seedSubscriptionsDemo(
  tx: Db,
  people: Person[],
  programme: (typeof campaigns.$inferSelect)[],
  now: number,
) {
  const campaign = programme.find((c) => c.recurringRule !== 'lifetime');
  if (!campaign) return;
  const plans: {
    person: Person | undefined;
    id: string;
    months: number;
    startedDaysAgo: number;
    last?: 'chargeback';
  }[] = [
    { person: people[0], id: 'ASS-CAFE-1001', months: 8, startedDaysAgo: 8 * 30 + 5 },
    { person: people[0], id: 'ASS-CAFE-1002', months: 3, startedDaysAgo: 3 * 30 + 2 },
    { person: people[0], id: 'ASS-CAFE-1003', months: 2, startedDaysAgo: 5 * 30 },
    { person: people[1], id: 'ASS-CAFE-2001', months: 4, startedDaysAgo: 4 * 30 - 10 },
    { person: people[1], id: 'ASS-CAFE-2002', months: 3, startedDaysAgo: 3 * 30 - 12, last: 'chargeback' },
    { person: people[2], id: 'ASS-CAFE-3001', months: 5, startedDaysAgo: 5 * 30 - 3 },
  ];
  const terms = {
    rule: campaign.recurringRule,
    charges: campaign.recurringCharges,
    renewalValue: campaign.renewalCommissionValue,
  };
  for (const plan of plans) {
    if (!plan.person) continue;
    const { affiliate } = plan.person;
    let firstSaleId: number | null = null;
    for (let charge = 1; charge <= plan.months; charge++) {
      const createdAt = new Date(now - (plan.startedDaysAgo - (charge - 1) * 30) * DAY_MS);
      const isLatest = charge === plan.months;
      const status = isLatest && plan.last === 'chargeback' ? 'chargeback' : isLatest ? 'pending' : 'approved';
      const commission = computeChargeCommission(
        4_990,
        { campaignType: campaign.commissionType, campaignValue: campaign.commissionValue, level: null },
        terms,
        { subscriptionId: plan.id, chargeNumber: charge, firstSaleId },
      );
      const decidedBy: NonNullable<CommissionBreakdown['decided_by']> =
        firstSaleId === null
          ? { kind: 'affiliate_code' as const }
          : { kind: 'subscription' as const, first_sale_id: firstSaleId };
      const [row]: (typeof sales.$inferSelect)[] = await tx
        .insert(sales)
        .values({
          campaignId: campaign.id,
          affiliateId: affiliate.id,
          externalId: `${plan.id}-${String(charge).padStart(2, '0')}`,
          amountCents: 4_990,
          paymentMethod: 'credit_card',
          origin: 'site',
          source: 'postback',
          status,
          commissionCents: commission.commission_cents,
          commission: { ...commission, decided_by: decidedBy },
          attributedBy: firstSaleId === null ? 'affiliate_code' : 'subscription',
          subscriptionId: plan.id,
          chargeNumber: charge,
          payableAt: new Date(createdAt.getTime() + campaign.holdDays * DAY_MS),
          createdAt,
          decidedAt: status === 'pending' ? null : new Date(createdAt.getTime() + campaign.holdDays * DAY_MS),
          chargedBackAt: status === 'chargeback' ? new Date(Math.min(now, createdAt.getTime() + 20 * DAY_MS)) : null,
        })
        .returning();
      if (!row) continue;
      firstSaleId ??= row.id;
      if (row.commissionCents > 0 && row.status !== 'pending') {
        await tx.insert(ledgerEntries).values({
          affiliateId: affiliate.id,
          kind: 'commission',
          amountCents: row.commissionCents,
          saleId: row.id,
          createdAt: row.decidedAt ?? createdAt,
        });
        if (row.status === 'chargeback') {
          await tx.insert(ledgerEntries).values({
            affiliateId: affiliate.id,
            kind: 'reversal',
            amountCents: -row.commissionCents,
            saleId: row.id,
            createdAt: row.chargedBackAt ?? createdAt,
          });
        }
      }
    }
  }
}
