import type { Integration } from '@contract/integrations';
import { Box, Button, Card, CopyButton, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconFlask } from '@tabler/icons-react';
import { Fragment } from 'react';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../i18n';
import { HOW_TO_STEPS, PLATFORM_NAMES } from './integration-words';

/** A step's text with its **menu names** in bold (the words to look for on the platform's screen). */
function Emphasised({ text }: { text: string }) {
  return (
    <>
      {text.split('**').map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, in order
          <strong key={index}>{part}</strong>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, in order
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * The selected connection: the address to paste into the platform, with a copy button, the
 * platform's own steps to do it, and "Send a test event" to see a sale come through.
 */
export function ConnectionPanel({ integration, onTest }: { integration: Integration; onTest: () => void }) {
  const { t } = useTranslation();
  const platform = PLATFORM_NAMES[integration.platform];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="integration-panel-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Group gap="xs">
              <Title order={2} fz="lg" id="integration-panel-title" style={{ overflowWrap: 'anywhere' }}>
                {integration.name}
              </Title>
              {!integration.active && <StatusBadge color="gray">{t('integrations.paused')}</StatusBadge>}
            </Group>
            <Text size="sm" c="dimmed">
              {t('integrations.panelDescription', { platform })}
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconFlask size={16} />}
            onClick={onTest}
            disabled={!integration.active}
            title={integration.active ? undefined : t('integrations.test.pausedHint')}
          >
            {t('integrations.test.button')}
          </Button>
        </Group>
        <Textarea
          label={t('integrations.receiveUrl')}
          description={t('integrations.receiveUrlHelp', { platform })}
          value={integration.receive_url}
          readOnly
          autosize
          minRows={1}
          styles={{ input: { wordBreak: 'break-all' } }}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="integration-receive-url"
          // The copy button beside the address, under its label: on a phone the address wraps whole.
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Box style={{ flex: 1, minWidth: 0 }}>{input}</Box>
              <CopyButton value={integration.receive_url}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    aria-label={copied ? t('integrations.copied') : t('integrations.copyAddress')}
                  >
                    {copied ? t('integrations.copied') : t('integrations.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
        />
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t('integrations.howToTitle', { platform })}
          </Title>
          <List type="ordered" spacing="xs" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {HOW_TO_STEPS[integration.platform].map((step) => (
              <List.Item key={step}>
                <Emphasised text={t(`integrations.howTo.${integration.platform}.${step}`)} />
              </List.Item>
            ))}
          </List>
        </Stack>
      </Stack>
    </Card>
  );
}
