import { z } from 'zod';

/** Database ids travel as positive integers in paths and bodies. */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idParamsSchema = z.object({ id: idSchema });

export const MAX_PAGE_SIZE = 100;

/** The query every list takes (DESIGN.md §7). */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  q: z.string().trim().max(100).optional(),
  sort: z.string().max(40).optional(),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; page_size: number };
