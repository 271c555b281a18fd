import { dayAfter, dayStart } from '@contract/calendar';
import type { Payment, paymentListQuerySchema } from '@contract/ledger';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { affiliates, payments, users } from '../../db/schema';
import type { Viewer } from '../../plugins/auth';

type PaymentQuery = z.output<typeof paymentListQuerySchema>;
const payer = alias(users, 'payer');

function selectPayments(db: Db) {
  return db
    .select({
      payment: payments,
      firstName: users.firstName,
      lastName: users.lastName,
      code: affiliates.code,
      payerName: sql<string>`${payer.firstName} || ' ' || ${payer.lastName}`,
    })
    .from(payments)
    .innerJoin(affiliates, eq(affiliates.id, payments.affiliateId))
    .innerJoin(users, eq(users.id, affiliates.userId))
    .innerJoin(payer, eq(payer.id, payments.paidBy));
}

function filtersOf(viewer: Viewer, query: Omit<PaymentQuery, 'page' | 'page_size'>) {
  const like = query.q ? `%${query.q.replace(/[%_\\]/g, '\\$&')}%` : null;
  const filters: (SQL | undefined)[] = [
    viewer.isAdmin ? undefined : eq(payments.affiliateId, viewer.affiliateId),
    query.affiliate_id && viewer.isAdmin ? eq(payments.affiliateId, query.affiliate_id) : undefined,
    query.network_id ? eq(affiliates.networkId, query.network_id) : undefined,
    query.method ? eq(payments.method, query.method) : undefined,
    query.from ? gte(payments.paidAt, dayStart(query.from)) : undefined,
    query.to ? lt(payments.paidAt, dayAfter(query.to)) : undefined,
    like
      ? sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${like} or ${affiliates.code} ilike ${like} or ${payments.reference} ilike ${like})`
      : undefined,
  ];
  return and(...filters.filter((f): f is SQL => f !== undefined));
}

function toPayment(row: Awaited<ReturnType<ReturnType<typeof selectPayments>['where']>>[number]): Payment {
  const { payment } = row;
  return {
    id: payment.id,
    redemption_id: payment.redemptionId,
    affiliate_id: payment.affiliateId,
    affiliate_name: `${row.firstName} ${row.lastName}`,
    affiliate_code: row.code,
    amount_cents: payment.amountCents,
    method: payment.method,
    reference: payment.reference,
    paid_at: payment.paidAt.toISOString(),
    paid_by_name: row.payerName,
  };
}

/** Payments, newest first: all of them for admins, one's own for an affiliate. */
export async function findPayments(db: Db, viewer: Viewer, query: PaymentQuery) {
  const where = filtersOf(viewer, query);
  const [rows, [totals]] = await Promise.all([
    selectPayments(db)
      .where(where)
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ n: sql<number>`count(*)::int`, cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
      .from(payments)
      .innerJoin(affiliates, eq(affiliates.id, payments.affiliateId))
      .innerJoin(users, eq(users.id, affiliates.userId))
      .where(where),
  ]);
  return {
    items: rows.map(toPayment),
    total: Number(totals?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
    totals: { count: Number(totals?.n ?? 0), amount_cents: Number(totals?.cents ?? 0) },
  };
}

export async function* iteratePayments(db: Db, viewer: Viewer, query: PaymentQuery, pageSize = 1000) {
  for (let page = 1; ; page++) {
    const rows = await selectPayments(db)
      .where(filtersOf(viewer, query))
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    for (const row of rows) yield toPayment(row);
    if (rows.length < pageSize) return;
  }
}
