import type { Page } from '@contract/common';
import {
  COUPON_CODE_MAX,
  type Coupon,
  type CouponIssueResult,
  type couponBodySchema,
  couponCodeFor,
  type couponIssueBodySchema,
  type couponListQuerySchema,
  type couponPatchSchema,
} from '@contract/coupons';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { affiliates, campaigns, coupons, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Viewer } from '../../plugins/auth';
import { auditAll } from '../audit/audit.service';

type CouponBody = z.output<typeof couponBodySchema>;
type CouponPatch = z.output<typeof couponPatchSchema>;
type CouponIssueBody = z.output<typeof couponIssueBodySchema>;
type CouponListQuery = z.output<typeof couponListQuerySchema>;

/** Who is asking: an admin sees every coupon, an affiliate only their own. */

const CODE_TAKEN = 'coupons_code_key';
const codeTaken = () =>
  new AppError('CONFLICT', 'code: is already a coupon (codes are unique whatever their case)', {
    reason: 'COUPON_CODE_TAKEN',
    errors: [{ field: 'code', message: 'is already a coupon (codes are unique whatever their case)' }],
  });
const refused = (field: string, message: string, reason: string) =>
  new AppError('UNPROCESSABLE', `${field}: ${message}`, { reason, errors: [{ field, message }] });

const columns = {
  coupon: coupons,
  campaignName: campaigns.name,
  affiliateCode: affiliates.code,
  firstName: users.firstName,
  lastName: users.lastName,
};
type Row = {
  coupon: typeof coupons.$inferSelect;
  campaignName: string;
  affiliateCode: string;
  firstName: string;
  lastName: string;
};

function toCoupon(row: Row): Coupon {
  return {
    id: row.coupon.id,
    code: row.coupon.code,
    campaign_id: row.coupon.campaignId,
    affiliate_id: row.coupon.affiliateId,
    discount_label: row.coupon.discountLabel,
    active: row.coupon.active,
    campaign_name: row.campaignName,
    affiliate_code: row.affiliateCode,
    affiliate_name: `${row.firstName} ${row.lastName}`,
    created_at: row.coupon.createdAt.toISOString(),
  };
}

const selectCoupons = (db: Db) =>
  db
    .select(columns)
    .from(coupons)
    .innerJoin(campaigns, eq(campaigns.id, coupons.campaignId))
    .innerJoin(affiliates, eq(affiliates.id, coupons.affiliateId))
    .innerJoin(users, eq(users.id, affiliates.userId));

/** Coupons, active first and by code: an admin's filtered, an affiliate's own whatever they send. */
export async function findCoupons(db: Db, viewer: Viewer, query: CouponListQuery): Promise<Page<Coupon>> {
  const like = query.q ? `%${query.q.replace(/[%_\\]/g, '\\$&')}%` : null;
  const filters: (SQL | undefined)[] = [
    viewer.isAdmin ? undefined : eq(coupons.affiliateId, viewer.affiliateId),
    viewer.isAdmin && query.affiliate_id ? eq(coupons.affiliateId, query.affiliate_id) : undefined,
    query.campaign_id ? eq(coupons.campaignId, query.campaign_id) : undefined,
    query.active ? eq(coupons.active, query.active === 'true') : undefined,
    like ? sql`(${coupons.code} ilike ${like} or ${affiliates.code} ilike ${like})` : undefined,
  ];
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    selectCoupons(db)
      .where(where)
      .orderBy(desc(coupons.active), asc(coupons.code))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(coupons).innerJoin(affiliates, eq(affiliates.id, coupons.affiliateId)).where(where),
  ]);
  return { items: rows.map(toCoupon), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

export async function getCouponById(db: Db, id: number): Promise<Coupon> {
  const [row] = await selectCoupons(db).where(eq(coupons.id, id));
  if (!row) throw new AppError('NOT_FOUND', `Coupon ${id} not found.`);
  return toCoupon(row);
}

/** The campaign and the affiliate a coupon names must exist, and the affiliate be approved. */
async function checkOwner(db: Db, campaignId: number, affiliateId: number) {
  const [[campaign], [affiliate]] = await Promise.all([
    db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)),
    db.select({ status: affiliates.status }).from(affiliates).where(eq(affiliates.id, affiliateId)),
  ]);
  if (!campaign) throw refused('campaign_id', 'is not a campaign', 'UNKNOWN_CAMPAIGN');
  if (!affiliate) throw refused('affiliate_id', 'is not an affiliate', 'UNKNOWN_AFFILIATE');
  if (affiliate.status !== 'approved') {
    throw refused('affiliate_id', 'is not an approved affiliate', 'AFFILIATE_NOT_APPROVED');
  }
}

