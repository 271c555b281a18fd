import { MESSAGE_MAX_LENGTH } from '@contract/messages';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';

/** Where a message is written: Ctrl+Enter (or ⌘+Enter) sends, as in most chats. */
export function Composer({
  onSend,
  isSending,
  label,
}: {
  onSend: (body: string) => Promise<unknown>;
  isSending: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (!body.trim() || isSending) return;
    setError(null);
    try {
      await onSend(body);
      setBody('');
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      noValidate
    >
      <Stack gap="xs">
        <FormAlert message={error} tone="error" />
        <Textarea
          label={label}
          placeholder={t('messages.placeholder')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MESSAGE_MAX_LENGTH}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={isSending} disabled={!body.trim()}>
            {t('messages.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
