import { EMAIL_PATTERN } from '@contract/session';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form';
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
  // Two fields need no form library: the sign-in page is the one every visit loads first.
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      email: EMAIL_PATTERN.test(values.email.trim()) ? undefined : t('validation.email'),
      password: values.password ? undefined : t('validation.required'),
    };
    setErrors(found);
    if (found.email || found.password) return;
    setAlert(null);
    try {
      const result = await login.run(values);
      if ('token' in result) navigate(from, { replace: true });
      else navigate(paths.authTwoSteps, { state: { challenge: result.challenge, from } });
    } catch (error) {
      const message = errorMessage(error, t);
      const reason = error instanceof ApiError ? error.problem.status_reason : undefined;
      setAlert(reason ? `${message} ${reason}` : message);
    }
  }

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
          <FormAlert message={alert} />
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            autoFocus
            value={values.email}
            error={errors.email}
            onChange={(event) => setValues({ ...values, email: event.currentTarget.value })}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            value={values.password}
            error={errors.password}
            onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
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
