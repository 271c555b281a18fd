import {
  fillPostbackUrl,
  type PostbackDelivery,
  type PostbackSettings,
  type PostbackTestResult,
  SAMPLE_MACRO_VALUES,
  type updatePostbackBodySchema,
} from '@contract/postbacks';
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { affiliatePostbacks, postbackDeliveries } from '../../db/schema';
import { AppError } from '../../errors';
import { checkDestination, type DestinationPolicy, DestinationRefused, sendPostback } from '../../outbound/destination';

type UpdatePostbackBody = z.output<typeof updatePostbackBodySchema>;

export async function getPostback(db: Db, affiliateId: number): Promise<PostbackSettings> {
  const [row] = await db.select().from(affiliatePostbacks).where(eq(affiliatePostbacks.affiliateId, affiliateId));
  return row ? { url: row.url, events: row.events, active: row.active } : { url: null, events: [], active: false };
}

/** Refuses, naming `url`, a template whose filled address may not be reached (destination.ts). */
async function checkTemplate(template: string, policy: DestinationPolicy): Promise<URL> {
  const url = new URL(fillPostbackUrl(template, SAMPLE_MACRO_VALUES));
  try {
    await checkDestination(url, policy);
  } catch (error) {
    if (!(error instanceof DestinationRefused)) throw error;
    throw new AppError('UNPROCESSABLE', `url: ${error.message}`, {
      reason: 'POSTBACK_DESTINATION_REFUSED',
      errors: [{ field: 'url', message: error.message }],
    });
  }
  return url;
}

export async function updatePostback(
  db: Db,
  affiliateId: number,
  body: UpdatePostbackBody,
  policy: DestinationPolicy,
): Promise<PostbackSettings> {
  await checkTemplate(body.url, policy);
  const values = { url: body.url, events: body.events, active: body.active, updatedAt: new Date() };
  await db
    .insert(affiliatePostbacks)
    .values({ affiliateId, ...values })
    .onConflictDoUpdate({ target: affiliatePostbacks.affiliateId, set: values });
  return { url: body.url, events: body.events, active: body.active };
}

/** A GET to the template filled with sample values, answered at once; nothing is queued nor kept. */
export async function sendTestPostback(
  template: string,
  policy: DestinationPolicy,
  timeoutMs: number,
): Promise<PostbackTestResult> {
  const url = await checkTemplate(template, policy);
  const result = await sendPostback(url, policy, timeoutMs);
  return {
    url: url.toString(),
    is_delivered: result.isDelivered,
    status_code: result.statusCode,
    error: result.error,
    duration_ms: result.durationMs,
  };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The affiliate's own deliveries, newest first, a page at a time. */
export async function findPostbackDeliveries(
  db: Db,
  affiliateId: number,
  query: { page: number; page_size: number },
): Promise<{ items: PostbackDelivery[]; total: number; page: number; page_size: number }> {
  const mine = eq(postbackDeliveries.affiliateId, affiliateId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(postbackDeliveries)
      .where(mine)
      .orderBy(desc(postbackDeliveries.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(postbackDeliveries).where(mine),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      event: row.event,
      sale_id: row.saleId,
      state: row.state,
      url: row.url,
      status_code: row.statusCode,
      error: row.error,
      attempts: row.attempts,
      delivered_at: iso(row.deliveredAt),
      // While a worker holds a row, its next attempt is the hold's end: not a retry to show.
      next_attempt_at: row.state === 'queued' ? iso(row.nextAttemptAt) : null,
      last_attempt_at: iso(row.lastAttemptAt),
      created_at: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
