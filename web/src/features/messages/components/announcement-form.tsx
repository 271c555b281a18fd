import { ANNOUNCEMENT_BODY_MAX_LENGTH, type AnnouncementSegment } from '@contract/messages';
import { Button, Card, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { useSegmentTargets, useSendAnnouncement } from '../api/messages';

const SEGMENTS: AnnouncementSegment[] = ['all', 'level', 'network', 'campaign'];

/** Compose and send now: to everyone, a level, a network or a campaign's affiliates. */
export function AnnouncementForm() {
  const { t } = useTranslation();
  const send = useSendAnnouncement();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const form = useForm({
    initialValues: { subject: '', body: '', segment: 'all' as AnnouncementSegment, segment_id: null as string | null },
    validate: {
      subject: (value) => (value.trim().length >= 3 ? null : t('messages.subjectRule')),
      body: (value) => (value.trim().length >= 3 ? null : t('messages.bodyRule')),
      segment_id: (value, values) => (values.segment === 'all' || value ? null : t('messages.segmentRule')),
    },
  });
  const targets = useSegmentTargets(form.values.segment);
  const submit = form.onSubmit(async (values) => {
    setFeedback(null);
    try {
      const sent = await send.mutateAsync({
        subject: values.subject,
        body: values.body,
        segment: values.segment,
        segment_id: values.segment === 'all' ? null : Number(values.segment_id),
      });
      form.reset();
      setFeedback({ tone: 'success', text: t('messages.announcementSent', { count: sent.recipients }) });
    } catch (error) {
      const message = showApiError(form, error, t);
      if (message) setFeedback({ tone: 'error', text: message });
    }
  });
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb={4}>
        {t('messages.compose')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('messages.composeHelp')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={feedback?.text} tone={feedback?.tone} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('messages.segment')}
              data={SEGMENTS.map((value) => ({ value, label: t(`messages.segments.${value}`) }))}
              allowDeselect={false}
              {...form.getInputProps('segment')}
              onChange={(value) => {
                form.setFieldValue('segment', (value ?? 'all') as AnnouncementSegment);
                form.setFieldValue('segment_id', null);
              }}
            />
            {form.values.segment !== 'all' && (
              <Select
                label={t(`messages.segments.${form.values.segment}`)}
                placeholder={t('messages.choose')}
                searchable
                required
                data={(targets.data ?? []).map((target) => ({ value: String(target.id), label: target.name }))}
                nothingFoundMessage={t('messages.nothingFound')}
                {...form.getInputProps('segment_id')}
              />
            )}
          </SimpleGrid>
          {form.values.segment === 'campaign' && (
            <Text size="xs" c="dimmed">
              {t('messages.campaignSegmentHelp')}
            </Text>
          )}
          <TextInput label={t('messages.subject')} required maxLength={150} {...form.getInputProps('subject')} />
          <Textarea
            label={t('messages.body')}
            description={t('messages.bodyHelp')}
            required
            autosize
            minRows={5}
            maxLength={ANNOUNCEMENT_BODY_MAX_LENGTH}
            {...form.getInputProps('body')}
          />
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            loading={send.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('messages.sendAnnouncement')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
