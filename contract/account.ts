import { z } from 'zod';
import { affiliateStatusSchema } from './affiliates';
import { languageSchema, roleSchema, userStateSchema } from './auth';
import { PIX_KEY_TYPES, pixKeySchema } from './pix';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Avatars are stored as a square of this many pixels. */
export const AVATAR_SIZE = 256;

export const accountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar_url: z.string().nullable(),
  language: languageSchema,
  role: roleSchema,
  two_factor_enabled: z.boolean(),
  /** No announcement mails (they still show in the portal); the mails' unsubscribe link sets it too. */
  announcements_opt_out: z.boolean(),
  affiliate: z
    .object({
      id: z.number().int(),
      code: z.string(),
      status: affiliateStatusSchema,
      level_name: z.string().nullable(),
      network_name: z.string().nullable(),
      pix_key: z.object({ type: z.enum(PIX_KEY_TYPES), key: z.string() }).nullable(),
    })
    .nullable(),
});
export type Account = z.infer<typeof accountSchema>;

const nameSchema = z.string().trim().min(1, 'is required').max(80);

export const updateAccountBodySchema = z.object({
  first_name: nameSchema.optional(),
  last_name: nameSchema.optional(),
  language: languageSchema.optional(),
  announcements_opt_out: z.boolean().optional(),
  /** null removes the key. */
  pix_key: pixKeySchema.nullable().optional(),
});
export type UpdateAccountBody = z.input<typeof updateAccountBodySchema>;

export const accountUpdatedSchema = z.object({ user: userStateSchema, account: accountSchema });
