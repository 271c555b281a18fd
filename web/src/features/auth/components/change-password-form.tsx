import { isStrongPassword } from '@contract/session';
import { Button, Card, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { ruleOf, showApiError } from '../../../lib/form';
import { useChangePassword } from '../api/auth';
import { PasswordStrength } from './password-strength';

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: { current_password: '', new_password: '', confirm: '' },
    validateInputOnBlur: true,
    validate: {
      current_password: (value) => (value ? null : t('validation.required')),
      new_password: ruleOf(isStrongPassword, t('validation.password')),
      confirm: (value, values) => (value === values.new_password ? null : t('validation.passwordsDiffer')),
    },
  });

  const submit = form.onSubmit(async ({ current_password, new_password }) => {
    setAlert(null);
    setDone(false);
    try {
      await change.mutateAsync({ current_password, new_password });
      form.reset();
      setDone(true);
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  return (
    <Card withBorder padding="lg" maw={520}>
      <Text c="dimmed" size="sm" mb="md">
        {t('auth.changeSubtitle')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          <FormAlert message={done ? t('auth.passwordChanged') : null} tone="success" />
          <PasswordInput
            label={t('auth.currentPassword')}
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <div>
            <PasswordInput
              label={t('auth.newPassword')}
              autoComplete="new-password"
              required
              {...form.getInputProps('new_password')}
            />
            <PasswordStrength value={form.getValues().new_password} />
          </div>
          <PasswordInput
            label={t('auth.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('auth.changePassword')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
