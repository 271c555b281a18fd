import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptime_seconds: z.number(),
});

export const readySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
});

export type Health = z.infer<typeof healthSchema>;
export type Ready = z.infer<typeof readySchema>;
