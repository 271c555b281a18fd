import {
  POSTBACK_EVENTS,
  POSTBACK_MACROS,
  type PostbackEvent,
  type PostbackSettings,
  type PostbackTestResult,
  postbackUrlProblem,
} from '@contract/postbacks';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { type TFunction, useTranslation } from '../../../i18n';
import { showApiError } from '../../../lib/form';
import { outboundErrorText } from '../../../lib/outbound-error';
import { usePostback, useTestPostback, useUpdatePostback } from '../api/postbacks';

type Values = { url: string; events: PostbackEvent[]; active: boolean };

/** The contract's reason a template cannot be used, in the person's language. */
function urlRule(t: TFunction) {
  return (url: string) => {
    if (!url.trim()) return t('postbacks.urlRequired');
    const problem = postbackUrlProblem(url.trim());
    if (!problem) return null;
    const unknown = /\{([^{}]*)\}/.exec(problem)?.[1];
    return unknown !== undefined ? t('postbacks.unknownMacro', { macro: `{${unknown}}` }) : t('postbacks.urlInvalid');
  };
}

/** The affiliate's postback: where their tracker is called, for which sale events, and a test send. */
export function PostbackSettingsCard() {
  const { t } = useTranslation();
  const postback = usePostback();
  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="lg">
        {t('postbacks.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('postbacks.description')}
      </Text>
      {postback.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={36} />
          <Skeleton h={24} w="60%" />
          <Skeleton h={36} w={200} />
        </Stack>
      ) : postback.data ? (
        <PostbackForm saved={postback.data} />
      ) : null}
    </Card>
  );
}

function PostbackForm({ saved }: { saved: PostbackSettings }) {
  const { t } = useTranslation();
  const update = useUpdatePostback();
  const test = useTestPostback();
  const [feedback, setFeedback] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState<PostbackTestResult | null>(null);
  const form = useForm<Values>({
    initialValues: {
      url: saved.url ?? '',
      // A first postback starts with every event chosen and turned on.
      events: saved.url ? saved.events : [...POSTBACK_EVENTS],
      active: saved.url ? saved.active : true,
    },
    validate: { url: urlRule(t) },
  });

  const submit = form.onSubmit(async (values) => {
    setFeedback(null);
    setProblem(null);
    try {
      await update.mutateAsync({ ...values, url: values.url.trim() });
      setFeedback(t('postbacks.saved'));
    } catch (error) {
      setProblem(showApiError(form, error, t));
    }
  });

  const sendTest = async () => {
    setTried(null);
    setProblem(null);
    if (form.validateField('url').hasError) return;
    try {
      setTried(await test.mutateAsync({ url: form.getValues().url.trim() }));
    } catch (error) {
      setProblem(showApiError(form, error, t));
    }
  };

  const insertMacro = (macro: string) => {
    form.setFieldValue('url', `${form.getValues().url}{${macro}}`);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={feedback} tone="success" />
        <FormAlert message={problem} />
        <TextInput
          label={t('postbacks.url')}
          placeholder="https://tracker.example.com/postback?clickid={click_id}&payout={commission}"
          description={t('postbacks.urlHelp')}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('url')}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="postback-macros">
            {t('postbacks.macros')}
          </Text>
          <Group gap={6} role="group" aria-labelledby="postback-macros">
            {POSTBACK_MACROS.map((macro) => (
              <UnstyledButton
                key={macro}
                onClick={() => insertMacro(macro)}
                aria-label={t('postbacks.insertMacro', { macro: `{${macro}}` })}
                title={t(`postbacks.macroHelp.${macro}`)}
              >
                <Code>{`{${macro}}`}</Code>
              </UnstyledButton>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('postbacks.moneyFormat')}
          </Text>
        </Stack>
        <Checkbox.Group label={t('postbacks.events')} {...form.getInputProps('events')}>
          <Group gap="lg" mt={6}>
            {POSTBACK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={t(`postbacks.eventNames.${event}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Switch label={t('postbacks.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group gap="sm">
          <Button type="submit" loading={update.isPending}>
            {t('postbacks.save')}
          </Button>
          <Button variant="default" leftSection={<IconSend size={16} />} loading={test.isPending} onClick={sendTest}>
            {t('postbacks.sendTest')}
          </Button>
        </Group>
        {tried && (
          <Alert
            color={tried.is_delivered ? 'teal' : 'orange'}
            role="status"
            title={tried.is_delivered ? t('postbacks.testDelivered') : t('postbacks.testFailed')}
          >
            <Text size="sm">
              {tried.status_code !== null
                ? t('postbacks.testAnswer', { status: tried.status_code, ms: tried.duration_ms })
                : tried.error && outboundErrorText(tried.error, t)}
            </Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {tried.url}
            </Text>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
