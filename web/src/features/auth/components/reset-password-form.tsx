import '@mantine/core/styles/Skeleton.css';
import { isStrongPassword } from '@contract/session';
import { Alert, Anchor, Button, PasswordInput, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { ruleOf, showApiError } from '../../../lib/form';
import { useRequest } from '../../../lib/use-request';
import { checkResetToken, resetPassword } from '../api/session-requests';
import { AuthCard } from './auth-card';
import { PasswordStrength } from './password-strength';

type LinkState = 'checking' | 'usable' | 'invalid' | 'done';

const isInvalidLink = (error: unknown) => error instanceof ApiError && error.code === 'INVALID_RESET_TOKEN';

export function ResetPasswordForm() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const reset = useRequest(resetPassword);
  const [alert, setAlert] = useState<string | null>(null);
  const [link, setLink] = useState<LinkState>('checking');
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: ruleOf(isStrongPassword, t('validation.password')),
      confirm: (value, values) => (value === values.password ? null : t('validation.passwordsDiffer')),
    },
  });

  // The link is checked before the form is offered: nobody chooses a password for a link that is dead.
  // Only a definite "invalid" hides the form; a network failure or a rate limit leaves it to the submit.
  useEffect(() => {
    let isCurrent = true;
    checkResetToken(token)
      .then(() => isCurrent && setLink('usable'))
      .catch((error) => isCurrent && setLink(isInvalidLink(error) ? 'invalid' : 'usable'));
    return () => {
      isCurrent = false;
    };
  }, [token]);

  const submit = form.onSubmit(async ({ password }) => {
    setAlert(null);
    try {
      await reset.run({ token, password });
      setLink('done');
    } catch (error) {
      if (isInvalidLink(error)) setLink('invalid');
      else setAlert(showApiError(form, error, t));
    }
  });

  const isDone = link === 'done';
  return (
    <AuthCard
      title={t('screens.authResetPassword')}
      subtitle={link === 'usable' ? t('auth.resetSubtitle') : undefined}
      footer={
        <Anchor component={Link} to={isDone ? paths.authLogin : paths.authForgotPassword}>
          {isDone ? t('auth.backToLogin') : t('auth.forgotPassword')}
        </Anchor>
      }
    >
      {link === 'checking' && (
        <Stack gap="md" aria-busy="true">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={42} />
        </Stack>
      )}
      {link === 'invalid' && (
        <Stack gap="md">
          <Alert color="red" icon={<IconLinkOff />} role="alert">
            {t('errors.INVALID_RESET_TOKEN')}
          </Alert>
          <Button component={Link} to={paths.authForgotPassword} fullWidth size="md">
            {t('auth.askNewLink')}
          </Button>
        </Stack>
      )}
      {isDone && (
        <Stack gap="md">
          <Alert color="teal" icon={<IconCircleCheck />} role="status">
            {t('auth.passwordReset')}
          </Alert>
          <Button component={Link} to={paths.authLogin} fullWidth size="md">
            {t('auth.signIn')}
          </Button>
        </Stack>
      )}
      {link === 'usable' && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert message={alert} />
            <div>
              <PasswordInput
                label={t('auth.newPassword')}
                autoComplete="new-password"
                required
                autoFocus
                {...form.getInputProps('password')}
              />
              <PasswordStrength value={form.getValues().password} />
            </div>
            <PasswordInput
              label={t('auth.confirmPassword')}
              autoComplete="new-password"
              required
              {...form.getInputProps('confirm')}
            />
            <Button type="submit" fullWidth size="md" loading={reset.isPending}>
              {t('auth.saveNewPassword')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
