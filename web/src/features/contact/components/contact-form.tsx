import { Button, Card, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { useSendContactMessage } from '../api/contact';

export function ContactForm() {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const form = useForm({
    initialValues: { subject: '', message: '' },
    validate: {
      subject: (value) => (value.trim().length >= 3 ? null : t('contactPage.subjectShort')),
      message: (value) => (value.trim().length >= 10 ? null : t('contactPage.messageShort')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFeedback(null);
    try {
      await send.mutateAsync(values);
      form.reset();
      setFeedback({ tone: 'success', text: t('contactPage.sent') });
    } catch (error) {
      const message = showApiError(form, error, t);
      if (message) setFeedback({ tone: 'error', text: message });
    }
  });

  return (
    <Card withBorder padding="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={feedback?.text} tone={feedback?.tone} />
          <TextInput label={t('contactPage.subject')} required maxLength={150} {...form.getInputProps('subject')} />
          <Textarea
            label={t('contactPage.message')}
            required
            autosize
            minRows={5}
            maxLength={5000}
            {...form.getInputProps('message')}
          />
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            loading={send.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('contactPage.send')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
