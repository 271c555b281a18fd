import { z } from 'zod';

/**
 * Database ids travel as positive integers in paths and bodies: a JSON number, or the digits of one
 * in a path, query or spreadsheet cell. Nothing else reads as an id (" 1", "1e3", "0x10" and `true`
 * all did under coercion, so `DELETE /users/%201` reached user 1).
 */
export const idSchema = z
  .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
export const idParamsSchema = z.object({ id: idSchema });

export const MAX_PAGE_SIZE = 100;

/** The query every list takes (DESIGN.md §7). */
export const listQuerySchema = z.object({
  // Past a million pages no list has rows; the bound keeps the offset a number both engines hold.
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
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

/**
 * The calendar every date of the API lies in (decided once, for every route): far enough either way
 * for any programme, near enough that a period's end plus a day, or a time zone shift, is still a
 * date both engines and JavaScript can hold.
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';
const FIRST_INSTANT_MS = Date.parse(`${FIRST_DAY}T00:00:00Z`);
const LAST_INSTANT_MS = Date.parse(`${LAST_DAY}T23:59:59.999Z`);
const OUTSIDE_CALENDAR = `must be between ${FIRST_DAY} and ${LAST_DAY}`;

/** A calendar day, YYYY-MM-DD, inside the portal's calendar. */
export const daySchema = z.iso
  .date('must be a date (YYYY-MM-DD)')
  .refine((day) => day >= FIRST_DAY && day <= LAST_DAY, OUTSIDE_CALENDAR);

/** A moment with its offset (ISO 8601), inside the portal's calendar. */
export const instantSchema = z.iso
  .datetime({ offset: true, error: 'must be a date and time with its offset (ISO 8601)' })
  .refine((instant) => {
    const ms = Date.parse(instant);
    return ms >= FIRST_INSTANT_MS && ms <= LAST_INSTANT_MS;
  }, OUTSIDE_CALENDAR);
