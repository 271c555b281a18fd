import type { PixKeyType } from '@contract/pix';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { affiliates, campaigns } from '../src/db/schema';
import { createSignedIn } from './fixtures';
import type { TestApp } from './helper';

type SignedIn = Awaited<ReturnType<typeof createSignedIn>>;

/** A campaign paying 100 % of a sale, so a sale of N cents earns N cents of commission. */
export async function fullCommissionCampaign(t: TestApp) {
  const [campaign] = await t.database.db
    .insert(campaigns)
    .values({
      name: `Repasse ${Date.now()}`,
      destinationUrl: 'https://repasse.example.com/',
      commissionType: 'percent',
      commissionValue: 10_000,
      cookieDays: 30,
      holdDays: 0,
    })
    .returning();
  return campaign?.id ?? 0;
}

/**
 * An affiliate with an approved redemption of `cents` to a PIX key (their email unless given),
 * through the real life cycle: an approved sale at 100 %, the affiliate's request, the admin's approval.
 */
export async function approvedRedemption(
  t: TestApp,
  admin: SignedIn,
  campaignId: number,
  cents: number,
  key?: { pix_key: string; pix_key_type: PixKeyType },
) {
  const call = (url: string, payload: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload: payload as object });
  const person = await createSignedIn(t.app, t.database.db);
  const affiliateId = person.user.affiliateId ?? 0;
  await t.database.db
    .update(affiliates)
    .set({ pixKey: key?.pix_key ?? person.user.email, pixKeyType: key?.pix_key_type ?? 'email' })
    .where(eq(affiliates.id, affiliateId));
  const sale = await call(
    '/sales',
    {
      campaign_id: campaignId,
      affiliate_id: affiliateId,
      amount_cents: cents,
      payment_method: 'pix',
      status: 'approved',
    },
    admin.headers,
  );
  expect(sale.statusCode).toBe(201);
  const requested = await call('/redemptions', { amount_cents: cents, method: 'pix' }, person.headers);
  expect(requested.statusCode).toBe(201);
  const id = requested.json().id as number;
  expect((await call(`/redemptions/${id}/approve`, undefined, admin.headers)).statusCode).toBe(200);
  return { id, affiliateId, person };
}
