import type { WebhookEndpoint } from '@contract/webhooks';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useWebhooks } from '../../../features/webhooks/api/webhooks';
import { WebhookDeliveries } from '../../../features/webhooks/components/webhook-deliveries';
import { WebhookEndpoints } from '../../../features/webhooks/components/webhook-endpoints';
import { WebhookFormModal } from '../../../features/webhooks/components/webhook-form-modal';
import { WebhookSecretModal } from '../../../features/webhooks/components/webhook-secret-modal';
import { useTranslation } from '../../../i18n';

/** /admin/webhooks: the programme's signed webhooks out, their endpoints and each one's log. */
export default function WebhooksScreen() {
  const { t } = useTranslation();
  const webhooks = useWebhooks();
  const endpoints = webhooks.data?.items ?? [];
  const [form, setForm] = useState<{ editing: WebhookEndpoint | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = endpoints.find((e) => e.id === selectedId) ?? endpoints[0] ?? null;

  return (
    <>
      <PageHeader
        title={t('screens.adminWebhooks')}
        description={t('webhooks.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ editing: null })}>
            {t('webhooks.add')}
          </Button>
        }
      />
      <Stack gap="lg">
        <WebhookEndpoints
          endpoints={endpoints}
          isLoading={webhooks.isPending}
          error={webhooks.isError ? webhooks.error : null}
          selectedId={selected?.id ?? null}
          onSelect={setSelectedId}
          onEdit={(editing) => setForm({ editing })}
          onSecret={setSecret}
        />
        {selected && <WebhookDeliveries key={selected.id} endpoint={selected} />}
      </Stack>
      <WebhookFormModal
        opened={form !== null}
        editing={form?.editing ?? null}
        onClose={() => setForm(null)}
        onCreated={(created) => setSecret(created)}
      />
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
