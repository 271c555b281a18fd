import type { createLinkBodySchema, TrackingLink } from '@contract/tracking';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { campaigns, linkStats, links, sales } from '../../db/schema';
import { AppError } from '../../errors';
import type { AuthUser } from '../../plugins/auth';
import { randomCode } from '../auth/passwords';

const LINK_CODE_LENGTH = 8;

/** The signed-in affiliate's id; links belong to approved affiliates, never to admins. */
export function requireAffiliate(user: AuthUser | null): number {
  if (user?.affiliate?.status !== 'approved') {
    throw new AppError('FORBIDDEN', 'Only approved affiliates have tracking links.', { reason: 'NOT_AN_AFFILIATE' });
  }
  return user.affiliate.id;
}

const linkColumns = {
  id: links.id,
  code: links.code,
  campaign_id: links.campaignId,
  campaign_name: campaigns.name,
  campaign_status: campaigns.status,
  sub_id: links.subId,
  utm_source: links.utmSource,
  utm_medium: links.utmMedium,
  utm_campaign: links.utmCampaign,
  createdAt: links.createdAt,
  // Counted clicks from the link's rollup row, kept with every click batch.
  clicks: sql<number>`coalesce((select ${linkStats.clicks} from ${linkStats} where ${linkStats.linkId} = ${links.id}), 0)`,
  ...linkSalesColumns(),
};

/**
 * Sales that came through the link's clicks; cancelled and refunded ones earn nothing and do not count.
 * A split sale (docs/decisions/021) counts on both affiliates' links, each with its own share: the
 * owner's last click's link and the first click's link, as each one's home counts it.
 */
function linkSalesColumns() {
  const earning = sql`${sales.status} in ('pending', 'approved')`;
  const own = sql`from ${sales} where ${sales.linkId} = ${links.id} and ${earning}`;
  const shared = sql`from ${sales} where ${sales.sharedLinkId} = ${links.id} and ${earning}`;
  return {
    sales: sql<number>`((select count(*) ${own}) + (select count(*) ${shared}))::int`,
    commission_cents: sql<number>`((select coalesce(sum(${sales.commissionCents} - ${sales.sharedCommissionCents}), 0) ${own})
      + (select coalesce(sum(${sales.sharedCommissionCents}), 0) ${shared}))::bigint`,
  };
}

type LinkRow = Omit<TrackingLink, 'url' | 'created_at' | 'conversion_bps'> & { createdAt: Date };

export function linkUrl(publicUrl: string, code: string) {
  return `${publicUrl}/r/${code}`;
}

function toLink(publicUrl: string, { createdAt, ...row }: LinkRow): TrackingLink {
  const clickCount = Number(row.clicks);
  const saleCount = Number(row.sales);
  return {
    ...row,
    clicks: clickCount,
    sales: saleCount,
    commission_cents: Number(row.commission_cents),
    // Sales per counted click, in basis points (250 = 2.5 %); none without clicks.
    conversion_bps: clickCount === 0 ? null : Math.round((saleCount * 10_000) / clickCount),
    url: linkUrl(publicUrl, row.code),
    created_at: createdAt.toISOString(),
  };
}

export async function findLinks(db: Db, publicUrl: string, affiliateId: number, campaignId?: number) {
  const rows = await db
    .select(linkColumns)
    .from(links)
    .innerJoin(campaigns, eq(campaigns.id, links.campaignId))
    .where(and(eq(links.affiliateId, affiliateId), campaignId ? eq(links.campaignId, campaignId) : undefined))
    .orderBy(desc(links.createdAt), desc(links.id));
  return rows.map((row) => toLink(publicUrl, row));
}

/** The link for these choices: the existing one, or a new one with a fresh code. */
/** What sets a link apart: the same choices always give the same link (a unique key). */
export type LinkChoices = {
  affiliateId: number;
  campaignId: number;
  subId: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
};

/** The affiliate's link with these choices, or null when they have none. */
export async function findLinkWithChoices(
  db: Db,
  publicUrl: string,
  choices: LinkChoices,
): Promise<TrackingLink | null> {
  const [row] = await db
    .select(linkColumns)
    .from(links)
    .innerJoin(campaigns, eq(campaigns.id, links.campaignId))
    .where(
      and(
        eq(links.affiliateId, choices.affiliateId),
        eq(links.campaignId, choices.campaignId),
        eq(links.subId, choices.subId),
        eq(links.utmSource, choices.utmSource),
        eq(links.utmMedium, choices.utmMedium),
        eq(links.utmCampaign, choices.utmCampaign),
      ),
    );
  return row ? toLink(publicUrl, row) : null;
}

export async function createLink(
  db: Db,
  publicUrl: string,
  user: AuthUser | null,
  body: z.output<typeof createLinkBodySchema>,
): Promise<{ link: TrackingLink; created: boolean }> {
  const affiliateId = requireAffiliate(user);
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, body.campaign_id));
  if (!campaign) {
    throw new AppError('NOT_FOUND', 'Campaign not found.', {
      errors: [{ field: 'campaign_id', message: 'does not exist' }],
    });
  }
  if (campaign.status !== 'active') {
    throw new AppError('UNPROCESSABLE', 'This campaign is not running: no new links.', {
      reason: 'CAMPAIGN_NOT_ACTIVE',
      errors: [{ field: 'campaign_id', message: 'is not active' }],
    });
  }
  const choices: LinkChoices = {
    affiliateId,
    campaignId: campaign.id,
    subId: body.sub_id,
    utmSource: body.utm_source,
    utmMedium: body.utm_medium,
    utmCampaign: body.utm_campaign,
  };
  const existing = () => findLinkWithChoices(db, publicUrl, choices);
  const found = await existing();
  if (found) return { link: found, created: false };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await db
        .insert(links)
        .values({ ...choices, code: randomCode(LINK_CODE_LENGTH, 'abcdefghijkmnpqrstuvwxyz23456789') });
      const link = await existing();
      if (link) return { link, created: true };
    } catch (error) {
      // The same choices made at the same moment elsewhere: that link is the answer.
      if (isUniqueViolation(error, 'links_choices_key')) {
        const link = await existing();
        if (link) return { link, created: false };
      }
      if (!isUniqueViolation(error, 'links_code_key')) throw error;
    }
  }
  throw new Error('could not find a free link code');
}
