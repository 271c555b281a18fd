import type { AttributionModel } from '@contract/campaigns';
import { type CommissionBreakdown, isRenewal, type SaleAttributedBy } from '@contract/sales';
import type { campaigns } from '../../db/schema';
import { AppError } from '../../errors';
import {
  type AffiliateRow,
  type Candidates,
  type ClickRow,
  type CouponRow,
  type Named,
  subscriptionKey,
} from './candidates';

const DAY_MS = 86_400_000;

export const refused = (field: string, message: string, reason: string) =>
  new AppError('UNPROCESSABLE', `${field}: ${message}`, { reason, errors: [{ field, message }] });

type Campaign = Pick<typeof campaigns.$inferSelect, 'id' | 'cookieDays' | 'attributionModel'>;

/** Who gets a sale, what decided it, and (split_first_last) who shares it. */
export type Attribution = {
  /** The sale's affiliate: the one whose row it is, who keeps its count (and, split, the odd cent). */
  owner: AffiliateRow;
  by: SaleAttributedBy;
  /** The click the sale came with, when a click decided (the sale keeps its id; flags read its time). */
  click: ClickRow | null;
  /** The click whose link the sale is counted on: the first one when the first click took it. */
  linkClick: ClickRow | null;
  /** split_first_last: the first click's affiliate, who shares the commission with the owner. */
  sharedWith: AffiliateRow | null;
  /** ...and the first click, on whose link that affiliate's share counts. */
  sharedClick: ClickRow | null;
  coupon: CouponRow | null;
  model: AttributionModel;
  decidedBy: NonNullable<CommissionBreakdown['decided_by']>;
};

/** An affiliate who may earn: approved, or suspended (their sales still count, docs DESIGN §6). */
export const mayEarn = (row: AffiliateRow) =>
  row.affiliate.status === 'approved' || row.affiliate.status === 'suspended';

/**
 * The first click the sale's click names, when it counts: this campaign's, inside the cookie window
 * at the moment of the sale, of another affiliate who may earn. Otherwise the last click takes all.
 */
function firstTouch(last: ClickRow, campaign: Campaign, at: Date, found: Candidates) {
  const id = last.click.firstClickId;
  const first = id ? found.clicks.get(id) : undefined;
  if (!first || first.click.campaignId !== campaign.id) return null;
  if (at.getTime() - first.click.at.getTime() > campaign.cookieDays * DAY_MS) return null;
  if (first.click.affiliateId === last.click.affiliateId) return null;
  const owner = found.byId.get(first.click.affiliateId);
  return owner && mayEarn(owner) ? { click: first, owner } : null;
}

/**
 * Who gets the sale (docs/decisions/021), in Hotmart's order: a coupon names its affiliate outright;
 * else its click, read through the campaign's model (last click, first click, or both halves), when
 * the click is this campaign's and inside its cookie window; else the affiliate code; else the
 * affiliate an admin chose. A coupon that is unknown, inactive or of another campaign is refused.
 */
