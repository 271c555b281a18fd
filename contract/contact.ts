import { z } from 'zod';
import { listQuerySchema, pageOf } from './common';

export const contactBodySchema = z.object({
  subject: z.string().trim().min(3, 'must have at least 3 characters').max(150),
  message: z.string().trim().min(10, 'must have at least 10 characters').max(5000),
});
export type ContactBody = z.input<typeof contactBodySchema>;

export const contactMessageSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});

export const contactListQuerySchema = listQuerySchema;
export const contactPageSchema = pageOf(contactMessageSchema);
