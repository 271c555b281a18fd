import { Tabs } from '@mantine/core';
import { IconFileImport, IconKey, IconReceipt } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCampaigns } from '../../../features/campaigns/api/campaigns';
import { ApiKeysPanel } from '../../../features/sales/components/api-keys-panel';
import { SaleForm } from '../../../features/sales/components/sale-form';
import { SalesImport } from '../../../features/sales/components/sales-import';
import { useTranslation } from '../../../i18n';

const TABS = ['form', 'import', 'keys'] as const;

/** Three ways a sale comes in: typed by an admin, a CSV file, or the merchant's server (API keys). */
export default function AdminSaleCreateScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const campaigns = useCampaigns({ page: 1, page_size: 100 });
  const options = (campaigns.data?.items ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (#${c.id})` }));
  const tab = TABS.find((name) => name === params.get('aba')) ?? 'form';
  return (
    <>
      <PageHeader title={t('screens.adminSaleCreate')} />
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== 'form' ? { aba: next } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="form" leftSection={<IconReceipt size={16} />}>
            {t('sales.create.tabs.form')}
          </Tabs.Tab>
          <Tabs.Tab value="import" leftSection={<IconFileImport size={16} />}>
            {t('sales.create.tabs.import')}
          </Tabs.Tab>
          <Tabs.Tab value="keys" leftSection={<IconKey size={16} />}>
            {t('sales.create.tabs.keys')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="form">
          <SaleForm campaigns={options} />
        </Tabs.Panel>
        <Tabs.Panel value="import">
          <SalesImport />
        </Tabs.Panel>
        <Tabs.Panel value="keys">
          <ApiKeysPanel postbackUrl={`${window.location.origin}/api/v1/postback`} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
