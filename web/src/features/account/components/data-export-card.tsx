import { Button, Card, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useTranslation } from '../../../i18n';
import { errorMessage } from '../../../lib/form';
import { downloadMyData } from '../api/account';

/** LGPD: the person takes their data with them. */
export function DataExportCard() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Card withBorder padding="lg">
      <Title order={3} fz="lg">
        {t('accountPage.privacy')}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('accountPage.privacyDescription')}
      </Text>
      <FormAlert message={error} mb="md" />
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={busy}
        style={{ alignSelf: 'flex-start' }}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await downloadMyData();
          } catch (e) {
            setError(errorMessage(e, t));
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('accountPage.download')}
      </Button>
    </Card>
  );
}
