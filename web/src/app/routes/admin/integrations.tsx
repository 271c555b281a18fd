import type { Integration } from '@contract/integrations';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { affiliatesQuery } from '../../../features/affiliates/api/affiliates';
import { useCampaigns } from '../../../features/campaigns/api/campaigns';
import { useIntegrations } from '../../../features/integrations/api/integrations';
import { ConnectionPanel } from '../../../features/integrations/components/connection-panel';
import { DeliveryLog } from '../../../features/integrations/components/delivery-log';
import { IntegrationFormModal } from '../../../features/integrations/components/integration-form-modal';
import { IntegrationList } from '../../../features/integrations/components/integration-list';
import { ProductMap } from '../../../features/integrations/components/product-map';
import { TestEventModal } from '../../../features/integrations/components/test-event-modal';
import { useTranslation } from '../../../i18n';

/**
 * /admin/integracoes: the checkouts the programme sells on (Hotmart, Kiwify, Stripe, Shopify),
 * each one's address and steps, its product map, and the log of every call it made.
 */
export default function IntegrationsScreen() {
  const { t } = useTranslation();
  const integrations = useIntegrations();
  const list = integrations.data?.items ?? [];
  const campaigns = useCampaigns({ page: 1, page_size: 100 });
  const campaignOptions = (campaigns.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const campaignName = (id: number) => campaignOptions.find((c) => c.value === String(id))?.label ?? `#${id}`;
  const [form, setForm] = useState<{ editing: Integration | null } | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [testing, setTesting] = useState<Integration | null>(null);
  // The approved affiliates a test event can credit: read when the test is opened.
  const affiliates = useQuery({
    ...affiliatesQuery({ status: 'approved', page_size: 100, sort: '-created_at' }),
    enabled: testing !== null,
  });
  const affiliateOptions = (affiliates.data?.items ?? []).map((a) => ({
    value: a.code,
    label: `${a.first_name} ${a.last_name} (${a.code})`,
  }));
  const selected = list.find((i) => i.id === selectedId) ?? list[0] ?? null;

  return (
    <>
      <PageHeader
        title={t('screens.adminIntegrations')}
        description={t('integrations.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ editing: null })}>
            {t('integrations.add')}
          </Button>
        }
      />
      <Stack gap="lg">
        <IntegrationList
          integrations={list}
          isLoading={integrations.isPending}
          error={integrations.isError ? integrations.error : null}
          campaignName={campaignName}
          selectedId={selected?.id ?? null}
          onSelect={setSelectedId}
          onAdd={() => setForm({ editing: null })}
          onEdit={(editing) => setForm({ editing })}
        />
        {selected && (
          <Stack gap="lg" key={selected.id}>
            <ConnectionPanel integration={selected} onTest={() => setTesting(selected)} />
            <DeliveryLog integration={selected} />
            <ProductMap integration={selected} campaigns={campaignOptions} campaignName={campaignName} />
          </Stack>
        )}
      </Stack>
      <IntegrationFormModal
        opened={form !== null}
        editing={form?.editing ?? null}
        campaigns={campaignOptions}
        onClose={() => setForm(null)}
        onCreated={(created) => setSelectedId(created.id)}
      />
      <TestEventModal
        integration={testing}
        affiliates={affiliateOptions}
        isLoadingAffiliates={affiliates.isFetching}
        onClose={() => setTesting(null)}
      />
    </>
  );
}
