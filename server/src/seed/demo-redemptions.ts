import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  affiliates,
  ledgerEntries,
  payments,
  payoutBatches,
  payoutItems,
  payoutReceipts,
  redemptions,
  settings,
  taxProfiles,
  users,
} from '../db/schema';
import { brasiliaMonthOf } from '../modules/payouts/payout-withholdings';
import { DEFAULT_WITHHOLDING_SETTINGS, rpaWithholdings } from '../modules/tax/withholdings';

const DAY_MS = 86_400_000;
/** A busy demo affiliate, as the activity seed made them. */
export type Person = { affiliate: typeof affiliates.$inferSelect; email: string };

/**
 * Each busy affiliate has a PIX key and has redeemed part of what they earned: paid requests with
 * their payments, one rejected (its amount released), one waiting for a decision and one approved
 * waiting to be paid. Ana (the demo's sign-in) has none open, so her first request goes through.
 */
export async function seedRedemptions(tx: Db, people: Person[], now: number) {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'Administrador')).limit(1);
  if (!admin) return;
  const paidTogether: {
    redemptionId: number;
    affiliateId: number;
    amountCents: number;
    reference: string;
    paidAt: Date;
  }[] = [];
  for (const [p, person] of people.slice(0, 4).entries()) {
    const id = person.affiliate.id;
    await tx.update(affiliates).set({ pixKey: person.email, pixKeyType: 'email' }).where(eq(affiliates.id, id));
    const [row] = await tx
      .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.affiliateId, id));
    const earned = Number(row?.cents ?? 0);
    const destination = { type: 'pix' as const, pix_key_type: 'email' as const, pix_key: person.email };
    const steps: { share: number; daysAgo: number; status: 'paid' | 'rejected' | 'requested' | 'approved' }[] = [
      { share: 0.4, daysAgo: 25, status: 'paid' },
      ...(p === 1 ? [{ share: 0.2, daysAgo: 12, status: 'rejected' as const }] : []),
      ...(p === 2 ? [{ share: 0.25, daysAgo: 1, status: 'requested' as const }] : []),
      ...(p === 3 ? [{ share: 0.2, daysAgo: 2, status: 'approved' as const }] : []),
    ];
    for (const step of steps) {
      const amount = Math.floor((earned * step.share) / 100) * 100;
      if (amount < 1_000) continue;
      const requestedAt = new Date(now - step.daysAgo * DAY_MS);
      const decidedAt = new Date(requestedAt.getTime() + 2 * DAY_MS);
      const approved = step.status === 'paid' || step.status === 'approved';
      const open = step.status === 'requested' || step.status === 'approved';
      const [redemption] = await tx
        .insert(redemptions)
        .values({
          affiliateId: id,
          amountCents: amount,
          method: 'pix',
          destination,
          status: step.status,
          requestedAt,
          approvedAt: approved ? new Date(requestedAt.getTime() + DAY_MS) : null,
          approvedBy: approved ? admin.id : null,
          decidedAt: open ? null : decidedAt,
          decidedBy: open ? null : admin.id,
          note: step.status === 'rejected' ? 'Chave PIX não confere com o titular' : null,
        })
        .returning();
      if (!redemption) continue;
      await tx.insert(ledgerEntries).values({
        affiliateId: id,
        kind: 'redemption',
        amountCents: -amount,
        redemptionId: redemption.id,
        createdAt: requestedAt,
      });
      if (step.status === 'rejected') {
        await tx.insert(ledgerEntries).values({
          affiliateId: id,
          kind: 'redemption_release',
          amountCents: amount,
          redemptionId: redemption.id,
          note: redemption.note,
          createdAt: decidedAt,
        });
      }
      if (step.status === 'paid') {
        const reference = `E00000000${String(redemption.id).padStart(4, '0')}202611DEMO`;
        await tx.insert(payments).values({
          redemptionId: redemption.id,
          affiliateId: id,
          amountCents: amount,
          method: 'pix',
          reference,
          paidAt: decidedAt,
          paidBy: admin.id,
        });
        paidTogether.push({
          redemptionId: redemption.id,
          affiliateId: id,
          amountCents: amount,
          reference,
          paidAt: decidedAt,
        });
      }
    }
  }
  await seedPaidBatch(tx, admin.id, paidTogether);
}

