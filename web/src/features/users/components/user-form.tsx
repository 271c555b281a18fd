import { EMAIL_PATTERN } from '@contract/session';
import type { ManagedUser } from '@contract/users';
import { Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../i18n/languages';
import { ruleOf, showApiError } from '../../../lib/form';
import { useCreateUser, useUpdateUser } from '../api/users';

type Role = ManagedUser['role'];

/** Register someone (they get an email to choose a password) or change a person's names, email and role. */
export function UserForm({ user }: { user?: ManagedUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser();
  const update = useUpdateUser(user?.id ?? 0);
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const required = (v: string) => (v.trim() ? null : t('validation.required'));
  const form = useForm({
    initialValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      role: (user?.role ?? 'Afiliado') as Role,
      language: 'pt',
    },
    validate: {
      first_name: required,
      last_name: required,
      email: ruleOf((v) => EMAIL_PATTERN.test(v.trim()), t('validation.email')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    setSaved(false);
    try {
      if (user) {
        await update.mutateAsync({
          first_name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          role: values.role,
        });
        setSaved(true);
      } else {
        const created = await create.mutateAsync({ ...values, language: values.language as 'pt' });
        navigate(paths.adminUsers, { state: { invited: created.email } });
      }
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          <FormAlert message={saved ? t('users.saved') : null} tone="success" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('auth.firstName')} required {...form.getInputProps('first_name')} />
            <TextInput label={t('auth.lastName')} required {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput label={t('auth.email')} type="email" required {...form.getInputProps('email')} />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('users.role')}
            </Text>
            <SegmentedControl
              aria-label={t('users.role')}
              value={form.getValues().role}
              onChange={(value) => form.setFieldValue('role', value as Role)}
              data={[
                { value: 'Afiliado', label: t('users.roles.Afiliado') },
                { value: 'Administrador', label: t('users.roles.Administrador') },
              ]}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          {!user && (
            <Select
              label={t('users.emailLanguage')}
              allowDeselect={false}
              data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
              {...form.getInputProps('language')}
            />
          )}
          {!user && (
            <Text size="sm" c="dimmed">
              {t('users.invitationHelp')}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {user ? t('users.save') : t('users.register')}
            </Button>
            <Button variant="subtle" onClick={() => navigate(paths.adminUsers)}>
              {t('twoFactor.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
