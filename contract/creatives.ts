import { z } from 'zod';

/**
 * Creatives (issue 30 point 2, docs/decisions/045): what a campaign gives its affiliates to share.
 * A text with placeholders, an image (stored as WebP) or a file (PDF), each visible to every
 * affiliate or only to chosen levels and networks. The affiliate who reads a text gets it filled
 * with their own link, coupon and first name, and a WhatsApp click-to-chat address.
 */

export const CREATIVE_KINDS = ['text', 'image', 'file'] as const;
export const creativeKindSchema = z.enum(CREATIVE_KINDS);
export type CreativeKind = z.infer<typeof creativeKindSchema>;

/** The placeholders a text may hold, filled for the affiliate who reads it. */
export const CREATIVE_PLACEHOLDERS = ['{LINK}', '{CUPOM}', '{NOME}'] as const;

/** An image upload: PNG, JPEG or WebP, stored as a WebP that fits in this box. */
export const CREATIVE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const CREATIVE_IMAGE_MAX_SIDE = 1600;
/** A file upload: a PDF of at most 10 MB. */
export const CREATIVE_FILE_MAX_BYTES = 10 * 1024 * 1024;

const ids = z
  .array(z.number().int('must be whole ids').positive('must be ids').max(Number.MAX_SAFE_INTEGER, 'must be ids'))
  .max(50, 'must list at most 50')
  .refine((list) => new Set(list).size === list.length, 'must not repeat an id');

/** Everyone, or only the affiliates of the listed levels or networks (either one is enough). */
export const creativeVisibilitySchema = z
  .object({
    all: z.boolean(),
    level_ids: ids.default([]),
    network_ids: ids.default([]),
  })
  .refine((v) => v.all || v.level_ids.length + v.network_ids.length > 0, {
    path: ['level_ids'],
    message: 'choose a level or a network, or make it visible to all',
  });
export type CreativeVisibility = z.output<typeof creativeVisibilitySchema>;

const title = z.string().trim().min(1, 'is required').max(120, 'must have at most 120 characters');
const text = z.string().trim().max(2000, 'must have at most 2000 characters');

/** POST /campaigns/:id/creatives: the item; an image's or a file's bytes follow (PUT /creatives/:id/file). */
export const creativeBodySchema = z
  .object({
    kind: creativeKindSchema,
    title,
    /** The text to share (a caption for an image or a file), with {LINK}, {CUPOM}, {NOME}. */
    text: text.default(''),
    visibility: creativeVisibilitySchema.default({ all: true, level_ids: [], network_ids: [] }),
  })
  .refine((body) => body.kind !== 'text' || body.text.length > 0, { path: ['text'], message: 'is required' });
export type CreativeBody = z.input<typeof creativeBodySchema>;

/** PATCH /creatives/:id: its title, text or visibility (the kind stays). */
export const creativePatchSchema = z
  .object({ title: title.optional(), text: text.optional(), visibility: creativeVisibilitySchema.optional() })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    path: ['title'],
    message: 'give something to change',
  });
export type CreativePatch = z.input<typeof creativePatchSchema>;

export const creativeSchema = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  kind: creativeKindSchema,
  title: z.string(),
  /** As written, with its placeholders. */
  text: z.string(),
  /** Who sees it; null for an affiliate (not theirs to know). */
  visibility: z
    .object({ all: z.boolean(), level_ids: z.array(z.number()), network_ids: z.array(z.number()) })
    .nullable(),
  /** The image or the file (signed in), null until uploaded (an affiliate never sees it then). */
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  content_type: z.string().nullable(),
  byte_size: z.number().int().nullable(),
  /** For the affiliate reading it: the text with their link, coupon and name; null for an admin. */
  filled_text: z.string().nullable(),
  /** https://wa.me/?text=... with the filled text and the link tagged utm_source=whatsapp; null for an admin. */
  whatsapp_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Creative = z.infer<typeof creativeSchema>;

export const creativeListSchema = z.object({ items: z.array(creativeSchema) });
export type CreativeList = z.infer<typeof creativeListSchema>;

/** Fills the placeholders; a value missing leaves the placeholder empty. Shared so screens preview alike. */
export function fillCreativeText(template: string, values: { link: string; coupon: string; name: string }): string {
  return template
    .replaceAll('{LINK}', values.link)
    .replaceAll('{CUPOM}', values.coupon)
    .replaceAll('{NOME}', values.name);
}

/** The click-to-chat address that opens WhatsApp with this message and no chosen recipient. */
export function whatsappUrlOf(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}