/** The demo's tax details: Ana is a person (her receipts carry her CPF), Bruno a company (he sends NFS-e). */
const DEMO_TAX_PROFILES = [
  { kind: 'person' as const, document: '52998224725', legalName: 'Ana Souza' },
  { kind: 'company' as const, document: '11222333000181', legalName: 'Bruno Oliveira Marketing Digital LTDA' },
];

/**
 * Last month's payments were one payout batch, paid by hand from its CSV (docs/decisions/037); a
 * person's payment came with its receipt (RPA) and the withholdings of the default rates (038).
 */
async function seedPaidBatch(
  tx: Db,
  adminId: number,
  paid: { redemptionId: number; affiliateId: number; amountCents: number; reference: string; paidAt: Date }[],
) {
  const last = paid.at(-1);
  if (!last) return;
  // The demo programme's company, as its receipts name it.
  await tx
    .insert(settings)
    .values({
      key: 'withholdings',
      value: { ...DEFAULT_WITHHOLDING_SETTINGS, payer_name: 'Afiliados Demo LTDA', payer_document: '11444777000161' },
    })
    .onConflictDoNothing();
  const people = [...new Set(paid.map((p) => p.affiliateId))];
  for (const [n, profile] of DEMO_TAX_PROFILES.entries()) {
    const affiliateId = people[n];
    if (affiliateId === undefined) continue;
    await tx.insert(taxProfiles).values({
      affiliateId,
      ...profile,
      street: 'Rua do Bom Jesus',
      number: String(100 + n),
      complement: '',
      district: 'Recife Antigo',
      city: 'Recife',
      state: 'PE',
      postalCode: '50030170',
    });
  }
  const createdAt = new Date(Math.min(...paid.map((p) => p.paidAt.getTime())) - DAY_MS / 4);
  const [batch] = await tx
    .insert(payoutBatches)
    .values({ status: 'done', provider: 'manual', createdBy: adminId, createdAt, paidBy: adminId, paidAt: last.paidAt })
    .returning({ id: payoutBatches.id });
  if (!batch) return;
  for (const p of paid) {
    const isPerson = p.affiliateId === people[0];
    const w = isPerson ? rpaWithholdings(p.amountCents, DEFAULT_WITHHOLDING_SETTINGS) : null;
    const [item] = await tx
      .insert(payoutItems)
      .values({
        batchId: batch.id,
        redemptionId: p.redemptionId,
        affiliateId: p.affiliateId,
        amountCents: p.amountCents,
        inssCents: w?.inss_cents ?? 0,
        irrfCents: w?.irrf_cents ?? 0,
        issCents: w?.iss_cents ?? 0,
        netCents: w?.net_cents ?? p.amountCents,
        status: 'paid',
        endToEndId: p.reference,
        paidAt: p.paidAt,
        createdAt,
      })
      .returning({ id: payoutItems.id });
    if (!w || !item) continue;
    const profile = DEMO_TAX_PROFILES[0];
    await tx.insert(payoutReceipts).values({
      itemId: item.id,
      affiliateId: p.affiliateId,
      redemptionId: p.redemptionId,
      month: brasiliaMonthOf(p.paidAt),
      grossCents: w.gross_cents,
      inssCents: w.inss_cents,
      irrfCents: w.irrf_cents,
      issCents: w.iss_cents,
      netCents: w.net_cents,
      payee: {
        kind: 'person',
        document: profile?.document ?? '',
        legal_name: profile?.legalName ?? '',
        street: 'Rua do Bom Jesus',
        number: '100',
        complement: '',
        district: 'Recife Antigo',
        city: 'Recife',
        state: 'PE',
        postal_code: '50030170',
      },
      endToEndId: p.reference,
      paidAt: p.paidAt,
    });
  }
}
