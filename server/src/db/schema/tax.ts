import { BRAZIL_STATES, TAX_KINDS } from '@contract/tax';
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { affiliates } from './programme';

/** Whom the programme pays, as tax papers name them (docs/decisions/038): one per affiliate. */
export const taxProfiles = pgTable('tax_profiles', {
  affiliateId: bigint('affiliate_id', { mode: 'number' })
    .primaryKey()
    .references(() => affiliates.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: TAX_KINDS }).notNull(),
  /** CPF or CNPJ, digits only, check digits verified. */
  document: text('document').notNull(),
  legalName: text('legal_name').notNull(),
  street: text('street').notNull(),
  number: text('number').notNull(),
  complement: text('complement').notNull().default(''),
  district: text('district').notNull(),
  city: text('city').notNull(),
  state: text('state', { enum: BRAZIL_STATES }).notNull(),
  postalCode: text('postal_code').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