export async function createCoupon(db: Db, actorId: number, body: CouponBody): Promise<Coupon> {
  await checkOwner(db, body.campaign_id, body.affiliate_id);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(coupons)
        .values({
          code: body.code,
          campaignId: body.campaign_id,
          affiliateId: body.affiliate_id,
          discountLabel: body.discount_label || null,
          active: body.active,
        })
        .returning();
      if (!row) throw new Error('coupon insert returned nothing');
      await auditAll(tx, [{ actorId, action: 'coupon.create', entity: 'coupon', entityId: row.id, after: row }]);
      return row.id;
    });
    return getCouponById(db, id);
  } catch (error) {
    if (isUniqueViolation(error, CODE_TAKEN)) throw codeTaken();
    throw error;
  }
}

export async function updateCoupon(db: Db, actorId: number, id: number, patch: CouponPatch): Promise<Coupon> {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!before) throw new AppError('NOT_FOUND', `Coupon ${id} not found.`);
      const [after] = await tx
        .update(coupons)
        .set({
          ...(patch.code !== undefined ? { code: patch.code } : {}),
          ...(patch.discount_label !== undefined ? { discountLabel: patch.discount_label || null } : {}),
          ...(patch.active !== undefined ? { active: patch.active } : {}),
        })
        .where(eq(coupons.id, id))
        .returning();
      await auditAll(tx, [{ actorId, action: 'coupon.update', entity: 'coupon', entityId: id, before, after }]);
    });
  } catch (error) {
    if (isUniqueViolation(error, CODE_TAKEN)) throw codeTaken();
    throw error;
  }
  return getCouponById(db, id);
}

/**
 * One coupon per approved affiliate of the programme for a campaign, from a pattern. Affiliates who
 * already have a coupon for the campaign keep it; a code already taken (by anyone, any case) or too
 * long is skipped and reported. One statement inserts them all, so a retry issues nothing twice.
 */
export async function issueCoupons(db: Db, actorId: number, body: CouponIssueBody): Promise<CouponIssueResult> {
  const [campaign] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, body.campaign_id));
  if (!campaign) throw refused('campaign_id', 'is not a campaign', 'UNKNOWN_CAMPAIGN');
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({
        id: affiliates.id,
        code: affiliates.code,
        // Spelled out: inside a select list drizzle leaves a column unqualified, which the subquery would take as its own.
        has: sql<boolean>`exists (select 1 from coupons c where c.affiliate_id = affiliates.id and c.campaign_id = ${campaign.id})`,
      })
      .from(affiliates)
      .where(eq(affiliates.status, 'approved'))
      .orderBy(asc(affiliates.id));
    const skipped: CouponIssueResult['skipped'] = [];
    const wanted: { affiliateId: number; code: string }[] = [];
    const seen = new Set<string>();
    for (const affiliate of candidates) {
      const code = couponCodeFor(body.pattern, affiliate.code);
      if (affiliate.has) {
        skipped.push({ affiliate_id: affiliate.id, code, reason: 'HAS_COUPON' });
      } else if (code.length > COUPON_CODE_MAX || !/^[A-Za-z0-9_-]+$/.test(code)) {
        skipped.push({ affiliate_id: affiliate.id, code, reason: 'INVALID_CODE' });
      } else if (seen.has(code.toLowerCase())) {
        skipped.push({ affiliate_id: affiliate.id, code, reason: 'COUPON_CODE_TAKEN' });
      } else {
        seen.add(code.toLowerCase());
        wanted.push({ affiliateId: affiliate.id, code });
      }
    }
    if (wanted.length === 0) return { created: 0, skipped };
    const inserted = await tx
      .insert(coupons)
      .values(
        wanted.map((w) => ({
          code: w.code,
          campaignId: campaign.id,
          affiliateId: w.affiliateId,
          discountLabel: body.discount_label || null,
        })),
      )
      .onConflictDoNothing()
      .returning();
    const made = new Set(inserted.map((row) => row.affiliateId));
    for (const w of wanted) {
      if (!made.has(w.affiliateId))
        skipped.push({ affiliate_id: w.affiliateId, code: w.code, reason: 'COUPON_CODE_TAKEN' });
    }
    await auditAll(
      tx,
      inserted.map((row) => ({ actorId, action: 'coupon.create', entity: 'coupon', entityId: row.id, after: row })),
    );
    return { created: inserted.length, skipped };
  });
}
