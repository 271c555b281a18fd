import { WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookEvent, webhookUrlProblem } from '@contract/webhooks';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks';
import { eventKey } from './event-key';

type Values = { url: string; description: string; events: string[] };

/**
 * Adds an endpoint (`editing` null) or changes one. A new endpoint's secret goes to `onCreated`,
 * to be shown once.
 */
export function WebhookFormModal({
  opened,
  editing,
  onClose,
  onCreated,
}: {
  opened: boolean;
  editing: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { url: '', description: '', events: [] },
    validate: {
      url: (value) => {
        if (!value.trim()) return t('webhooks.urlRequired');
        return webhookUrlProblem(value.trim()) ? t('webhooks.urlInvalid') : null;
      },
      events: (value) => (value.length === 0 ? t('webhooks.eventsRequired') : null),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled when the modal opens
  useEffect(() => {
    if (!opened) return;
    setAlert(null);
    form.setValues(
      editing
        ? { url: editing.url, description: editing.description, events: editing.events }
        : { url: '', description: '', events: [] },
    );
    form.resetDirty();
    form.clearErrors();
  }, [opened, editing]);

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    const body = {
      url: values.url.trim(),
      description: values.description.trim(),
      events: values.events as WebhookEvent[],
    };
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, body });
      } else {
        onCreated((await create.mutateAsync(body)).secret);
      }
      onClose();
    } catch (error) {
      setAlert(showApiError(form, error, t));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('webhooks.editTitle') : t('webhooks.createTitle')}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          <TextInput
            label={t('webhooks.url')}
            description={t('webhooks.urlHelp')}
            placeholder="https://example.com/webhooks/afiliados"
            required
            maxLength={2000}
            {...form.getInputProps('url')}
          />
          <TextInput label={t('webhooks.descriptionLabel')} maxLength={200} {...form.getInputProps('description')} />
          <Checkbox.Group label={t('webhooks.events')} required {...form.getInputProps('events')}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox
                  key={event}
                  value={event}
                  label={t(`webhooks.eventNames.${eventKey(event)}`)}
                  description={event}
                />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('webhooks.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? t('webhooks.save') : t('webhooks.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
