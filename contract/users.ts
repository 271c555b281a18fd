import { z } from 'zod';
import { affiliateStatusSchema } from './affiliates';
import { emailSchema, roleSchema } from './auth';
import { listQuerySchema, pageOf } from './common';
import { PIX_KEY_TYPES, pixKeySchema } from './pix';
import { applicationAnswerSchema } from './programme';

export const managedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  affiliate_id: z.number().int().nullable(),
  affiliate_status: affiliateStatusSchema.nullable(),
  active: z.boolean(),
  has_password: z.boolean(),
  created_at: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const userListQuerySchema = listQuerySchema.extend({
  role: roleSchema.optional(),
  status: z.enum(['active', 'deactivated']).optional(),
  sort: z.enum(['name', '-name', 'email', '-email', 'created_at', '-created_at']).default('-created_at'),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export const userPageSchema = pageOf(managedUserSchema);

const nameSchema = z.string().trim().min(1, 'is required').max(80);

/** An admin registers an administrator or an affiliate; they receive an email to choose a password. */
export const createUserBodySchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  email: emailSchema,
  role: roleSchema,
  language: z.enum(['en', 'pt', 'fr', 'ar', 'ch']).default('pt'),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const updateUserBodySchema = z.object({
  first_name: nameSchema.optional(),
  last_name: nameSchema.optional(),
  email: emailSchema.optional(),
  role: roleSchema.optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

export const affiliateDetailsSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  code: z.string(),
  status: affiliateStatusSchema,
  level_id: z.number().int().nullable(),
  network_id: z.number().int().nullable(),
  pix_key: z.object({ type: z.enum(PIX_KEY_TYPES), key: z.string() }).nullable(),
  active: z.boolean(),
  /** What the affiliate answered when applying (the programme's questions as they were asked). */
  answers: z.array(applicationAnswerSchema),
});
export type AffiliateDetails = z.infer<typeof affiliateDetailsSchema>;

export const updateAffiliateBodySchema = z.object({
  level_id: z.number().int().positive().nullable().optional(),
  network_id: z.number().int().positive().nullable().optional(),
  status: z.enum(['approved', 'suspended']).optional(),
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{4,20}$/, 'must be 4 to 20 capital letters or digits')
    .optional(),
  pix_key: pixKeySchema.nullable().optional(),
});
export type UpdateAffiliateBody = z.input<typeof updateAffiliateBodySchema>;
