import type { Page } from '@contract/common';
import type { Sale, SaleDetail, SaleTotals } from '@contract/sales';
import type { Db } from '../../db/client';
import { findSaleRows, getSaleRow, getSaleStory, type SaleListQuery, type Viewer } from './sales.repository';

export async function findSales(
  db: Db,
  viewer: Viewer,
  query: SaleListQuery,
): Promise<Page<Sale> & { totals: SaleTotals }> {
  const { items, total, totals } = await findSaleRows(db, viewer, query);
  return { items, total, totals, page: query.page, page_size: query.page_size };
}

export async function getSaleById(db: Db, viewer: Viewer, id: number): Promise<SaleDetail> {
  const sale = await getSaleRow(db, viewer, id);
  const { clickAffiliateId, ...story } = await getSaleStory(db, sale);
  // Another affiliate's click (a split's last click, or the click a first-click sale came back
  // with) is theirs: an affiliate does not see its link.
  const isOthersClick = !viewer.isAdmin && clickAffiliateId !== null && clickAffiliateId !== viewer.affiliateId;
  return { ...sale, ...story, ...(isOthersClick ? { click: null } : {}) };
}
