import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';

export type Feedback = { tone: 'error' | 'success'; text: string };

/**
 * The message above a form: an error (announced as an alert) or a success (a polite status).
 * Renders nothing without a message.
 */
export function FormAlert({
  message,
  tone = 'error',
  ...props
}: { message: ReactNode; tone?: Feedback['tone'] } & Omit<AlertProps, 'color' | 'icon' | 'role'>) {
  const { t } = useTranslation();
  if (!message) return null;
  const isError = tone === 'error';
  return (
    <Alert
      color={isError ? 'red' : 'teal'}
      icon={isError ? <IconAlertCircle /> : <IconCircleCheck />}
      role={isError ? 'alert' : 'status'}
      // A close button needs a name a screen reader can say (axe: button-name).
      closeButtonLabel={t('common.close')}
      {...props}
    >
      {message}
    </Alert>
  );
}
