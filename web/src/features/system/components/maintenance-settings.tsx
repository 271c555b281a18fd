import { Button, Card, Skeleton, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTool } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { useMaintenance, useSetMaintenance } from '../api/maintenance';

/** An administrator switches maintenance mode, with the message everyone else will see. */
export function MaintenanceSettings() {
  const { t } = useTranslation();
  const current = useMaintenance();
  const save = useSetMaintenance();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const form = useForm({ initialValues: { enabled: false, message: '' } });
  const { setValues, resetDirty } = form;

  useEffect(() => {
    if (current.data) {
      setValues({ enabled: current.data.enabled, message: current.data.message ?? '' });
      resetDirty();
    }
  }, [current.data, setValues, resetDirty]);

  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="lg" mb={4} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <IconTool size={20} aria-hidden />
        {t('maintenance.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('maintenance.description')}
      </Text>
      {current.isPending ? (
        <Skeleton h={120} />
      ) : (
        <form
          onSubmit={form.onSubmit(async (values) => {
            setFeedback(null);
            try {
              await save.mutateAsync({ enabled: values.enabled, message: values.message.trim() || undefined });
              setFeedback({ tone: 'success', text: t('maintenance.saved') });
            } catch (error) {
              setFeedback({ tone: 'error', text: errorMessage(error, t) });
            }
          })}
        >
          <Stack gap="md">
            <FormAlert message={feedback?.text} tone={feedback?.tone} />
            <Switch label={t('maintenance.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
            <Textarea
              label={t('maintenance.message')}
              maxLength={500}
              autosize
              minRows={2}
              {...form.getInputProps('message')}
            />
            <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('maintenance.save')}
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
