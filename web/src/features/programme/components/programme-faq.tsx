import type { FaqItem } from '@contract/programme';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n';

/** The FAQ as native disclosure widgets: keyboard and screen readers for free, no script. */
export function ProgrammeFaq({ faq }: { faq: FaqItem[] }) {
  const { t } = useTranslation();
  if (faq.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="programme-faq">
      <Title order={2} fz="xl" id="programme-faq">
        {t('programme.faq')}
      </Title>
      {faq.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two items may ask the same question; the list never reorders here
        <Paper key={`${index}-${item.question}`} withBorder p="md" component="details">
          <Text component="summary" fw={600} style={{ cursor: 'pointer' }}>
            {item.question}
          </Text>
          <Text mt="xs" style={{ whiteSpace: 'pre-line' }}>
            {item.answer}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
