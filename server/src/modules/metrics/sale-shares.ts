/**
 * How the rollups count a sale row (docs/decisions/021): its owner's share with the sale's count, and
 * a split sale's first affiliate's share with none. Here, below attribution, because the rollups (and
 * the click writer that feeds them) must not reach up into attribution.
 */

/** Each affiliate's part of a sale row: the owner's, and the shared affiliate's when it is split. */
export type SaleShareFigures = {
  affiliateId: number;
  sharedAffiliateId: number | null;
  amountCents: number;
  commissionCents: number;
  sharedAmountCents: number;
  sharedCommissionCents: number;
};
export function sharesOf(sale: SaleShareFigures) {
  const owner = {
    affiliateId: sale.affiliateId,
    /** The sale counts once, for its owner. */
    sales: 1,
    amountCents: sale.amountCents - sale.sharedAmountCents,
    commissionCents: sale.commissionCents - sale.sharedCommissionCents,
  };
  if (sale.sharedAffiliateId === null) return [owner];
  return [
    owner,
    {
      affiliateId: sale.sharedAffiliateId,
      sales: 0,
      amountCents: sale.sharedAmountCents,
      commissionCents: sale.sharedCommissionCents,
    },
  ];
}
