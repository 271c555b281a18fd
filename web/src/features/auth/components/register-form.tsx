// Only this screen of the signed-out ones uses a checkbox and a meter: their styles come with it.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Progress.css';
import { EMAIL_PATTERN, isStrongPassword } from '@contract/session';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { ruleOf, showApiError } from '../../../lib/form';
import { useRequest } from '../../../lib/use-request';
import { register as registerRequest } from '../api/session-requests';
import { AuthCard } from './auth-card';
import { PasswordStrength } from './password-strength';

export function RegisterForm() {
  const { t, i18n } = useTranslation();
  const register = useRequest(registerRequest);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<{ name: string; email: string } | null>(null);
  const required = (value: string) => (value.trim() ? null : t('validation.required'));
  const form = useForm({
    initialValues: { first_name: '', last_name: '', email: '', password: '', accept_terms: false },
    validateInputOnBlur: true,
    validate: {
      first_name: required,
      last_name: required,
      email: ruleOf((v) => EMAIL_PATTERN.test(v.trim()), t('validation.email')),
      password: ruleOf(isStrongPassword, t('validation.password')),
      accept_terms: (value) => (value ? null : t('validation.acceptTerms')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      const result = await register.run({
        ...values,
        accept_terms: true,
        language: i18n.language as 'en',
      });
      setDone({ name: values.first_name, email: result.email });
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  if (done) {
    return (
      <AuthCard title={t('auth.registeredTitle')}>
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
      title={t('screens.authRegister')}
      subtitle={t('auth.registerSubtitle')}
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
          <Checkbox label={t('auth.acceptTerms')} {...form.getInputProps('accept_terms', { type: 'checkbox' })} />
          <Button type="submit" fullWidth size="md" loading={register.isPending}>
            {t('auth.register')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
