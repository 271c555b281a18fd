import { z } from 'zod';
import { campaignStatusSchema } from './campaigns';
import { idSchema } from './common';

const tag = z
  .string()
  .trim()
  .max(100)
  .regex(/^[\w.\-~ ]*$/, 'may use letters, digits, spaces and . - _ ~ only')
  .default('');

export const createLinkBodySchema = z.object({
  campaign_id: idSchema,
  sub_id: tag,
  utm_source: tag,
  utm_medium: tag,
  utm_campaign: tag,
});
export type CreateLinkBody = z.input<typeof createLinkBodySchema>;

export const linkSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  url: z.string(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  /** A paused or ended campaign's links still redirect, but earn nothing new: the table says so. */
  campaign_status: campaignStatusSchema,
  sub_id: z.string(),
  utm_source: z.string(),
  utm_medium: z.string(),
  utm_campaign: z.string(),
  clicks: z.number().int(),
  sales: z.number().int(),
  commission_cents: z.number().int(),
  conversion_bps: z.number().int().nullable(),
  created_at: z.string(),
});
export type TrackingLink = z.infer<typeof linkSchema>;

export const linkListQuerySchema = z.object({ campaign_id: idSchema.optional() });
export const linkListSchema = z.object({ items: z.array(linkSchema) });
