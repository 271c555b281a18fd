import type { Account } from '@contract/account';
import { Avatar, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { ImageUploadButton } from '../../../components/image-upload-button';
import { useTranslation } from '../../../i18n';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../i18n/languages';
import { showApiError } from '../../../lib/form';
import { applyLanguage } from '../../../theme/settings';
import { useUpdateAccount, useUploadAvatar } from '../api/account';

/** Names, photo and language: what the programme and its emails call the person. */
export function ProfileCard({ account }: { account: Account }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const upload = useUploadAvatar();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const required = (value: string) => (value.trim() ? null : t('validation.required'));
  const form = useForm({
    initialValues: { first_name: account.first_name, last_name: account.last_name, language: account.language },
    validate: { first_name: required, last_name: required },
  });
  // The header's language menu saves the account's language too: the form follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved language is the trigger; the form is stable
  useEffect(() => {
    form.setFieldValue('language', account.language);
  }, [account.language]);

  const submit = form.onSubmit(async (values) => {
    setFeedback(null);
    try {
      await update.mutateAsync(values);
      await applyLanguage(values.language);
      setFeedback({ tone: 'success', text: t('accountPage.saved') });
    } catch (error) {
      const message = showApiError(form, error, t);
      if (message) setFeedback({ tone: 'error', text: message });
    }
  });

  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="lg">
        {t('accountPage.profile')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('accountPage.profileDescription')}
      </Text>
      <Group gap="md" mb="lg" wrap="nowrap" align="center">
        <Avatar src={account.avatar_url} size={72} radius="xl" color="brand" alt="">
          {account.first_name.charAt(0)}
          {account.last_name.charAt(0)}
        </Avatar>
        <ImageUploadButton
          label={t('accountPage.changeAvatar')}
          help={t('accountPage.avatarHelp')}
          successText={t('accountPage.avatarSaved')}
          isPending={upload.isPending}
          onUpload={(file) => upload.mutateAsync(file)}
        />
      </Group>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={feedback?.text} tone={feedback?.tone} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('auth.firstName')}
              autoComplete="given-name"
              required
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t('auth.lastName')}
              autoComplete="family-name"
              required
              {...form.getInputProps('last_name')}
            />
          </SimpleGrid>
          <TextInput label={t('auth.email')} value={account.email} readOnly variant="filled" />
          <Select
            label={t('accountPage.language')}
            allowDeselect={false}
            data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
            {...form.getInputProps('language')}
            onChange={(value) => value && form.setFieldValue('language', value as Language)}
          />
          <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('accountPage.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
