import type { FaqItem, Question } from '@contract/programme';
import { QUESTION_KINDS } from '@contract/programme';
import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { affiliates } from './programme';
import { users } from './users';

/** The public programme page (docs/decisions/043): one row, written by the admin's settings screen. */
export const programmePage = pgTable(
  'programme_page',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull(),
    pitch: text('pitch').notNull().default(''),
    faq: jsonb('faq').$type<FaqItem[]>().notNull().default([]),
    /** The questions asked of everyone who applies, in order; each keeps its id while it exists. */
    questions: jsonb('questions').$type<Question[]>().notNull().default([]),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('programme_page_one_row', sql`${t.id} = 1`)],
);

/** An applicant's answers, with each question's label and kind as they were asked. */
export const applicationAnswers = pgTable(
  'application_answers',
  {
    affiliateId: bigint('affiliate_id', { mode: 'number' })
      .notNull()
      .references(() => affiliates.id),
    questionId: text('question_id').notNull(),
    label: text('label').notNull(),
    kind: text('kind', { enum: QUESTION_KINDS }).notNull(),
    value: text('value').notNull(),
    /** The question's place on the form, so answers read in the order they were asked. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.affiliateId, t.questionId] })],
);
