import { brasiliaDayOf } from '@contract/calendar';
import type { WithholdingSettings } from '@contract/tax';
import { and, asc, eq, inArray, isNotNull, ne, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliates, payoutBatches, payoutItems, payoutReceipts } from '../../db/schema';
import { getTaxProfile } from '../tax/tax-profile.service';
import { rpaWithholdings } from '../tax/withholdings';

type ItemRow = typeof payoutItems.$inferSelect;
type Sums = { gross: number; inss: number; irrf: number; iss: number };

export const brasiliaMonthOf = (at: Date) => brasiliaDayOf(at).slice(0, 7);

/** Items whose withholdings are fixed and which are on their way (sent, or held for an admin). */
const ON_THEIR_WAY = ['sending', 'processing', 'held'] as const;

/**
 * What this person's month already holds: its receipts (items paid), and the items of other batches
 * paid this month that are still on their way, whose withholdings were fixed when their batch was paid.
 */
/** The four sums of a month's rows, each a column of amounts in cents. */
const sumsOf = (gross: SQLWrapper, inss: SQLWrapper, irrf: SQLWrapper, iss: SQLWrapper) => ({
  gross: sql<string>`coalesce(sum(${gross}), 0)`,
  inss: sql<string>`coalesce(sum(${inss}), 0)`,
  irrf: sql<string>`coalesce(sum(${irrf}), 0)`,
  iss: sql<string>`coalesce(sum(${iss}), 0)`,
});

async function withheldThisMonth(tx: Db, affiliateId: number, month: string, batchId: number): Promise<Sums> {
  const r = payoutReceipts;
  const [paid] = await tx
    .select(sumsOf(r.grossCents, r.inssCents, r.irrfCents, r.issCents))
    .from(r)
    .where(and(eq(r.affiliateId, affiliateId), eq(r.month, month)));
  const i = payoutItems;
  const [onTheirWay] = await tx
    .select(sumsOf(i.amountCents, i.inssCents, i.irrfCents, i.issCents))
    .from(i)
    .innerJoin(payoutBatches, eq(payoutBatches.id, i.batchId))
    .where(
      and(
        eq(i.affiliateId, affiliateId),
        inArray(i.status, [...ON_THEIR_WAY]),
        isNotNull(i.netCents),
        ne(i.batchId, batchId),
        sql`to_char((${payoutBatches.paidAt} at time zone 'UTC') - interval '3 hours', 'YYYY-MM') = ${month}`,
      ),
    );
  const both = (key: keyof Sums) => Number(paid?.[key] ?? 0) + Number(onTheirWay?.[key] ?? 0);
  return { gross: both('gross'), inss: both('inss'), irrf: both('irrf'), iss: both('iss') };
}

/**
 * Fixes what each item of a batch being paid withholds (docs/decisions/038). A person's: the
 * month's withholdings on everything paid to them this month, this item included, less what the
 * month's receipts, other batches' items on their way and this batch's earlier items already
 * withheld: the INSS ceiling and the IRRF table are monthly. A company's, or an affiliate's without a tax profile: nothing (net = gross).
 */
export async function withholdForBatch(tx: Db, items: ItemRow[], settings: WithholdingSettings, at: Date) {
  const month = brasiliaMonthOf(at);
  const sums = new Map<number, Sums>();
  // Two batches of one person paid at once would each read the month without the other: each
  // waits for the other's commit, the affiliates locked in one order so that neither deadlocks.
  const people = [...new Set(items.map((item) => item.affiliateId))].sort((a, b) => a - b);
  if (people.length > 0) {
    await tx
      .select({ id: affiliates.id })
      .from(affiliates)
      .where(inArray(affiliates.id, people))
      .orderBy(asc(affiliates.id))
      .for('update');
  }
  for (const item of items) {
    const profile = await getTaxProfile(tx, item.affiliateId);
    if (profile?.kind !== 'person') {
      await tx.update(payoutItems).set({ netCents: item.amountCents }).where(eq(payoutItems.id, item.id));
      continue;
    }
    const before = sums.get(item.affiliateId) ?? (await withheldThisMonth(tx, item.affiliateId, month, item.batchId));
    const total = rpaWithholdings(before.gross + item.amountCents, settings);
    const inss = total.inss_cents - before.inss;
    const irrf = Math.max(0, total.irrf_cents - before.irrf);
    const iss = total.iss_cents - before.iss;
    sums.set(item.affiliateId, {
      gross: before.gross + item.amountCents,
      inss: before.inss + inss,
      irrf: before.irrf + irrf,
      iss: before.iss + iss,
    });
    await tx
      .update(payoutItems)
      .set({ inssCents: inss, irrfCents: irrf, issCents: iss, netCents: item.amountCents - inss - irrf - iss })
      .where(eq(payoutItems.id, item.id));
  }
}

/** The receipt of a person's paid item, with the tax profile as it is at payment. */
export async function writeReceipt(tx: Db, item: ItemRow, endToEndId: string, paidAt: Date) {
  const profile = await getTaxProfile(tx, item.affiliateId);
  if (profile?.kind !== 'person') return;
  const { updated_at: _, ...payee } = profile;
  await tx.insert(payoutReceipts).values({
    itemId: item.id,
    affiliateId: item.affiliateId,
    redemptionId: item.redemptionId,
    month: brasiliaMonthOf(paidAt),
    grossCents: item.amountCents,
    inssCents: item.inssCents,
    irrfCents: item.irrfCents,
    issCents: item.issCents,
    netCents: item.amountCents - item.inssCents - item.irrfCents - item.issCents,
    payee,
    endToEndId,
    paidAt,
  });
}
