import { z } from 'zod';
import { pageOf } from './common';

/** The sale steps an affiliate's tracker can hear about; `reversed` is a refund or a cancellation. */
export const POSTBACK_EVENTS = ['created', 'approved', 'reversed'] as const;
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number];

/**
 * What a URL template may say, each filled in (URL-encoded) for every delivery. Money is in reais
 * with a point and two decimals ("189.90"), whatever the interface language.
 */
export const POSTBACK_MACROS = [
  'click_id',
  'sub_id',
  'sale_id',
  'campaign_id',
  'amount',
  'commission',
  'status',
] as const;
export type PostbackMacro = (typeof POSTBACK_MACROS)[number];

export const POSTBACK_URL_MAX = 2000;

/** Cents as the {amount} and {commission} macros say them: 18990 -> "189.90". */
export function centsAsDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The template with every macro replaced by its value, URL-encoded. */
export function fillPostbackUrl(template: string, values: Record<PostbackMacro, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(values[name as PostbackMacro]) : whole,
  );
}

/** Sample values: how a template reads once filled (validation, the screen's preview, the test send). */
export const SAMPLE_MACRO_VALUES: Record<PostbackMacro, string> = {
  click_id: '3f1c9a52-7d4e-4b8a-9c1e-2a6b5d8e0f11',
  sub_id: 'test',
  sale_id: '0',
  campaign_id: '0',
  amount: '189.90',
  commission: '18.99',
  status: 'test',
};

/**
 * Fillings that tell where the macros land once the URL parser has read the template: its letters,
 * its digits (a port takes only those) and nothing (a sale with no sub_id). Letters marked so no
 * tracker's own host spells them.
 */
const PROBE_FILLINGS = [(i: number) => `zq${i}macroprobe`, (i: number) => String(i + 1), () => ''].map(
  (valueFor) =>
    Object.fromEntries(POSTBACK_MACROS.map((name, i) => [name, valueFor(i)])) as Record<PostbackMacro, string>,
);

/** Who the URL reaches: the scheme, the user information and the host with its port. */
function authorityOf(address: string): string | null {
  try {
    const url = new URL(address);
    return `${url.protocol}//${url.username}:${url.password}@${url.host}`;
  } catch {
    return null;
  }
}

/**
 * Whether a macro decides who the template reaches. Read as the WHATWG parser (the server's and
 * the browser's `URL`) reads it, never by pattern: `https:{sub_id}/x`, `https:/{sub_id}/x`,
 * `https:\\{sub_id}/x`, a tab inside the host or an upper-case scheme all put the macro in the host.
 * It does when the same template, filled otherwise, reaches another host (or no longer parses).
 */
function isMacroInAuthority(template: string, sample: URL): boolean {
  if (/[{}]/.test(sample.hostname)) return true; // %7B...%7D: braces the parser decoded
  const expected = authorityOf(sample.href);
  return PROBE_FILLINGS.some((values) => authorityOf(fillPostbackUrl(template, values)) !== expected);
}

/** Why a URL template cannot be used, or null: the shape only; where it may go is the server's rule. */
export function postbackUrlProblem(template: string): string | null {
  const unknown = [...template.matchAll(/\{([^{}]*)\}/g)]
    .map((match) => match[1] ?? '')
    .find((name) => !(POSTBACK_MACROS as readonly string[]).includes(name));
  if (unknown !== undefined) return `has an unknown macro {${unknown}}`;
  let url: URL;
  try {
    url = new URL(fillPostbackUrl(template, SAMPLE_MACRO_VALUES));
  } catch {
    return 'must be a full address, such as https://tracker.example.com/postback?id={click_id}';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https://';
  if (url.username || url.password) return 'must not carry a user name or password before the host';
  // The host is fixed by the affiliate, never by a sale's values.
  if (isMacroInAuthority(template, url)) return 'must not have a macro in its host';
  return null;
}

export const postbackUrlSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(POSTBACK_URL_MAX)
  .superRefine((value, ctx) => {
    const problem = postbackUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const postbackEventsSchema = z
  .array(z.enum(POSTBACK_EVENTS))
  .max(POSTBACK_EVENTS.length)
  .transform((events) => POSTBACK_EVENTS.filter((event) => events.includes(event)));

/** The affiliate's postback as saved; `url` null until one is saved. */
export const postbackSettingsSchema = z.object({
  url: z.string().nullable(),
  events: z.array(z.enum(POSTBACK_EVENTS)),
  active: z.boolean(),
});
export type PostbackSettings = z.infer<typeof postbackSettingsSchema>;

export const updatePostbackBodySchema = z.object({
  url: postbackUrlSchema,
  events: postbackEventsSchema,
  active: z.boolean(),
});
export type UpdatePostbackBody = z.input<typeof updatePostbackBodySchema>;

export const testPostbackBodySchema = z.object({ url: postbackUrlSchema });
export type TestPostbackBody = z.input<typeof testPostbackBodySchema>;

/** What the tracker answered to a test send (nothing is queued nor kept). */
export const postbackTestResultSchema = z.object({
  url: z.string(),
  is_delivered: z.boolean(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type PostbackTestResult = z.infer<typeof postbackTestResultSchema>;

export const POSTBACK_DELIVERY_STATES = ['queued', 'delivered', 'failed', 'skipped'] as const;

export const postbackDeliverySchema = z.object({
  id: z.number().int(),
  event: z.enum(POSTBACK_EVENTS),
  sale_id: z.number().int(),
  /** queued (waiting or retrying), delivered (a 2xx), failed (out of attempts), skipped (postbacks turned off). */
  state: z.enum(POSTBACK_DELIVERY_STATES),
  /** The last attempt's address, macros filled in; null before the first. */
  url: z.string().nullable(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  delivered_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type PostbackDelivery = z.infer<typeof postbackDeliverySchema>;

export const POSTBACK_DELIVERIES_PAGE_MAX = 50;

export const postbackDeliveryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(POSTBACK_DELIVERIES_PAGE_MAX).default(10),
});
export const postbackDeliveryListSchema = pageOf(postbackDeliverySchema);
