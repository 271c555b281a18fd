// Only this screen of the signed-out ones uses a checkbox and a meter: their styles come with it.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Progress.css';
import type { Question } from '@contract/programme';
import { EMAIL_PATTERN, isStrongPassword } from '@contract/session';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/form';
import { useRequest } from '../../../lib/use-request';
import { register as registerRequest } from '../api/session-requests';
import { AnswerFields, type Answers, answerErrors } from './answer-fields';
import { AuthCard } from './auth-card';
import { PasswordStrength } from './password-strength';

const NO_QUESTIONS: Question[] = [];

/**
 * Sign-up: on /auth/register and, as the application form, on /programa; both ask the programme's
 * questions (docs/decisions/043), which the route hands in once they have arrived.
 */
export function RegisterForm({
  questions = NO_QUESTIONS,
  title,
  subtitle,
  withBrand = true,
}: {
  questions?: Question[];
  title?: string;
  subtitle?: string;
  withBrand?: boolean;
}) {
  const { t, i18n } = useTranslation();
  // Read by the validation, which the form keeps from its first render.
  const questionsRef = useRef(questions);
  questionsRef.current = questions;
  const register = useRequest(registerRequest);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<{ name: string; email: string } | null>(null);
  const required = (value: string) => (value.trim() ? null : t('validation.required'));
  const form = useForm({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      accept_terms: false,
      answers: {} as Answers,
    },
    validateInputOnBlur: true,
    validate: (values) => ({
      first_name: required(values.first_name),
      last_name: required(values.last_name),
      email: EMAIL_PATTERN.test(values.email.trim()) ? null : t('validation.email'),
      password: isStrongPassword(values.password) ? null : t('validation.password'),
      accept_terms: values.accept_terms ? null : t('validation.acceptTerms'),
      ...answerErrors(questionsRef.current, values.answers, t),
    }),
  });
  // Questions that arrive after the first render start empty, as inputs the form controls. Read
  // through a ref: the form's setters change with its validation, which is new on every render.
  const formRef = useRef(form);
  formRef.current = form;
  useEffect(() => {
    const current = formRef.current.getValues().answers;
    formRef.current.setFieldValue('answers', Object.fromEntries(questions.map((q) => [q.id, current[q.id] ?? ''])));
  }, [questions]);

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      const asked = new Set(questionsRef.current.map((q) => q.id));
      const answers = Object.fromEntries(Object.entries(values.answers).filter(([id]) => asked.has(id)));
      const result = await register.run({
        ...values,
        answers,
        accept_terms: true,
        language: i18n.language as 'en',
      });
      setDone({ name: values.first_name, email: result.email });
    } catch (error) {
      // A refused answer names its question (`answers.<id>`): shown under that question.
      const onAnswers = error instanceof ApiError ? error.errors.filter((e) => e.field.startsWith('answers.')) : [];
      if (onAnswers.length > 0) form.setErrors(Object.fromEntries(onAnswers.map((e) => [e.field, e.message])));
      else setAlert(showApiError(form, error, t));
    }
  });

  if (done) {
    return (
      <AuthCard title={t('auth.registeredTitle')} withBrand={withBrand}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden>
            <IconMailCheck size={34} />
          </ThemeIcon>
          <Text>{t('auth.registeredText', done)}</Text>
          <Button component={Link} to={paths.authLogin} variant="light">
            {t('auth.backToLogin')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={title ?? t('screens.authRegister')}
      subtitle={subtitle ?? t('auth.registerSubtitle')}
      withBrand={withBrand}
      footer={
        <>
          {t('auth.haveAccount')}{' '}
          <Anchor component={Link} to={paths.authLogin} fw={600}>
            {t('auth.signIn')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('auth.firstName')}
              autoComplete="given-name"
              required
              miw={160}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t('auth.lastName')}
              autoComplete="family-name"
              required
              miw={160}
              {...form.getInputProps('last_name')}
            />
          </Group>
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <div>
            <PasswordInput
              label={t('auth.password')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordStrength value={form.getValues().password} />
          </div>
          <AnswerFields questions={questions} form={form} />
          <Checkbox label={t('auth.acceptTerms')} {...form.getInputProps('accept_terms', { type: 'checkbox' })} />
          <Button type="submit" fullWidth size="md" loading={register.isPending}>
            {t('auth.register')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
