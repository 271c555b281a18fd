import { fillCreativeText, whatsappUrlOf } from '@contract/creatives';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliates, coupons, users } from '../../db/schema';
import type { AuthUser } from '../../plugins/auth';
import { createLink, findLinkWithChoices } from '../tracking/links.service';

/** The affiliate reading a campaign's creatives: what decides what they see and what fills the texts. */
export type CreativeReader = {
  levelId: number | null;
  networkId: number | null;
  values: { link: string; coupon: string; name: string };
  /** Their link tagged utm_source=whatsapp, for the WhatsApp button. */
  whatsappLink: string;
};

const UTM_CHOICES = { sub_id: '', utm_medium: '', utm_campaign: '' };

/**
 * The affiliate's link for the campaign with these choices. A running campaign gives one (made
 * once, the same choices always giving the same link: links.service); a paused or ended one only
 * the link the affiliate already had, or none.
 */
async function linkFor(
  db: Db,
  publicUrl: string,
  user: AuthUser,
  campaign: { id: number; status: string },
  utmSource: string,
): Promise<string> {
  if (campaign.status === 'active' && user.affiliate?.status === 'approved') {
    const { link } = await createLink(db, publicUrl, user, {
      ...UTM_CHOICES,
      campaign_id: campaign.id,
      utm_source: utmSource,
    });
    return link.url;
  }
  const existing = await findLinkWithChoices(db, publicUrl, {
    affiliateId: user.affiliate?.id ?? 0,
    campaignId: campaign.id,
    subId: '',
    utmSource,
    utmMedium: '',
    utmCampaign: '',
  });
  return existing?.url ?? '';
}

/** The reader's texts and links; `placement` is their level and network, already read (placementOf). */
export async function readerOf(
  db: Db,
  publicUrl: string,
  user: AuthUser,
  campaign: { id: number; status: string },
  placement: Placement,
): Promise<CreativeReader> {
  const affiliateId = user.affiliate?.id ?? 0;
  const [[person], [coupon]] = await Promise.all([
    db
      .select({ firstName: users.firstName })
      .from(affiliates)
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(eq(affiliates.id, affiliateId)),
    db
      .select({ code: coupons.code })
      .from(coupons)
      .where(and(eq(coupons.affiliateId, affiliateId), eq(coupons.campaignId, campaign.id), eq(coupons.active, true)))
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(1),
  ]);
  const link = await linkFor(db, publicUrl, user, campaign, '');
  const whatsappLink = await linkFor(db, publicUrl, user, campaign, 'whatsapp');
  return {
    ...placement,
    values: { link, coupon: coupon?.code ?? '', name: person?.firstName ?? '' },
    whatsappLink,
  };
}

/** A visible item as its reader gets it: the text filled, and the WhatsApp message with the tagged link. */
export function filledFor(reader: CreativeReader, text: string) {
  const filled = fillCreativeText(text, reader.values);
  const forWhatsapp = fillCreativeText(text, { ...reader.values, link: reader.whatsappLink });
  // A text without {LINK} still shares the link: the button's point is a tracked visit.
  const message =
    text.includes('{LINK}') || !reader.whatsappLink
      ? forWhatsapp
      : [forWhatsapp, reader.whatsappLink].filter(Boolean).join('\n\n');
  return { filled_text: filled, whatsapp_url: whatsappUrlOf(message) };
}

/** Everyone, or the reader's level or network listed. */
export function isVisibleTo(
  reader: Placement,
  row: { visibleToAll: boolean; levelIds: number[]; networkIds: number[] },
): boolean {
  if (row.visibleToAll) return true;
  return (
    (reader.levelId !== null && row.levelIds.map(Number).includes(reader.levelId)) ||
    (reader.networkId !== null && row.networkIds.map(Number).includes(reader.networkId))
  );
}

type Placement = Pick<CreativeReader, 'levelId' | 'networkId'>;

/** The affiliate's level and network, which decide what they see. */
export async function placementOf(db: Db, affiliateId: number): Promise<Placement> {
  const [row] = await db
    .select({ levelId: affiliates.levelId, networkId: affiliates.networkId })
    .from(affiliates)
    .where(eq(affiliates.id, affiliateId));
  return { levelId: row?.levelId ?? null, networkId: row?.networkId ?? null };
}
