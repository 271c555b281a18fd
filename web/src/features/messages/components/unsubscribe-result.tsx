import { Alert, Anchor, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { unsubscribe } from '../api/messages';

/**
 * The unsubscribe link of an announcement mail: it unsubscribes as the page opens (one click, no
 * sign-in), and says how to subscribe again. A mail scanner that fetches links without running
 * scripts changes nothing.
 */
export function UnsubscribeResult({ token }: { token: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<{ isDone: true } | { error: unknown } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    unsubscribe(token).then(
      () => isCurrent && setOutcome({ isDone: true }),
      (error: unknown) => isCurrent && setOutcome({ error }),
    );
    return () => {
      isCurrent = false;
    };
  }, [token]);
  return (
    <Card withBorder padding="xl" maw={480} mx="auto" mt="xl">
      <Stack gap="md">
        <Title order={1} fz="h3">
          {t('screens.unsubscribe')}
        </Title>
        {outcome && 'error' in outcome ? (
          <Alert color="red" role="alert">
            {errorMessage(outcome.error, t)}
          </Alert>
        ) : outcome ? (
          <Alert color="teal" role="status">
            {t('unsubscribe.done')}
          </Alert>
        ) : (
          <Loader size="sm" aria-label={t('unsubscribe.working')} />
        )}
        <Text size="sm" c="dimmed">
          {t('unsubscribe.help')}
        </Text>
        <Anchor component={Link} to={paths.account} size="sm">
          {t('unsubscribe.toAccount')}
        </Anchor>
      </Stack>
    </Card>
  );
}
