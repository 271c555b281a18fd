import { ADMIN_ROLE } from '@contract/session';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCampaigns } from '../../features/campaigns/api/campaigns';
import { salesFiltersOf } from '../../features/sales/components/sales-filters';
import { SalesTable } from '../../features/sales/components/sales-table';
import { useTranslation } from '../../i18n';
import { currentClaims } from '../../lib/session';

export default function SalesScreen() {
  const { t } = useTranslation();
  // An admin sees every sale here (the API answers the programme's), so the affiliate's wording would mislead.
  const isAdmin = currentClaims()?.role === ADMIN_ROLE;
  const [params] = useSearchParams();
  const campaigns = useCampaigns({ page: 1, page_size: 100 });
  const options = (campaigns.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <>
      <PageHeader
        title={t('screens.sales')}
        description={isAdmin ? t('sales.programmeDescription') : t('sales.description')}
      />
      <SalesTable admin={false} campaigns={options} initialFilters={salesFiltersOf(params)} />
    </>
  );
}
