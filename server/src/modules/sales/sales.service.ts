import { ADMIN_ROLE } from '@contract/auth';
import type { Page } from '@contract/common';
import type { Sale, SaleDetail, SaleTotals } from '@contract/sales';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliates } from '../../db/schema';
import { AppError } from '../../errors';
import { findSaleRows, getSaleRow, getSaleStory, type SaleListQuery, type Viewer } from './sales.repository';

const ADMIN_VIEW: Viewer = { isAdmin: true };

export async function viewerOf(db: Db, user: { id: number; role: string }): Promise<Viewer> {
  if (user.role === ADMIN_ROLE) return ADMIN_VIEW;
  const [affiliate] = await db.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.userId, user.id));
  if (!affiliate) throw new AppError('FORBIDDEN', 'Only affiliates have sales.', { reason: 'NOT_AN_AFFILIATE' });
  return { isAdmin: false, affiliateId: affiliate.id };
}

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
