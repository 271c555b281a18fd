import type { ProgrammeSettings } from '@contract/programme';
import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form';
import { useSaveProgrammeSettings } from '../api/programme-settings';
import { QuestionList } from './question-list';
import { bodyOf, formPathOf, type SettingsValues, valuesOf } from './settings-values';

/** /admin/programa: the public page's name, pitch and FAQ, and the application's questions. */
export function ProgrammeSettingsForm({ settings }: { settings: ProgrammeSettings }) {
  const { t } = useTranslation();
  const save = useSaveProgrammeSettings();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const required = (value: string) => (value.trim() ? null : t('validation.required'));
  const form = useForm<SettingsValues>({
    initialValues: valuesOf(settings),
    validate: {
      name: (value) => (value.trim().length >= 2 ? null : t('validation.required')),
      faq: { question: required, answer: required },
      questions: {
        label: required,
        optionsText: (value, values, path) => {
          const index = Number(path.split('.')[1]);
          if (values.questions[index]?.kind !== 'choice') return null;
          return value.split('\n').filter((o) => o.trim()).length >= 2 ? null : t('programmeSettings.optionsHint');
        },
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFeedback(null);
    try {
      const saved = await save.mutateAsync(bodyOf(values));
      form.setValues(valuesOf(saved));
      form.resetDirty();
      setFeedback({ tone: 'success', text: t('programmeSettings.saved') });
    } catch (error) {
      // Each refused field under its input (`questions.0.options` is the options box).
      if (error instanceof ApiError && error.errors.length > 0)
        form.setErrors(Object.fromEntries(error.errors.map((e) => [formPathOf(e.field), e.message])));
      setFeedback({ tone: 'error', text: errorMessage(error, t) });
    }
  });

  const faq = form.getValues().faq;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={880}>
        <FormAlert
          message={feedback?.text}
          tone={feedback?.tone}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setFeedback(null)}
        />
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('programmeSettings.page')}
            </Title>
            <TextInput label={t('programmeSettings.name')} required {...form.getInputProps('name')} />
            <Textarea
              label={t('programmeSettings.pitch')}
              description={t('programmeSettings.pitchHint')}
              autosize
              minRows={3}
              {...form.getInputProps('pitch')}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('programmeSettings.faq')}
            </Title>
            {faq.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('programmeSettings.noFaq')}
              </Text>
            )}
            {faq.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an FAQ item has no id; its place is its identity here
              <Group key={index} align="flex-start" gap="sm" wrap="nowrap">
                <Stack gap="xs" style={{ flex: 1 }}>
                  <TextInput
                    label={t('programmeSettings.faqQuestion')}
                    required
                    {...form.getInputProps(`faq.${index}.question`)}
                  />
                  <Textarea
                    label={t('programmeSettings.faqAnswer')}
                    required
                    autosize
                    minRows={2}
                    {...form.getInputProps(`faq.${index}.answer`)}
                  />
                </Stack>
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={`${t('programmeSettings.remove')}: ${item.question}`}
                  onClick={() => form.removeListItem('faq', index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => form.insertListItem('faq', { question: '', answer: '' })}
              >
                {t('programmeSettings.addFaq')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={2} fz="lg">
                {t('programmeSettings.questions')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('programmeSettings.questionsHint')}
              </Text>
            </Stack>
            <QuestionList form={form} />
          </Stack>
        </Paper>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('programmeSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
