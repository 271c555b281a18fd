import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Programme-wide switches an admin changes at run time (maintenance mode, redemption rules...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
