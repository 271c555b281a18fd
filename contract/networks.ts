import { z } from 'zod';
import { affiliateStatusSchema } from './affiliates';
import { idSchema } from './common';

/** What the members' sales add up to: counted sales (pending or approved), approved amount and commission. */
const salesTotals = {
  sales_count: z.number().int(),
  approved_sales_cents: z.number().int(),
  commission_cents: z.number().int(),
};

export const networkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  member_count: z.number().int(),
  ...salesTotals,
  created_at: z.string(),
});
export type Network = z.infer<typeof networkSchema>;

export const networkMemberSchema = z.object({
  affiliate_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  code: z.string(),
  status: affiliateStatusSchema,
  level_name: z.string().nullable(),
  ...salesTotals,
});
export type NetworkMember = z.infer<typeof networkMemberSchema>;

export const networkDetailsSchema = networkSchema.extend({ members: z.array(networkMemberSchema) });
export type NetworkDetails = z.infer<typeof networkDetailsSchema>;

export const networkBodySchema = z.object({
  name: z.string().trim().min(1, 'is required').max(80),
  description: z.string().trim().max(500).nullable().optional(),
});
export type NetworkBody = z.input<typeof networkBodySchema>;
export const networkPatchSchema = networkBodySchema.partial();

export const addNetworkMemberBodySchema = z.object({
  affiliate_id: idSchema,
  /** Required to take an affiliate out of the network they belong to now. */
  move: z.boolean().default(false),
});

export const networkListSchema = z.object({ items: z.array(networkSchema) });
export const networkMemberParamsSchema = z.object({ id: idSchema, affiliateId: idSchema });
