import { isStrongPassword } from '@contract/session';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { ruleOf, showApiError } from '../../../lib/form';
import { useRequest } from '../../../lib/use-request';
import { resetPassword } from '../api/session-requests';
import { AuthCard } from './auth-card';
import { PasswordStrength } from './password-strength';

export function ResetPasswordForm() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const reset = useRequest(resetPassword);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: ruleOf(isStrongPassword, t('validation.password')),
      confirm: (value, values) => (value === values.password ? null : t('validation.passwordsDiffer')),
    },
  });

  const submit = form.onSubmit(async ({ password }) => {
    setAlert(null);
    try {
      await reset.run({ token, password });
      setDone(true);
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  return (
    <AuthCard
      title={t('screens.authResetPassword')}
      subtitle={done ? undefined : t('auth.resetSubtitle')}
      footer={
        <Anchor component={Link} to={done ? paths.authLogin : paths.authForgotPassword}>
          {done ? t('auth.backToLogin') : t('auth.forgotPassword')}
        </Anchor>
      }
    >
      {done ? (
        <Stack gap="md">
          <Alert color="teal" icon={<IconCircleCheck />} role="status">
            {t('auth.passwordReset')}
          </Alert>
          <Button component={Link} to={paths.authLogin} fullWidth size="md">
            {t('auth.signIn')}
          </Button>
        </Stack>
      ) : (
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
