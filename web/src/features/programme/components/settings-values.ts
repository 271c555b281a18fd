import type { ProgrammeSettings, ProgrammeSettingsBody, QuestionKind } from '@contract/programme';

/** A question on the settings screen: its options as lines of one text box. */
export type QuestionValues = { id?: string; label: string; kind: QuestionKind; optionsText: string; required: boolean };
export type SettingsValues = {
  name: string;
  pitch: string;
  faq: { question: string; answer: string }[];
  questions: QuestionValues[];
};

export function valuesOf(settings: ProgrammeSettings): SettingsValues {
  return {
    name: settings.name,
    pitch: settings.pitch,
    faq: settings.faq,
    questions: settings.questions.map((q) => ({
      id: q.id,
      label: q.label,
      kind: q.kind,
      optionsText: q.options.join('\n'),
      required: q.required,
    })),
  };
}

export function bodyOf(values: SettingsValues): ProgrammeSettingsBody {
  return {
    name: values.name,
    pitch: values.pitch,
    faq: values.faq,
    questions: values.questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      label: q.label,
      kind: q.kind,
      options:
        q.kind === 'choice'
          ? q.optionsText
              .split('\n')
              .map((o) => o.trim())
              .filter(Boolean)
          : [],
      required: q.required,
    })),
  };
}

/** Where the API's field (`questions.0.options`) is on this form (`questions.0.optionsText`). */
export const formPathOf = (field: string) => field.replace(/^(questions\.\d+)\.options(\.\d+)?$/, '$1.optionsText');

export const newQuestion = (): QuestionValues => ({ label: '', kind: 'text', optionsText: '', required: false });
