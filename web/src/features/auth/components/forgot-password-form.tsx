import { EMAIL_PATTERN } from '@contract/session';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { ruleOf, showApiError } from '../../../lib/form';
import { useRequest } from '../../../lib/use-request';
import { requestPasswordReset } from '../api/session-requests';
import { AuthCard } from './auth-card';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const forgot = useRequest(requestPasswordReset);
  const [alert, setAlert] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: ruleOf((v) => EMAIL_PATTERN.test(v.trim()), t('validation.email')) },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setAlert(null);
    try {
      await forgot.run(email);
      setSentTo(email);
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  return (
    <AuthCard
      title={t('screens.authForgotPassword')}
      subtitle={sentTo ? undefined : t('auth.forgotSubtitle')}
      footer={
        <Anchor component={Link} to={paths.authLogin}>
          {t('auth.backToLogin')}
        </Anchor>
      }
    >
      {sentTo ? (
        <Alert color="teal" icon={<IconMailForward />} role="status">
          {t('auth.linkSent', { email: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormAlert message={alert} />
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              required
              autoFocus
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth size="md" loading={forgot.isPending}>
              {t('auth.sendLink')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
