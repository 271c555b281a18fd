import type { TaxProfile, taxProfileBodySchema } from '@contract/tax';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { taxProfiles } from '../../db/schema';
import { audit } from '../audit/audit.service';

type Row = typeof taxProfiles.$inferSelect;

const toProfile = (row: Row): TaxProfile => ({
  kind: row.kind,
  document: row.document,
  legal_name: row.legalName,
  street: row.street,
  number: row.number,
  complement: row.complement,
  district: row.district,
  city: row.city,
  state: row.state,
  postal_code: row.postalCode,
  updated_at: row.updatedAt.toISOString(),
});

export async function getTaxProfile(db: Db, affiliateId: number): Promise<TaxProfile | null> {
  const [row] = await db.select().from(taxProfiles).where(eq(taxProfiles.affiliateId, affiliateId));
  return row ? toProfile(row) : null;
}

/** The affiliate's own tax profile, replaced whole; the audit keeps who they were before. */
export async function setTaxProfile(
  db: Db,
  actorId: number,
  affiliateId: number,
  body: z.output<typeof taxProfileBodySchema>,
): Promise<TaxProfile> {
  return db.transaction(async (tx) => {
    const before = await getTaxProfile(tx, affiliateId);
    const values = {
      kind: body.kind,
      document: body.document,
      legalName: body.legal_name,
      street: body.street,
      number: body.number,
      complement: body.complement,
      district: body.district,
      city: body.city,
      state: body.state,
      postalCode: body.postal_code,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(taxProfiles)
      .values({ affiliateId, ...values })
      .onConflictDoUpdate({ target: taxProfiles.affiliateId, set: values })
      .returning();
    if (!row) throw new Error('tax profile not written');
    const after = toProfile(row);
    await audit(tx, {
      actorId,
      action: 'tax_profile.set',
      entity: 'affiliate',
      entityId: affiliateId,
      before: before ? { kind: before.kind, document: before.document, legal_name: before.legal_name } : null,
      after: { kind: after.kind, document: after.document, legal_name: after.legal_name },
    });
    return after;
  });
}
