import { EMAIL_PATTERN } from '@contract/session';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { ruleOf, showApiError } from '../../../lib/form';
import { useRequest } from '../../../lib/use-request';
import { login as loginRequest } from '../api/session-requests';
import { AuthCard } from './auth-card';

/** Where the guard was sending the person before it asked them to sign in. */
export function useReturnPath(): string {
  const state = useLocation().state as { from?: string } | null;
  return state?.from?.startsWith('/') && !state.from.startsWith('/auth') ? state.from : paths.home;
}

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = useReturnPath();
  const login = useRequest(loginRequest);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: ruleOf((v) => EMAIL_PATTERN.test(v.trim()), t('validation.email')),
      password: (value) => (value ? null : t('validation.required')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    try {
      const result = await login.run(values);
      if ('token' in result) navigate(from, { replace: true });
      else navigate(paths.authTwoSteps, { state: { challenge: result.challenge, from } });
    } catch (error) {
      const message = showApiError(form, error, t);
      const reason = error instanceof ApiError ? error.problem.status_reason : undefined;
      setAlert(reason ? `${message} ${reason}` : message);
    }
  });

  return (
    <AuthCard
      title={t('screens.authLogin')}
      subtitle={t('auth.loginSubtitle')}
      footer={
        <>
          {t('auth.noAccount')}{' '}
          <Anchor component={Link} to={paths.authRegister} fw={600}>
            {t('auth.createAccount')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {alert}
            </Alert>
          )}
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            autoFocus
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.authForgotPassword} size="sm">
              {t('auth.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            {t('auth.signIn')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
