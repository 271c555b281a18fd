import { ADMIN_ROLE } from '@contract/auth';
import type {
  Creative,
  CreativeList,
  CreativeVisibility,
  creativeBodySchema,
  creativePatchSchema,
} from '@contract/creatives';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { campaigns, creativeFiles, creatives, levels, networks } from '../../db/schema';
import { AppError, fieldError } from '../../errors';
import type { AuthUser } from '../../plugins/auth';
import { audit } from '../audit/audit.service';
import { type CreativeReader, filledFor, isVisibleTo, placementOf, readerOf } from './creative-reader';

type CreativeBody = z.output<typeof creativeBodySchema>;
type CreativePatch = z.output<typeof creativePatchSchema>;
type CreativeRow = typeof creatives.$inferSelect;
type FileFacts = { contentType: string; fileName: string; byteSize: number; updatedAt: Date } | null;

const creativeColumns = {
  row: creatives,
  file: {
    contentType: creativeFiles.contentType,
    fileName: creativeFiles.fileName,
    byteSize: creativeFiles.byteSize,
    updatedAt: creativeFiles.updatedAt,
  },
};

function visibilityOf(row: CreativeRow): CreativeVisibility {
  return { all: row.visibleToAll, level_ids: row.levelIds.map(Number), network_ids: row.networkIds.map(Number) };
}

/** The admin's view: the text as written and who sees it; the reader's: the text filled for them. */
function toCreative(row: CreativeRow, file: FileFacts, reader: CreativeReader | null): Creative {
  return {
    id: row.id,
    campaign_id: row.campaignId,
    kind: row.kind,
    title: row.title,
    text: row.text,
    visibility: reader ? null : visibilityOf(row),
    file_url: file ? `/api/v1/creatives/${row.id}/file?v=${file.updatedAt.getTime()}` : null,
    file_name: file?.fileName ?? null,
    content_type: file?.contentType ?? null,
    byte_size: file?.byteSize ?? null,
    ...(reader ? filledFor(reader, row.text) : { filled_text: null, whatsapp_url: null }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const campaignNotFound = (id: number) => new AppError('NOT_FOUND', `Campaign ${id} not found.`);
const creativeNotFound = (id: number) => new AppError('NOT_FOUND', `Creative ${id} not found.`);

async function campaignOf(db: Db, id: number) {
  const [campaign] = await db
    .select({ id: campaigns.id, status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  if (!campaign) throw campaignNotFound(id);
  return campaign;
}

const isAdmin = (user: AuthUser) => user.role === ADMIN_ROLE;

/**
 * A campaign's creatives, oldest first. An admin sees them all as written; an affiliate those meant
 * for them (everyone's, their level's, their network's) once their image or file is in, filled.
 */
export async function findCreatives(
  db: Db,
  publicUrl: string,
  user: AuthUser,
  campaignId: number,
): Promise<CreativeList> {
  const campaign = await campaignOf(db, campaignId);
  const rows = await db
    .select(creativeColumns)
    .from(creatives)
    .leftJoin(creativeFiles, eq(creativeFiles.creativeId, creatives.id))
    .where(eq(creatives.campaignId, campaignId))
    .orderBy(asc(creatives.createdAt), asc(creatives.id));
  if (isAdmin(user)) return { items: rows.map(({ row, file }) => toCreative(row, file, null)) };
  if (!user.affiliate) throw new AppError('FORBIDDEN', 'Only affiliates may do this.', { reason: 'NOT_AN_AFFILIATE' });
  const placement = await placementOf(db, user.affiliate.id);
  const shown = rows.filter(({ row, file }) => isVisibleTo(placement, row) && (row.kind === 'text' || file));
  // Nothing to fill: no link is made for a campaign with nothing to share.
  if (shown.length === 0) return { items: [] };
  const reader = await readerOf(db, publicUrl, user, campaign, placement);
  return { items: shown.map(({ row, file }) => toCreative(row, file, reader)) };
}

/** One creative as an admin sees it, or NOT_FOUND. */
export async function getCreativeById(db: Db, id: number): Promise<Creative> {
  const [found] = await db
    .select(creativeColumns)
    .from(creatives)
    .leftJoin(creativeFiles, eq(creativeFiles.creativeId, creatives.id))
    .where(eq(creatives.id, id));
  if (!found) throw creativeNotFound(id);
  return toCreative(found.row, found.file, null);
}

/** Every listed level and network must exist: a 400 naming the list otherwise. */
async function checkVisibility(db: Db, visibility: CreativeVisibility) {
  const check = async (ids: number[], table: typeof levels | typeof networks, field: string, noun: string) => {
    if (ids.length === 0) return;
    const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    if (found.length !== ids.length) throw fieldError(field, `names a ${noun} that does not exist`);
  };
  await check(visibility.level_ids, levels, 'visibility.level_ids', 'level');
  await check(visibility.network_ids, networks, 'visibility.network_ids', 'network');
}

/** Visible to all keeps no lists: one way to say "everyone". */
function visibilityColumns(visibility: CreativeVisibility) {
  return {
    visibleToAll: visibility.all,
    levelIds: visibility.all ? [] : visibility.level_ids,
    networkIds: visibility.all ? [] : visibility.network_ids,
  };
}

export async function createCreative(db: Db, actorId: number, campaignId: number, body: CreativeBody) {
  await checkVisibility(db, body.visibility);
  const id = await db.transaction(async (tx) => {
    await campaignOf(tx, campaignId);
    const [row] = await tx
      .insert(creatives)
      .values({
        campaignId,
        kind: body.kind,
        title: body.title,
        text: body.text,
        ...visibilityColumns(body.visibility),
        createdBy: actorId || null,
      })
      .returning({ id: creatives.id });
    if (!row) throw new Error('no creative');
    await audit(tx, { actorId, action: 'creative.create', entity: 'creative', entityId: row.id, after: body });
    return row.id;
  });
  return getCreativeById(db, id);
}

export async function updateCreative(db: Db, actorId: number, id: number, patch: CreativePatch) {
  if (patch.visibility) await checkVisibility(db, patch.visibility);
  await db.transaction(async (tx) => {
    const before = await getCreativeById(tx, id);
    if (patch.text !== undefined && before.kind === 'text' && patch.text === '') {
      throw fieldError('text', 'is required');
    }
    await tx
      .update(creatives)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.text !== undefined ? { text: patch.text } : {}),
        ...(patch.visibility ? visibilityColumns(patch.visibility) : {}),
        updatedAt: new Date(),
      })
      .where(eq(creatives.id, id));
    await audit(tx, {
      actorId,
      action: 'creative.update',
      entity: 'creative',
      entityId: id,
      before: { title: before.title, text: before.text, visibility: before.visibility },
      after: patch,
    });
  });
  return getCreativeById(db, id);
}

/** Gone with its image or file (the foreign key cascades). */
export async function deleteCreative(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getCreativeById(tx, id);
    await tx.delete(creatives).where(eq(creatives.id, id));
    await audit(tx, {
      actorId,
      action: 'creative.delete',
      entity: 'creative',
      entityId: id,
      before: { campaign_id: before.campaign_id, kind: before.kind, title: before.title },
    });
  });
}

export { campaignOf, creativeNotFound, isAdmin };
