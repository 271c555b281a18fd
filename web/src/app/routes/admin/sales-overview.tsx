import { Button } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useAffiliates } from '../../../features/affiliates/api/affiliates';
import { useCampaigns } from '../../../features/campaigns/api/campaigns';
import { useNetworks } from '../../../features/networks/api/networks';
import { NO_FILTERS, salesFiltersOf } from '../../../features/sales/components/sales-filters';
import { SalesTable } from '../../../features/sales/components/sales-table';
import { useTranslation } from '../../../i18n';
import { paths } from '../../paths';

export default function AdminSalesOverviewScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const campaigns = useCampaigns({ page: 1, page_size: 100 });
  const networks = useNetworks();
  const [affiliateSearch, setAffiliateSearch] = useState('');
  const [q] = useDebouncedValue(affiliateSearch.trim(), 250);
  const affiliates = useAffiliates({ q: q || undefined, page: 1, page_size: 20, sort: 'name' });
  const affiliateOptions = (affiliates.data?.items ?? []).map((a) => ({
    value: String(a.id),
    label: `${a.first_name} ${a.last_name} (${a.code})`,
  }));
  const campaignOptions = (campaigns.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const networkOptions = (networks.data ?? []).map((n) => ({ value: String(n.id), label: n.name }));
  // Other screens link here with a filter (?sinalizadas=1 from the dashboard's "to review").
  const initial = params.get('sinalizadas')
    ? { ...NO_FILTERS, status: 'pending' as const, flagged: 'true' as const }
    : salesFiltersOf(params);
  return (
    <>
      <PageHeader
        title={t('screens.adminSalesOverview')}
        description={t('sales.adminDescription')}
        actions={
          <Button component={Link} to={paths.adminSaleCreate} leftSection={<IconPlus size={16} />}>
            {t('sales.create.submit')}
          </Button>
        }
      />
      <SalesTable
        admin
        campaigns={campaignOptions}
        networks={networkOptions}
        affiliates={{ options: affiliateOptions, onSearch: setAffiliateSearch }}
        initialFilters={initial}
      />
    </>
  );
}
