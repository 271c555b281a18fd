import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, showApiError } from '../../../lib/form';
import { useRequest } from '../../../lib/use-request';
import { completeTwoSteps } from '../api/session-requests';
import { AuthCard } from './auth-card';
import { useReturnPath } from './login-form';

export function TwoStepsForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const challenge = (useLocation().state as { challenge?: string } | null)?.challenge;
  const from = useReturnPath();
  const twoSteps = useRequest(completeTwoSteps);
  const [alert, setAlert] = useState<string | null>(challenge ? null : t('errors.CHALLENGE_EXPIRED'));
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim().length >= 6 ? null : t('validation.code')) },
  });

  const submit = form.onSubmit(async ({ code }) => {
    setAlert(null);
    try {
      await twoSteps.run({ challenge: challenge ?? '', code });
      navigate(from, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CHALLENGE_EXPIRED') setAlert(errorMessage(error, t));
      else setAlert(showApiError(form, error, t));
    }
  });

  return (
    <AuthCard
      title={t('screens.authTwoSteps')}
      subtitle={t('auth.twoStepsSubtitle')}
      footer={
        <Anchor component={Link} to={paths.authLogin}>
          {t('auth.backToLogin')}
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          <TextInput
            label={t('auth.code')}
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            required
            disabled={!challenge}
            styles={{ input: { letterSpacing: '0.2em', fontSize: 20 } }}
            {...form.getInputProps('code')}
          />
          <Button type="submit" fullWidth size="md" loading={twoSteps.isPending} disabled={!challenge}>
            {t('auth.verify')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
