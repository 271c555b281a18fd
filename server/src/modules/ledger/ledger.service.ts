import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema';

export type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

export type NewLedgerEntry = {
  affiliateId: number;
  kind: LedgerKind;
  /** Signed: credits are positive, debits negative. */
  amountCents: number;
  saleId?: number;
  redemptionId?: number;
  note?: string;
};

/**
 * The only way money moves: one more line in the affiliate's ledger. Call it inside the transaction
 * that makes the change it records; the table refuses updates and deletes.
 */
export async function appendLedgerEntry(db: Db, entry: NewLedgerEntry) {
  const [row] = await db
    .insert(ledgerEntries)
    .values({
      affiliateId: entry.affiliateId,
      kind: entry.kind,
      amountCents: entry.amountCents,
      saleId: entry.saleId ?? null,
      redemptionId: entry.redemptionId ?? null,
      note: entry.note ?? null,
    })
    .returning();
  if (!row) throw new Error('ledger insert returned nothing');
  return row;
}

/** Available balance: the sum of the ledger. */
export async function availableBalance(db: Db, affiliateId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.affiliateId} = ${affiliateId}`);
  return Number(row?.cents ?? 0);
}
