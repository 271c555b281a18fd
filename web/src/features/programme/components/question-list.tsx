import { QUESTION_KINDS } from '@contract/programme-rules';
import { ActionIcon, Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n';
import { newQuestion, type SettingsValues } from './settings-values';

/** The application's questions: label, kind, options of a choice, required; in order. */
export function QuestionList({ form }: { form: UseFormReturnType<SettingsValues> }) {
  const { t } = useTranslation();
  const questions = form.getValues().questions;
  const kinds = QUESTION_KINDS.map((kind) => ({ value: kind, label: t(`programmeSettings.kinds.${kind}`) }));
  return (
    <Stack gap="sm">
      {questions.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('programmeSettings.noQuestions')}
        </Text>
      )}
      {questions.map((question, index) => (
        <Paper key={question.id ?? `new-${index}`} withBorder p="md">
          <Stack gap="sm">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t('programmeSettings.label')}
                required
                style={{ flex: '1 1 240px' }}
                {...form.getInputProps(`questions.${index}.label`)}
              />
              <Select
                label={t('programmeSettings.kind')}
                data={kinds}
                allowDeselect={false}
                w={{ base: '100%', xs: 180 }}
                {...form.getInputProps(`questions.${index}.kind`)}
              />
            </Group>
            {question.kind === 'choice' && (
              <Textarea
                label={t('programmeSettings.options')}
                description={t('programmeSettings.optionsHint')}
                autosize
                minRows={3}
                {...form.getInputProps(`questions.${index}.optionsText`)}
              />
            )}
            <Group justify="space-between" gap="sm">
              <Checkbox
                label={t('programmeSettings.required')}
                {...form.getInputProps(`questions.${index}.required`, { type: 'checkbox' })}
              />
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`${t('programmeSettings.moveUp')}: ${question.label}`}
                  disabled={index === 0}
                  onClick={() => form.reorderListItem('questions', { from: index, to: index - 1 })}
                >
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`${t('programmeSettings.moveDown')}: ${question.label}`}
                  disabled={index === questions.length - 1}
                  onClick={() => form.reorderListItem('questions', { from: index, to: index + 1 })}
                >
                  <IconArrowDown size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('programmeSettings.remove')}: ${question.label}`}
                  onClick={() => form.removeListItem('questions', index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('questions', newQuestion())}
        >
          {t('programmeSettings.addQuestion')}
        </Button>
      </Group>
    </Stack>
  );
}
