import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n';

/** The signing secret, shown this once (after creation or rotation), with a copy button. */
export function WebhookSecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={t('webhooks.secretTitle')}
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      {secret && (
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            {t('webhooks.secretOnce')}
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={600} id="webhook-secret-label">
              {t('webhooks.secret')}
            </Text>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Code
                block
                style={{ flex: 1, wordBreak: 'break-all' }}
                aria-labelledby="webhook-secret-label"
                data-testid="webhook-secret"
              >
                {secret}
              </Code>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('webhooks.copied') : t('webhooks.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              {t('webhooks.secretHelp')}
            </Text>
          </Stack>
          <Button onClick={onClose} style={{ alignSelf: 'flex-end' }}>
            {t('webhooks.done')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
