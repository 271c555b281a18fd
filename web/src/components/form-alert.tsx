import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

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
  if (!message) return null;
  const isError = tone === 'error';
  return (
    <Alert
      color={isError ? 'red' : 'teal'}
      icon={isError ? <IconAlertCircle /> : <IconCircleCheck />}
      role={isError ? 'alert' : 'status'}
      {...props}
    >
      {message}
    </Alert>
  );
}
