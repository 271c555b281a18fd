import {
  CAMPAIGN_IMAGE_MAX_BYTES,
  type Campaign,
  type CampaignListItem,
  type campaignBodySchema,
} from '@contract/campaigns';
import type { Page } from '@contract/common';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import { publishChange } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { affiliates, campaignImages, campaigns } from '../../db/schema';
import { AppError } from '../../errors';
import { toWebp } from '../../images';
import type { AuthUser } from '../../plugins/auth';
import { audit } from '../audit/audit.service';
import { notifyUsers } from '../notifications/notifications.service';
import { figuresOf, findCampaignFigures } from './campaign-figures';

type CampaignBody = z.output<typeof campaignBodySchema>;
type CampaignRow = typeof campaigns.$inferSelect;

/** The rich text an admin may write: formatting and links, never scripts, styles or frames. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'a',
      'code',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
  }).trim();
}

export function toCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    destination_url: row.destinationUrl,
    image_url: row.imageUrl,
    commission_type: row.commissionType,
    commission_value: row.commissionValue,
    cookie_days: row.cookieDays,
    hold_days: row.holdDays,
    hold_days_by_method: row.holdDaysByMethod,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    status: row.status,
    attribution_model: row.attributionModel,
    recurring_rule: row.recurringRule,
    recurring_charges: row.recurringCharges,
    renewal_commission_value: row.renewalCommissionValue,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function columnsOf(body: CampaignBody) {
  return {
    name: body.name,
    description: sanitizeDescription(body.description),
    destinationUrl: body.destination_url,
    commissionType: body.commission_type,
    commissionValue: body.commission_value,
    cookieDays: body.cookie_days,
    holdDays: body.hold_days,
    holdDaysByMethod: body.hold_days_by_method,
    startsAt: body.starts_at ? new Date(body.starts_at) : null,
    endsAt: body.ends_at ? new Date(body.ends_at) : null,
    status: body.status,
    attributionModel: body.attribution_model,
    recurringRule: body.recurring_rule,
    recurringCharges: body.recurring_charges,
    renewalCommissionValue: body.renewal_commission_value,
  };
}

type ListQuery = { page: number; page_size: number; q?: string | undefined; status?: Campaign['status'] | undefined };

/** A page of campaigns with their figures (`campaign-figures.ts`) for this viewer. */
export async function findCampaigns(db: Db, user: AuthUser, query: ListQuery): Promise<Page<CampaignListItem>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(campaigns.status, query.status));
  if (query.q) filters.push(ilike(campaigns.name, `%${query.q.replace(/[%_\\]/g, '\\$&')}%`));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  const items = rows.map(toCampaign);
  const figures = await findCampaignFigures(db, user, items);
  return {
    items: items.map((c) => ({ ...c, figures: figures.get(c.id) ?? figuresOf(c, undefined, null) })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function getCampaignById(db: Db, id: number): Promise<Campaign> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw new AppError('NOT_FOUND', `Campaign ${id} not found.`);
  return toCampaign(row);
}

const nameTaken = () =>
  new AppError('CONFLICT', 'A campaign with this name already exists.', {
    reason: 'NAME_TAKEN',
    errors: [{ field: 'name', message: 'is already used by another campaign' }],
  });

/** A new active campaign is news for every approved affiliate. */
async function announce(db: Db, campaign: Campaign) {
  const audience = await db
    .select({ userId: affiliates.userId })
    .from(affiliates)
    .where(eq(affiliates.status, 'approved'));
  await notifyUsers(
    db,
    audience.map((a) => a.userId),
    {
      kind: 'campaign.new',
      title: 'New campaign',
      text: campaign.name,
      pt: { title: 'Nova campanha', text: campaign.name },
      data: { campaign_id: campaign.id },
    },
  );
}

export async function createCampaign(db: Db, actorId: number, body: CampaignBody): Promise<Campaign> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(campaigns).values(columnsOf(body)).returning();
      if (!row) throw new Error('campaign insert returned nothing');
      const campaign = toCampaign(row);
      await audit(tx, {
        actorId,
        action: 'campaign.create',
        entity: 'campaign',
        entityId: campaign.id,
        after: campaign,
      });
      if (campaign.status === 'active') await announce(tx, campaign);
      return campaign;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateCampaign(db: Db, actorId: number, id: number, body: CampaignBody): Promise<Campaign> {
  let updated: Campaign;
  try {
    updated = await db.transaction(async (tx) => {
      const before = await getCampaignById(tx, id);
      const [row] = await tx
        .update(campaigns)
        .set({ ...columnsOf(body), updatedAt: new Date() })
        .where(eq(campaigns.id, id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', `Campaign ${id} not found.`);
      const after = toCampaign(row);
      await audit(tx, { actorId, action: 'campaign.update', entity: 'campaign', entityId: id, before, after });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  // Its status and destination live in every server's redirect cache.
  await publishChange(db, 'campaign', id);
  return updated;
}

/** The campaign's picture as a 1200×630 WebP (the size link previews use). */
export async function setCampaignImage(db: Db, actorId: number, id: number, upload: Buffer): Promise<Campaign> {
  const content = await toWebp(upload, {
    field: 'image',
    maxBytes: CAMPAIGN_IMAGE_MAX_BYTES,
    width: 1200,
    height: 630,
  });
  return db.transaction(async (tx) => {
    const before = await getCampaignById(tx, id);
    const imageUrl = `/api/v1/campaigns/${id}/image?v=${Date.now()}`;
    await tx
      .insert(campaignImages)
      .values({ campaignId: id, content, contentType: 'image/webp' })
      .onConflictDoUpdate({ target: campaignImages.campaignId, set: { content, updatedAt: new Date() } });
    await tx.update(campaigns).set({ imageUrl, updatedAt: new Date() }).where(eq(campaigns.id, id));
    await audit(tx, {
      actorId,
      action: 'campaign.update',
      entity: 'campaign',
      entityId: id,
      before: { image_url: before.image_url },
      after: { image_url: imageUrl },
    });
    return getCampaignById(tx, id);
  });
}

export async function getCampaignImage(db: Db, id: number) {
  const [row] = await db.select().from(campaignImages).where(eq(campaignImages.campaignId, id));
  if (!row) throw new AppError('NOT_FOUND', 'No image.');
  return row;
}
