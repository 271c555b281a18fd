import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n';

/** The programme's name and pitch, and the way to the application form below. */
export function ProgrammeHero({ name, pitch, applyHref }: { name: string; pitch: string; applyHref: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="flex-start">
      <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.15}>
        {name}
      </Title>
      {pitch && (
        <Text fz={{ base: 'md', sm: 'lg' }} maw={720} style={{ whiteSpace: 'pre-line' }}>
          {pitch}
        </Text>
      )}
      <Button component="a" href={applyHref} size="md">
        {t('programme.applyNow')}
      </Button>
    </Stack>
  );
}
