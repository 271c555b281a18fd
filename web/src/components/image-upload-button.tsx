import { Button, FileButton, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../i18n';
import { errorMessage } from '../lib/form';
import type { Feedback } from './form-alert';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * Picks a PNG, JPEG or WebP of at most 2 MB (checked here first, and again by the server), uploads
 * it, and says how it went under the button.
 */
export function ImageUploadButton({
  label,
  help,
  successText,
  isPending,
  onUpload,
}: {
  label: string;
  help: string;
  successText: string;
  isPending: boolean;
  onUpload: (file: File) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  async function choose(file: File | null) {
    setFeedback(null);
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setFeedback({ tone: 'error', text: t('images.wrongType') });
    if (file.size > MAX_BYTES) return setFeedback({ tone: 'error', text: t('images.tooBig') });
    try {
      await onUpload(file);
      setFeedback({ tone: 'success', text: successText });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, t) });
    }
  }

  return (
    <Stack gap={4}>
      <FileButton onChange={choose} accept={IMAGE_TYPES.join(',')}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconPhoto size={16} />}
            loading={isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {label}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {help}
      </Text>
      {feedback && (
        <Text
          size="sm"
          c={feedback.tone === 'error' ? 'red.8' : 'teal.8'}
          role={feedback.tone === 'error' ? 'alert' : 'status'}
        >
          {feedback.text}
        </Text>
      )}
    </Stack>
  );
}
