import type { Balance, LedgerEntry } from '@contract/ledger';
import { OPEN_REDEMPTION_STATUSES } from '@contract/ledger';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, payments, payoutReceipts, redemptions, sales } from '../../db/schema';
import { getRedemptionSettings } from './redemption-settings';

export type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

export type NewLedgerEntry = {
  affiliateId: number;
  kind: LedgerKind;
  /** Signed: credits are positive, debits negative. */
  amountCents: number;
  saleId?: number;
  redemptionId?: number;
  note?: string;
  /** When it happened: the decision's own time, so a story reads in order (defaults to the transaction's). */
  at?: Date;
};

function ledgerRowOf(entry: NewLedgerEntry) {
  return {
    affiliateId: entry.affiliateId,
    kind: entry.kind,
    amountCents: entry.amountCents,
    saleId: entry.saleId ?? null,
    redemptionId: entry.redemptionId ?? null,
    note: entry.note ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  };
}

/**
 * The only way money moves: one more line in the affiliate's ledger. Call it inside the transaction
 * that makes the change it records; the table refuses updates and deletes.
 */
export async function appendLedgerEntry(db: Db, entry: NewLedgerEntry) {
  const [row] = await db.insert(ledgerEntries).values(ledgerRowOf(entry)).returning();
  if (!row) throw new Error('ledger insert returned nothing');
  return row;
}

/** Several lines in one statement (the commissions of a batch of sales recorded as approved). */
export async function appendLedgerEntries(db: Db, entries: NewLedgerEntry[]) {
  if (entries.length === 0) return;
  await db.insert(ledgerEntries).values(entries.map(ledgerRowOf));
}

/** Available balance: the sum of the ledger. */
export async function availableBalance(db: Db, affiliateId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.affiliateId, affiliateId));
  return Number(row?.cents ?? 0);
}

export async function getBalance(db: Db, affiliateId: number, minRedemptionCents: number): Promise<Balance> {
  const sum = (column: typeof payments.amountCents | typeof redemptions.amountCents) =>
    sql<string>`coalesce(sum(${column}), 0)`;
  const [available, [pending], [paid], [reserved], rules] = await Promise.all([
    availableBalance(db, affiliateId),
    // Their own pending sales, and their shares of split ones (docs/decisions/021).
    db
      .select({
        cents: sql<string>`coalesce(sum(case when ${sales.affiliateId} = ${affiliateId} then ${sales.commissionCents} - ${sales.sharedCommissionCents} else ${sales.sharedCommissionCents} end), 0)`,
      })
      .from(sales)
      .where(
        and(
          or(eq(sales.affiliateId, affiliateId), eq(sales.sharedAffiliateId, affiliateId)),
          eq(sales.status, 'pending'),
        ),
      ),
    db
      .select({ cents: sum(payments.amountCents) })
      .from(payments)
      .where(eq(payments.affiliateId, affiliateId)),
    db
      .select({ cents: sum(redemptions.amountCents) })
      .from(redemptions)
      .where(and(eq(redemptions.affiliateId, affiliateId), inArray(redemptions.status, [...OPEN_REDEMPTION_STATUSES]))),
    getRedemptionSettings(db),
  ]);
  return {
    available_cents: available,
    pending_cents: Number(pending?.cents ?? 0),
    paid_cents: Number(paid?.cents ?? 0),
    reserved_cents: Number(reserved?.cents ?? 0),
    min_redemption_cents: minRedemptionCents,
    one_open_at_a_time: rules.one_open_at_a_time,
  };
}

/** A statement reads in date order; entries of the same instant in the order they were written. */
const DATE_ORDER = sql`${ledgerEntries.createdAt}, ${ledgerEntries.id}`;

/** A redemption's debit, when paid with a receipt, beside what was withheld and what reached the affiliate. */
const paidWithReceipt = and(
  eq(payoutReceipts.redemptionId, ledgerEntries.redemptionId),
  eq(ledgerEntries.kind, 'redemption'),
);
const receiptColumns = {
  withheld: sql<number | null>`${payoutReceipts.grossCents} - ${payoutReceipts.netCents}`.mapWith(Number),
  net: payoutReceipts.netCents,
};
type ReceiptColumns = { withheld: number | null; net: number | null };

function toLedgerEntry(
  entry: typeof ledgerEntries.$inferSelect,
  balanceCents: number,
  receipt: ReceiptColumns,
): LedgerEntry {
  return {
    id: entry.id,
    kind: entry.kind,
    amount_cents: entry.amountCents,
    balance_cents: balanceCents,
    sale_id: entry.saleId,
    redemption_id: entry.redemptionId,
    note: entry.note,
    withheld_cents: receipt.net === null ? null : receipt.withheld,
    net_paid_cents: receipt.net,
    created_at: entry.createdAt.toISOString(),
  };
}

/**
 * Statement lines, newest first by date, each with the balance right after it: a running sum in
 * date order over the affiliate's whole ledger (the window sees every row before the page is cut).
 */
export async function findLedger(db: Db, affiliateId: number, page: number, pageSize: number) {
  const running = sql<string>`sum(${ledgerEntries.amountCents}) over (order by ${DATE_ORDER} rows between unbounded preceding and current row)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: ledgerEntries, balance: running, ...receiptColumns })
      .from(ledgerEntries)
      .leftJoin(payoutReceipts, paidWithReceipt)
      .where(eq(ledgerEntries.affiliateId, affiliateId))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(eq(ledgerEntries.affiliateId, affiliateId)),
  ]);
  const items = rows.map(({ entry, balance, ...receipt }) => toLedgerEntry(entry, Number(balance), receipt));
  return { items, total: Number(total?.n ?? 0), page, page_size: pageSize };
}

/** The whole statement oldest first, a page at a time, with the running balance (the CSV export streams it). */
export async function* iterateLedger(db: Db, affiliateId: number, pageSize = 1000) {
  let balance = 0;
  for (let page = 0; ; page++) {
    const rows = await db
      .select({ entry: ledgerEntries, ...receiptColumns })
      .from(ledgerEntries)
      .leftJoin(payoutReceipts, paidWithReceipt)
      .where(eq(ledgerEntries.affiliateId, affiliateId))
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
      .limit(pageSize)
      .offset(page * pageSize);
    for (const { entry, ...receipt } of rows) {
      balance += entry.amountCents;
      yield toLedgerEntry(entry, balance, receipt);
    }
    if (rows.length < pageSize) return;
  }
}
