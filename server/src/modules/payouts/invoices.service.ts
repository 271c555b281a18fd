import type { InvoiceLine, PayoutInvoice } from '@contract/payouts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliates, payoutInvoices, redemptions, taxProfiles, users } from '../../db/schema';
import { AppError, fieldError } from '../../errors';
import { audit } from '../audit/audit.service';
import { brl } from '../ledger/redemptions.service';
import { notifyAdmins } from '../notifications/notifications.service';

/**
 * What an NFS-e's XML states: the service's value and its issuer. The national layout (mandatory
 * from 2026; namespace http://www.sped.fazenda.gov.br/nfse) carries them as `valores/vServPrest/vServ`
 * and `prest/CNPJ` in the DPS, or `emit/CNPJ` in the issued note; the older municipal ABRASF layout
 * as `ValorServicos` and the provider's `Cnpj`. Read by element name, any prefix.
 */
export function readNfseXml(xml: string): { amountCents: number | null; issuer: string | null } {
  const first = (names: string[]) => {
    for (const name of names) {
      const match = new RegExp(`<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?>\\s*([^<]+?)\\s*</(?:[\\w-]+:)?${name}>`).exec(xml);
      if (match?.[1]) return match[1];
    }
    return null;
  };
  const value = first(['vServ', 'ValorServicos']);
  const amountCents = value !== null && /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : null;
  const issuerBlock =
    /<(?:[\w-]+:)?(prest|emit|Prestador|PrestadorServico)\b[\s\S]*?<\/(?:[\w-]+:)?\1>/.exec(xml)?.[0] ?? '';
  const issuer = /<(?:[\w-]+:)?(?:CNPJ|Cnpj)>\s*(\d{14})\s*</.exec(issuerBlock)?.[1] ?? null;
  return { amountCents, issuer };
}

const toInvoice = (row: typeof payoutInvoices.$inferSelect): PayoutInvoice => ({
  redemption_id: row.redemptionId,
  format: row.format,
  amount_cents: row.amountCents,
  status: row.status,
  note: row.note,
  uploaded_at: row.uploadedAt.toISOString(),
});

export async function getInvoice(db: Db, viewer: { isAdmin: boolean; affiliateId?: number }, redemptionId: number) {
  const [row] = await db
    .select()
    .from(payoutInvoices)
    .where(
      and(
        eq(payoutInvoices.redemptionId, redemptionId),
        viewer.isAdmin ? undefined : eq(payoutInvoices.affiliateId, viewer.affiliateId ?? 0),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', `No invoice for redemption ${redemptionId}.`);
  return { invoice: toInvoice(row), content: row.content };
}

/**
 * A company affiliate's NFS-e for one of its redemptions not yet paid. An XML must state the
 * redemption's exact value (and, when it names its issuer, the affiliate's CNPJ): accepted at once.
 * A PDF cannot be read reliably: it waits for an admin, who is told.
 */
export async function uploadInvoice(db: Db, affiliateId: number, redemptionId: number, file: Buffer) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ redemption: redemptions, profile: taxProfiles })
      .from(redemptions)
      .leftJoin(taxProfiles, eq(taxProfiles.affiliateId, redemptions.affiliateId))
      .where(and(eq(redemptions.id, redemptionId), eq(redemptions.affiliateId, affiliateId)));
    if (!row) throw new AppError('NOT_FOUND', `Redemption ${redemptionId} not found.`);
    const { redemption, profile } = row;
    if (profile?.kind !== 'company') {
      throw new AppError('CONFLICT', 'Only a company (CNPJ in the tax profile) sends an invoice.', {
        reason: 'NOT_A_COMPANY',
      });
    }
    if (redemption.status === 'paid' || redemption.status === 'rejected') {
      throw new AppError('CONFLICT', `A ${redemption.status} redemption takes no invoice.`, {
        reason: 'INVALID_TRANSITION',
      });
    }
    const isPdf = file.subarray(0, 5).toString('latin1') === '%PDF-';
    let amountCents: number | null = null;
    if (!isPdf) {
      const read = readNfseXml(file.toString('utf8'));
      if (read.amountCents === null)
        throw fieldError('file', 'must be the NFS-e as PDF or XML (no service value found)');
      if (read.amountCents !== redemption.amountCents) {
        throw fieldError(
          'file',
          `states ${brl('en', read.amountCents)}; the redemption is ${brl('en', redemption.amountCents)}`,
        );
      }
      if (read.issuer && read.issuer !== profile.document) {
        throw fieldError('file', 'was issued by another CNPJ than the one in your tax profile');
      }
      amountCents = read.amountCents;
    }
    const values = {
      affiliateId,
      format: isPdf ? ('pdf' as const) : ('xml' as const),
      content: file,
      amountCents,
      status: isPdf ? ('review' as const) : ('accepted' as const),
      note: null,
      uploadedAt: new Date(),
      reviewedBy: null,
      reviewedAt: null,
    };
    const [saved] = await tx
      .insert(payoutInvoices)
      .values({ redemptionId, ...values })
      .onConflictDoUpdate({ target: payoutInvoices.redemptionId, set: values })
      .returning();
    if (!saved) throw new Error('invoice not written');
    if (isPdf) {
      await notifyAdmins(tx, {
        kind: 'invoice.review',
        title: 'An invoice to check',
        text: `The NFS-e (PDF) of redemption #${redemptionId} (${brl('en', redemption.amountCents)}) waits for your check.`,
        pt: {
          title: 'Nota fiscal para conferir',
          text: `A NFS-e (PDF) do resgate nº ${redemptionId} (${brl('pt', redemption.amountCents)}) aguarda sua conferência.`,
        },
        data: { redemption_id: redemptionId },
      });
    }
    return toInvoice(saved);
  });
}

