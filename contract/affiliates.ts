import { z } from 'zod';
import { listQuerySchema, pageOf } from './common';
import { applicationAnswerSchema } from './programme';

export const affiliateStatusSchema = z.enum(['pending', 'approved', 'rejected', 'suspended']);
export type AffiliateStatus = z.infer<typeof affiliateStatusSchema>;

export const affiliateSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  code: z.string(),
  status: affiliateStatusSchema,
  status_reason: z.string().nullable(),
  /** What the fraud rules noticed at registration (disposable_email): shown where the admin decides. */
  flags: z.array(z.string()),
  level_id: z.number().int().nullable(),
  network_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
});
export type Affiliate = z.infer<typeof affiliateSchema>;

export const affiliateListQuerySchema = listQuerySchema.extend({
  status: affiliateStatusSchema.optional(),
  sort: z.enum(['created_at', '-created_at', 'name', '-name']).default('-created_at'),
});
export type AffiliateListQuery = z.input<typeof affiliateListQuerySchema>;

/** A listed affiliate, with the answers given when applying (the approvals queue shows them). */
export const listedAffiliateSchema = affiliateSchema.extend({ answers: z.array(applicationAnswerSchema) });
export type ListedAffiliate = z.infer<typeof listedAffiliateSchema>;

export const affiliatePageSchema = pageOf(listedAffiliateSchema);

export const rejectAffiliateBodySchema = z.object({
  reason: z.string().trim().min(3, 'must say why (at least 3 characters)').max(500),
});
