import { randomBytes } from 'node:crypto';
import {
  type ApplicationAnswer,
  answerProblem,
  type CommissionHighlight,
  type ProgrammeSettings,
  type PublicProgramme,
  type programmeSettingsBodySchema,
  type Question,
} from '@contract/programme';
import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { applicationAnswers, campaigns, levels, programmePage } from '../../db/schema';
import { fieldError } from '../../errors';
import { audit } from '../audit/audit.service';

/** The page before an admin writes it: the product's name and nothing else. */
const DEFAULT_NAME = 'Afiliados';
/** How many campaigns the public page names. */
const HIGHLIGHTS = 6;

export async function getProgrammeSettings(db: Db): Promise<ProgrammeSettings> {
  const [row] = await db.select().from(programmePage).where(eq(programmePage.id, 1));
  if (!row) return { name: DEFAULT_NAME, pitch: '', faq: [], questions: [], updated_at: null };
  return {
    name: row.name,
    pitch: row.pitch,
    faq: row.faq,
    questions: row.questions,
    updated_at: row.updatedAt.toISOString(),
  };
}

const newQuestionId = () => `q${randomBytes(5).toString('hex')}`;

/** The whole page at once; a question keeps its id, so answers already given still point at it. */
export async function updateProgrammeSettings(
  db: Db,
  actorId: number,
  body: z.output<typeof programmeSettingsBodySchema>,
): Promise<ProgrammeSettings> {
  const questions: Question[] = body.questions.map((q) => ({
    id: q.id ?? newQuestionId(),
    label: q.label,
    kind: q.kind,
    options: q.kind === 'choice' ? q.options : [],
    required: q.required,
  }));
  const values = { name: body.name, pitch: body.pitch, faq: body.faq, questions, updatedBy: actorId };
  return db.transaction(async (tx) => {
    const before = await getProgrammeSettings(tx);
    await tx
      .insert(programmePage)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: programmePage.id, set: { ...values, updatedAt: new Date() } });
    const after = await getProgrammeSettings(tx);
    await audit(tx, { actorId, action: 'programme.update', entity: 'programme_page', entityId: 1, before, after });
    return after;
  });
}

/** What the active campaigns pay, as a new affiliate would earn it (the first level's rate by default). */
async function findHighlights(db: Db): Promise<CommissionHighlight[]> {
  const now = new Date();
  const [active, [firstLevel]] = await Promise.all([
    db
      .select({
        name: campaigns.name,
        type: campaigns.commissionType,
        value: campaigns.commissionValue,
        cookieDays: campaigns.cookieDays,
      })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.status, 'active'),
          or(isNull(campaigns.startsAt), lte(campaigns.startsAt, now)),
          or(isNull(campaigns.endsAt), gt(campaigns.endsAt, now)),
        ),
      )
      .orderBy(asc(campaigns.name)),
    db.select({ bps: levels.commissionBps }).from(levels).orderBy(asc(levels.rank)).limit(1),
  ]);
  const highlights: CommissionHighlight[] = [];
  for (const c of active) {
    const own = c.type && c.value !== null;
    if (!own && !firstLevel) continue;
    highlights.push({
      campaign: c.name,
      commission_type: own && c.type ? c.type : 'percent',
      commission_value: own ? Number(c.value) : (firstLevel?.bps ?? 0),
      cookie_days: c.cookieDays,
    });
  }
  // Percentages first, the best of each kind first.
  highlights.sort(
    (a, b) =>
      Number(a.commission_type === 'fixed') - Number(b.commission_type === 'fixed') ||
      b.commission_value - a.commission_value,
  );
  return highlights.slice(0, HIGHLIGHTS);
}

/** The public page: the programme's words, its questions and what its campaigns pay; no ids, no people. */
export async function getPublicProgramme(db: Db): Promise<PublicProgramme> {
  const [settings, highlights] = await Promise.all([getProgrammeSettings(db), findHighlights(db)]);
  return {
    name: settings.name,
    pitch: settings.pitch,
    faq: settings.faq,
    questions: settings.questions,
    highlights,
  };
}

export type CheckedAnswer = Omit<ApplicationAnswer, 'question_id'> & { questionId: string; position: number };

/**
 * An application's answers against the programme's questions, before anything is written: the
 * first answer that does not fit is a 400 naming its question (`answers.<id>`, and its label).
 */
export async function checkAnswers(db: Db, answers: Record<string, string> | undefined): Promise<CheckedAnswer[]> {
  const given = answers ?? {};
  const { questions } = await getProgrammeSettings(db);
  const known = new Set(questions.map((q) => q.id));
  for (const id of Object.keys(given)) {
    if (!known.has(id)) throw fieldError(`answers.${id}`, 'is not a question of this programme');
  }
  const checked: CheckedAnswer[] = [];
  questions.forEach((question, position) => {
    const value = given[question.id] ?? '';
    const problem = answerProblem(question, value);
    if (problem) throw fieldError(`answers.${question.id}`, `"${question.label}" ${problem}`);
    if (value.trim())
      checked.push({
        questionId: question.id,
        label: question.label,
        kind: question.kind,
        value: value.trim(),
        position,
      });
  });
  return checked;
}

/** Keeps an applicant's answers, in the transaction that creates the affiliate. */
export async function saveAnswers(tx: Db, affiliateId: number, answers: CheckedAnswer[]) {
  if (answers.length === 0) return;
  await tx.insert(applicationAnswers).values(answers.map((a) => ({ affiliateId, ...a })));
}

/** The answers of some affiliates, each list in the order the questions were asked. */
export async function findAnswers(db: Db, affiliateIds: number[]): Promise<Map<number, ApplicationAnswer[]>> {
  const byAffiliate = new Map<number, ApplicationAnswer[]>(affiliateIds.map((id) => [id, []]));
  if (affiliateIds.length === 0) return byAffiliate;
  const rows = await db
    .select()
    .from(applicationAnswers)
    .where(inArray(applicationAnswers.affiliateId, affiliateIds))
    .orderBy(asc(applicationAnswers.affiliateId), asc(applicationAnswers.position));
  for (const row of rows) {
    byAffiliate
      .get(row.affiliateId)
      ?.push({ question_id: row.questionId, label: row.label, kind: row.kind, value: row.value });
  }
  return byAffiliate;
}
