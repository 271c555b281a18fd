import { z } from 'zod';
import { ANSWER_MAX_LENGTH, QUESTION_KINDS } from './programme-rules';

export { ANSWER_MAX_LENGTH, answerProblem, QUESTION_KINDS, type QuestionKind } from './programme-rules';

/**
 * The public programme page (issue 30, point 1; docs/decisions/043): the programme's name, pitch,
 * FAQ and the questions the admin asks everyone who applies, on /programa and on the sign-up form.
 * Answers are kept per affiliate, with the question's label as it was asked.
 */

export const questionKindSchema = z.enum(QUESTION_KINDS);

export const MAX_QUESTIONS = 20;
export const MAX_FAQ_ITEMS = 20;
export const MAX_CHOICE_OPTIONS = 20;
/** A question's id: the server gives one to a new question and keeps it while the question stays. */
export const questionIdSchema = z
  .string()
  .regex(/^[a-z0-9_-]{1,40}$/, 'must be 1 to 40 lowercase letters, digits, - or _');

const label = z.string().trim().min(1, 'is required').max(200, 'must have at most 200 characters');

export const questionSchema = z.object({
  id: questionIdSchema,
  label,
  kind: questionKindSchema,
  /** The choices of a `choice` question; empty for the other kinds. */
  options: z.array(z.string()),
  required: z.boolean(),
});
export type Question = z.infer<typeof questionSchema>;

/** A question as the admin sends it: without an id when new. */
export const questionBodySchema = z
  .object({
    id: questionIdSchema.optional(),
    label,
    kind: questionKindSchema,
    options: z
      .array(z.string().trim().min(1, 'is required').max(120, 'must have at most 120 characters'))
      .max(MAX_CHOICE_OPTIONS, `must be at most ${MAX_CHOICE_OPTIONS}`)
      .default([]),
    required: z.boolean().default(false),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'choice' && q.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'a choice needs at least 2 options' });
    if (q.kind !== 'choice' && q.options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'only a choice has options' });
    if (new Set(q.options).size !== q.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'must not repeat an option' });
  });
export type QuestionBody = z.input<typeof questionBodySchema>;

export const faqItemSchema = z.object({
  question: z.string().trim().min(1, 'is required').max(200, 'must have at most 200 characters'),
  answer: z.string().trim().min(1, 'is required').max(2000, 'must have at most 2000 characters'),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

const settingsFields = {
  name: z.string().trim().min(2, 'must have at least 2 characters').max(80, 'must have at most 80 characters'),
  pitch: z.string().trim().max(1000, 'must have at most 1000 characters'),
  faq: z.array(faqItemSchema).max(MAX_FAQ_ITEMS, `must be at most ${MAX_FAQ_ITEMS}`),
};

/** PUT /programme/settings: the whole page at once. */
export const programmeSettingsBodySchema = z
  .object({
    ...settingsFields,
    questions: z.array(questionBodySchema).max(MAX_QUESTIONS, `must be at most ${MAX_QUESTIONS}`),
  })
  .superRefine((body, ctx) => {
    const ids = body.questions.map((q) => q.id).filter(Boolean);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['questions'], message: 'must not repeat a question id' });
  });
export type ProgrammeSettingsBody = z.input<typeof programmeSettingsBodySchema>;

/** GET/PUT /programme/settings: what the admin sees. */
export const programmeSettingsSchema = z.object({
  ...settingsFields,
  questions: z.array(questionSchema),
  updated_at: z.string().nullable(),
});
export type ProgrammeSettings = z.infer<typeof programmeSettingsSchema>;

/** A commission of one active campaign, as the public page shows it. */
export const commissionHighlightSchema = z.object({
  campaign: z.string(),
  /** Percent in basis points, or fixed cents; a campaign without its own rule shows the first level's rate. */
  commission_type: z.enum(['percent', 'fixed']),
  commission_value: z.number().int(),
  cookie_days: z.number().int(),
});
export type CommissionHighlight = z.infer<typeof commissionHighlightSchema>;

/** GET /programme: the public page, nothing private in it. */
export const publicProgrammeSchema = z.object({
  name: z.string(),
  pitch: z.string(),
  faq: z.array(faqItemSchema),
  questions: z.array(questionSchema),
  highlights: z.array(commissionHighlightSchema),
});
export type PublicProgramme = z.infer<typeof publicProgrammeSchema>;

/**
 * The answers of an application, by question id. An empty answer is no answer; each is checked
 * against the question's kind by the server, which names the question (`answers.<id>`) it refuses.
 */
export const answersBodySchema = z
  .record(questionIdSchema, z.string().max(ANSWER_MAX_LENGTH.long_text, 'is too long'))
  .refine((answers) => Object.keys(answers).length <= MAX_QUESTIONS, `must be at most ${MAX_QUESTIONS} answers`);
export type AnswersBody = z.input<typeof answersBodySchema>;

/** One answer kept for an affiliate, with the question as it was asked. */
export const applicationAnswerSchema = z.object({
  question_id: z.string(),
  label: z.string(),
  kind: questionKindSchema,
  value: z.string(),
});
export type ApplicationAnswer = z.infer<typeof applicationAnswerSchema>;
