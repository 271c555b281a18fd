import type { Question } from '@contract/programme';
import { answerProblem } from '@contract/programme-rules';
import { NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from '../../../i18n';
import { useTranslation } from '../../../i18n';

export type Answers = Record<string, string>;

/** Why an answer does not fit, in the person's language (the rule is the server's: contract/programme.ts). */
export function answerError(question: Question, value: string | undefined, t: TFunction): string | null {
  const problem = answerProblem(question, value ?? '');
  if (!problem) return null;
  return (value ?? '').trim() ? t(`programme.invalid.${question.kind}`) : t('validation.required');
}

/** Every answer's error, at the form path the inputs use (`answers.<id>`). */
export function answerErrors(questions: Question[], answers: Answers, t: TFunction) {
  return Object.fromEntries(questions.map((q) => [`answers.${q.id}`, answerError(q, answers[q.id], t)]));
}

/** The programme's questions as inputs of an application form: a line, a paragraph, a choice, a link, a number. */
export function AnswerFields<V extends { answers: Answers }>({
  questions,
  form,
}: {
  questions: Question[];
  form: UseFormReturnType<V>;
}) {
  const { t } = useTranslation();
  if (questions.length === 0) return null;
  return (
    <Stack gap="md" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} mb="xs">
        {t('programme.aboutYou')}
      </Text>
      {questions.map((question) => {
        const path = `answers.${question.id}`;
        const input = form.getInputProps(path);
        const common = {
          ...input,
          value: (input.value as string | undefined) ?? '',
          label: question.label,
          required: question.required,
        };
        switch (question.kind) {
          case 'long_text':
            return <Textarea key={question.id} {...common} rows={4} />;
          case 'choice':
            return (
              <NativeSelect
                key={question.id}
                {...common}
                data={[{ value: '', label: t('programme.choose') }, ...question.options]}
              />
            );
          case 'url':
            return <TextInput key={question.id} {...common} type="url" inputMode="url" placeholder="https://" />;
          case 'number':
            return <TextInput key={question.id} {...common} inputMode="decimal" />;
          default:
            return <TextInput key={question.id} {...common} />;
        }
      })}
    </Stack>
  );
}
