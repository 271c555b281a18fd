// The rules of an application's answers, without zod: the sign-up form and /programa check answers
// with them and stay light (zod is ~26 KiB gzip); contract/programme.ts builds its schemas on them.

export const QUESTION_KINDS = ['text', 'long_text', 'choice', 'url', 'number'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** The longest answer of each kind: a line, a paragraph. */
export const ANSWER_MAX_LENGTH: Record<QuestionKind, number> = {
  text: 200,
  long_text: 2000,
  choice: 120,
  url: 500,
  number: 30,
};

/** Why an answer does not fit its question, or null: shared by the form and the server. */
export function answerProblem(
  question: { kind: QuestionKind; options: string[]; required: boolean },
  value: string,
): string | null {
  const text = value.trim();
  if (!text) return question.required ? 'is required' : null;
  if (text.length > ANSWER_MAX_LENGTH[question.kind])
    return `must have at most ${ANSWER_MAX_LENGTH[question.kind]} characters`;
  switch (question.kind) {
    case 'choice':
      return question.options.includes(text) ? null : 'must be one of the options';
    case 'url':
      return /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(text) ? null : 'must be an http or https address';
    case 'number':
      return /^-?\d{1,15}([.,]\d{1,6})?$/.test(text) ? null : 'must be a number';
    case 'text':
      return /[\r\n]/.test(text) ? 'must be one line' : null;
    default:
      return null;
  }
}