export function attribute(input: Named, at: Date, campaign: Campaign, found: Candidates): Attribution {
  const model = campaign.attributionModel;
  const none = { click: null, linkClick: null, sharedWith: null, sharedClick: null, coupon: null, model };
  // A renewal goes to its subscription's first sale's affiliate, whatever the cookie says (decision 026).
  const renewal = isRenewal(input) && input.subscription_id ? input.subscription_id : null;
  const first = renewal ? found.subscriptions.get(subscriptionKey(campaign.id, renewal)) : undefined;
  const firstOwner = first ? found.byId.get(first.affiliateId) : undefined;
  if (first && firstOwner) {
    return {
      ...none,
      owner: firstOwner,
      by: 'subscription',
      decidedBy: { kind: 'subscription', ...(first.saleId === null ? {} : { first_sale_id: first.saleId }) },
    };
  }
  if (input.coupon) {
    const coupon = found.coupons.get(input.coupon.toLowerCase());
    if (!coupon) throw refused('coupon', 'is not a coupon', 'UNKNOWN_COUPON');
    if (!coupon.active) throw refused('coupon', 'is not active', 'INACTIVE_COUPON');
    if (coupon.campaignId !== campaign.id) throw refused('coupon', 'belongs to another campaign', 'UNKNOWN_COUPON');
    const owner = found.byId.get(coupon.affiliateId);
    if (!owner) throw refused('coupon', 'is not a coupon', 'UNKNOWN_COUPON');
    return { ...none, owner, by: 'coupon', coupon, decidedBy: { kind: 'coupon', coupon_code: coupon.code } };
  }
  let clickProblem: string | null = null;
  if (input.click_id) {
    const click = found.clicks.get(input.click_id);
    if (!click) clickProblem = 'is not a click of ours';
    else if (click.click.campaignId !== campaign.id) clickProblem = 'belongs to another campaign';
    else if (at.getTime() - click.click.at.getTime() > campaign.cookieDays * DAY_MS) {
      clickProblem = "is older than the campaign's cookie window";
    } else {
      const last = found.byId.get(click.click.affiliateId);
      if (last) {
        const first = model === 'last_click' || !mayEarn(last) ? null : firstTouch(click, campaign, at, found);
        const decidedBy = {
          kind: 'click' as const,
          click_id: click.click.id,
          ...(first ? { first_click_id: first.click.click.id } : {}),
        };
        if (first && model === 'first_click') {
          return { ...none, owner: first.owner, by: 'click', click, linkClick: first.click, decidedBy };
        }
        return {
          ...none,
          owner: last,
          by: 'click',
          click,
          linkClick: click,
          sharedWith: first?.owner ?? null,
          sharedClick: first?.click ?? null,
          decidedBy,
        };
      }
    }
  }
  if (input.affiliate_code) {
    const owner = found.byCode.get(input.affiliate_code);
    if (!owner) throw refused('affiliate_code', 'is not an affiliate code', 'UNKNOWN_AFFILIATE');
    return { ...none, owner, by: 'affiliate_code', decidedBy: { kind: 'affiliate_code' } };
  }
  if (input.affiliate_id) {
    const owner = found.byId.get(input.affiliate_id);
    if (!owner) throw refused('affiliate_id', 'is not an affiliate', 'UNKNOWN_AFFILIATE');
    return { ...none, owner, by: 'affiliate_id', decidedBy: { kind: 'affiliate_id' } };
  }
  if (renewal && !clickProblem) {
    throw refused(
      'subscription_id',
      'has no first charge recorded: give the click id, the coupon or the affiliate code',
      'UNKNOWN_SUBSCRIPTION',
    );
  }
  throw refused('click_id', clickProblem ?? 'is required', 'NOT_ATTRIBUTED');
}

/**
 * A split in two exact halves: the first affiliate gets the lower half, the last the rest (the odd
 * cent), of the commission and of the amount alike, so the shares always add up to the sale.
 */
export function splitInTwo(cents: number): { first: number; last: number } {
  const first = Math.floor(cents / 2);
  return { first, last: cents - first };
}

/** The breakdown's attribution part: the model, what decided, and the shares of a split. */
export function attributionNote(
  attribution: Attribution,
  commissionCents: number,
  amountCents: number,
): Pick<CommissionBreakdown, 'model' | 'decided_by' | 'shares'> {
  const note = { model: attribution.model, decided_by: attribution.decidedBy };
  const shared = attribution.sharedWith;
  if (!shared) return note;
  const commission = splitInTwo(commissionCents);
  const amount = splitInTwo(amountCents);
  return {
    ...note,
    shares: [
      {
        affiliate_id: shared.affiliate.id,
        affiliate_code: shared.affiliate.code,
        role: 'first',
        commission_cents: commission.first,
        amount_cents: amount.first,
      },
      {
        affiliate_id: attribution.owner.affiliate.id,
        affiliate_code: attribution.owner.affiliate.code,
        role: 'last',
        commission_cents: commission.last,
        amount_cents: amount.last,
      },
    ],
  };
}
