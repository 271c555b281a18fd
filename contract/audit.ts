import { z } from 'zod';

export const auditQuerySchema = z.object({
  entity: z.string().min(1).max(40),
  entity_id: z.string().min(1).max(40),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({ items: z.array(auditEntrySchema) });
