import {
  CREATIVE_FILE_MAX_BYTES,
  CREATIVE_IMAGE_MAX_BYTES,
  CREATIVE_IMAGE_MAX_SIDE,
  type Creative,
} from '@contract/creatives';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { creativeFiles, creatives } from '../../db/schema';
import { AppError, fieldError } from '../../errors';
import { toWebp } from '../../images';
import type { AuthUser } from '../../plugins/auth';
import { audit } from '../audit/audit.service';
import { isVisibleTo, placementOf } from './creative-reader';
import { creativeNotFound, getCreativeById, isAdmin } from './creatives.service';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** A PDF by its first bytes, whatever the upload claimed, of at most 10 MB. */
function checkPdf(upload: Buffer | undefined): Buffer {
  if (!Buffer.isBuffer(upload) || upload.length === 0) throw fieldError('file', 'is empty');
  if (upload.length > CREATIVE_FILE_MAX_BYTES) {
    const message = `must be at most ${CREATIVE_FILE_MAX_BYTES / 1024 / 1024} MB`;
    throw new AppError('PAYLOAD_TOO_LARGE', `file: ${message}`, { errors: [{ field: 'file', message }] });
  }
  if (!upload.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw fieldError('file', 'must be a PDF');
  return upload;
}

/** The download's name: the title in plain letters, digits and dashes. */
function fileNameOf(title: string, extension: string): string {
  const base = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 80);
  return `${base || 'criativo'}.${extension}`;
}

/** An image creative's picture (WebP, at most 1600 px a side, whole) or a file creative's PDF. */
export async function setCreativeFile(db: Db, actorId: number, id: number, upload: Buffer): Promise<Creative> {
  const creative = await getCreativeById(db, id);
  if (creative.kind === 'text') throw fieldError('file', 'a text creative takes no file');
  const stored =
    creative.kind === 'image'
      ? {
          content: await toWebp(upload, {
            field: 'file',
            maxBytes: CREATIVE_IMAGE_MAX_BYTES,
            width: CREATIVE_IMAGE_MAX_SIDE,
            height: CREATIVE_IMAGE_MAX_SIDE,
            fit: 'inside',
          }),
          contentType: 'image/webp',
          fileName: fileNameOf(creative.title, 'webp'),
        }
      : { content: checkPdf(upload), contentType: 'application/pdf', fileName: fileNameOf(creative.title, 'pdf') };
  await db.transaction(async (tx) => {
    const now = new Date();
    const values = { ...stored, byteSize: stored.content.length, updatedAt: now };
    await tx
      .insert(creativeFiles)
      .values({ creativeId: id, ...values })
      .onConflictDoUpdate({ target: creativeFiles.creativeId, set: values });
    await tx.update(creatives).set({ updatedAt: now }).where(eq(creatives.id, id));
    await audit(tx, {
      actorId,
      action: 'creative.file',
      entity: 'creative',
      entityId: id,
      before: { file_name: creative.file_name, byte_size: creative.byte_size },
      after: { file_name: stored.fileName, content_type: stored.contentType, byte_size: stored.content.length },
    });
  });
  return getCreativeById(db, id);
}

/** The bytes, for an admin or an affiliate the creative is meant for; anyone else learns nothing (404). */
export async function getCreativeFile(db: Db, user: AuthUser, id: number) {
  const [found] = await db
    .select({ row: creatives, file: creativeFiles })
    .from(creatives)
    .innerJoin(creativeFiles, eq(creativeFiles.creativeId, creatives.id))
    .where(eq(creatives.id, id));
  if (!found) throw creativeNotFound(id);
  if (!isAdmin(user)) {
    if (!user.affiliate)
      throw new AppError('FORBIDDEN', 'Only affiliates may do this.', { reason: 'NOT_AN_AFFILIATE' });
    if (!isVisibleTo(await placementOf(db, user.affiliate.id), found.row)) throw creativeNotFound(id);
  }
  return found.file;
}

/** Private (it is meant for some affiliates only), cached by the browser for good: the URL changes with each upload. */
export function sendCreativeFile(
  reply: FastifyReply,
  file: { content: Buffer; contentType: string; fileName: string },
) {
  const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}
