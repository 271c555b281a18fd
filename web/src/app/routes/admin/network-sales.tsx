import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCampaigns } from '../../../features/campaigns/api/campaigns';
import { NetworkLoader } from '../../../features/networks/components/network-loader';
import { SalesTable } from '../../../features/sales/components/sales-table';
import { useTranslation } from '../../../i18n';
import { pathTo } from '../../paths';

/** /admin/rede-afiliados/vendas/:id: the sales overview, held to one network's members. */
export default function AdminNetworkSalesScreen() {
  const { t } = useTranslation();
  const campaigns = useCampaigns({ page: 1, page_size: 100 });
  const options = (campaigns.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <NetworkLoader>
      {(network) => (
        <>
          <PageHeader
            title={t('networks.salesOf', { name: network.name })}
            description={t('networks.salesDescription')}
            actions={
              <Button
                component={Link}
                to={pathTo('adminNetworkDetails', { id: network.id })}
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
              >
                {network.name}
              </Button>
            }
          />
          <SalesTable admin campaigns={options} locked={{ network_id: network.id }} />
        </>
      )}
    </NetworkLoader>
  );
}
