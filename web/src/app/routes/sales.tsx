import { PageHeader } from '../../components/page-header';
import { useCampaigns } from '../../features/campaigns/api/campaigns';
import { SalesTable } from '../../features/sales/components/sales-table';
import { useTranslation } from '../../i18n';

export default function SalesScreen() {
  const { t } = useTranslation();
  const campaigns = useCampaigns({ page: 1, page_size: 100 });
  const options = (campaigns.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <>
      <PageHeader title={t('screens.sales')} description={t('sales.description')} />
      <SalesTable admin={false} campaigns={options} />
    </>
  );
}
