import { Button, Card, Group, List, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowBigUpLines } from '@tabler/icons-react';
import { useState } from 'react';
import { type Feedback, FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { usePromotionSettings, useRunPromotion, useSetPromotion } from '../api/levels';

/** Automatic promotion: a daily switch, and "promote now" with who moved up. */
export function PromotionSettings() {
  const { t, i18n } = useTranslation();
  const settings = usePromotionSettings();
  const toggle = useSetPromotion();
  const run = useRunPromotion();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [moved, setMoved] = useState<{ name: string; from: string | null; to: string }[]>([]);

  const promote = async () => {
    setFeedback(null);
    try {
      const result = await run.mutateAsync();
      setMoved(result.promoted.map((p) => ({ name: p.name, from: p.from_level, to: p.to_level })));
      setFeedback({
        tone: 'success',
        text:
          result.promoted.length === 0
            ? t('levels.promotedNone')
            : t('levels.promoted', { count: result.promoted.length }),
      });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  return (
    <Card withBorder padding="lg" mb="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {t('levels.promotionTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('levels.promotionHelp')}
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconArrowBigUpLines size={16} />}
            loading={run.isPending}
            onClick={promote}
          >
            {t('levels.promoteNow')}
          </Button>
        </Group>
        <Switch
          label={t('levels.promotionDaily')}
          checked={settings.data?.enabled ?? false}
          disabled={settings.isPending || toggle.isPending}
          onChange={(event) =>
            toggle.mutate(event.currentTarget.checked, {
              onError: (error) => setFeedback({ tone: 'error', text: errorMessage(error, t) }),
            })
          }
        />
        {settings.data?.last_run_at && (
          <Text size="xs" c="dimmed">
            {t('levels.lastRun', { at: formatDateTime(settings.data.last_run_at, i18n.language) })}
          </Text>
        )}
        <FormAlert message={feedback?.text ?? null} tone={feedback?.tone} />
        {moved.length > 0 && (
          <List size="sm" spacing={2}>
            {moved.map((m) => (
              <List.Item key={m.name}>
                {m.name}: {m.from ?? '—'} → <strong>{m.to}</strong>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  );
}
