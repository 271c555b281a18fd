import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { AppError } from './errors';

/** The image type by its first bytes, whatever the upload claimed. */
function sniffImageType(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/**
 * An uploaded PNG, JPEG or WebP of at most `maxBytes`, re-encoded as a WebP of the given box
 * (cover crop, or `inside` to keep it whole). Anything else is a 400 (413 when too big) naming `field`.
 */
export async function toWebp(
  upload: Buffer | undefined,
  options: { field: string; maxBytes: number; width: number; height: number; fit?: 'cover' | 'inside' },
): Promise<Buffer> {
  const refuse = (code: 'VALIDATION' | 'PAYLOAD_TOO_LARGE', message: string) =>
    new AppError(code, `${options.field}: ${message}`, { errors: [{ field: options.field, message }] });
  // A request without a body reaches here with none at all.
  if (!Buffer.isBuffer(upload) || upload.length === 0) throw refuse('VALIDATION', 'is empty');
  if (upload.length > options.maxBytes) {
    throw refuse('PAYLOAD_TOO_LARGE', `must be at most ${Math.round(options.maxBytes / 1024 / 1024)} MB`);
  }
  if (!sniffImageType(upload)) throw refuse('VALIDATION', 'must be a PNG, JPEG or WebP image');
  try {
    return await sharp(upload, { limitInputPixels: 40_000_000 })
      .rotate()
      // `inside`: the whole picture, shrunk to fit the box and never enlarged (creatives).
      .resize(options.width, options.height, {
        fit: options.fit ?? 'cover',
        withoutEnlargement: options.fit === 'inside',
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw refuse('VALIDATION', 'could not be read as an image');
  }
}

/** Uploads larger than the rules still reach the services, which name the field in their answer. */
const UPLOAD_READ_LIMIT = 8 * 1024 * 1024;

/**
 * Routes that take a raw image upload: whatever its content type, the body arrives as bytes and
 * the service checks them (toWebp), so a wrong type is a 400 naming the field, not a 415.
 */
type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export async function withRawUploads(
  app: FastifyInstance,
  routes: (uploads: ZodApp) => void,
  readLimit = UPLOAD_READ_LIMIT,
) {
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: readLimit }, (_request, body, done) =>
      done(null, body),
    );
    routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}

/** A stored image, cached for good: its URL changes with each upload (?v=). */
export function sendStoredImage(reply: FastifyReply, image: { content: Buffer; contentType: string }) {
  return reply
    .type(image.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(image.content);
}