/** An admin's check of a PDF invoice: accepted (the redemption may be batched) or refused with why. */
export async function reviewInvoice(
  db: Db,
  actorId: number,
  redemptionId: number,
  decision: { accept: boolean; note?: string | undefined },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(payoutInvoices)
      .set({
        status: decision.accept ? 'accepted' : 'refused',
        note: decision.note ?? null,
        reviewedBy: actorId,
        reviewedAt: new Date(),
      })
      .where(and(eq(payoutInvoices.redemptionId, redemptionId), eq(payoutInvoices.status, 'review')))
      .returning();
    if (!row)
      throw new AppError('CONFLICT', `No invoice of redemption ${redemptionId} waits for a check.`, {
        reason: 'NOT_IN_REVIEW',
      });
    await audit(tx, {
      actorId,
      action: decision.accept ? 'invoice.accept' : 'invoice.refuse',
      entity: 'redemption',
      entityId: redemptionId,
      after: { status: row.status, note: row.note },
    });
    return toInvoice(row);
  });
}

/**
 * Redemptions (among `ids`, or any when omitted) of companies that still owe their accepted NFS-e:
 * what a batch may not take while the admin requires invoices.
 */
export const owesInvoice = sql`exists (
  select 1 from ${taxProfiles} tp where tp.affiliate_id = ${redemptions.affiliateId} and tp.kind = 'company'
) and not exists (
  select 1 from ${payoutInvoices} pi where pi.redemption_id = ${redemptions.id} and pi.status = 'accepted'
)`;

/** The invoices sent, newest first (those waiting for a check, with `status: 'review'`), for admins. */
export async function findInvoices(db: Db, status?: 'review' | 'accepted' | 'refused'): Promise<InvoiceLine[]> {
  const rows = await db
    .select({
      invoice: payoutInvoices,
      firstName: users.firstName,
      lastName: users.lastName,
      legalName: taxProfiles.legalName,
      amountCents: redemptions.amountCents,
    })
    .from(payoutInvoices)
    .innerJoin(redemptions, eq(redemptions.id, payoutInvoices.redemptionId))
    .innerJoin(affiliates, eq(affiliates.id, payoutInvoices.affiliateId))
    .innerJoin(users, eq(users.id, affiliates.userId))
    .leftJoin(taxProfiles, eq(taxProfiles.affiliateId, payoutInvoices.affiliateId))
    .where(status ? eq(payoutInvoices.status, status) : undefined)
    .orderBy(desc(payoutInvoices.uploadedAt))
    .limit(500);
  return rows.map((row) => ({
    ...toInvoice(row.invoice),
    affiliate_id: row.invoice.affiliateId,
    affiliate_name: `${row.firstName} ${row.lastName}`,
    legal_name: row.legalName,
    redemption_amount_cents: row.amountCents,
  }));
}
