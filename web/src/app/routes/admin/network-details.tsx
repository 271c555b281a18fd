import { Button, Group } from '@mantine/core';
import { IconPencil, IconReceipt, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { NetworkLoader } from '../../../features/networks/components/network-loader';
import { NetworkMembers } from '../../../features/networks/components/network-members';
import { useTranslation } from '../../../i18n';
import { pathTo } from '../../paths';

export default function NetworkDetailsScreen() {
  const { t } = useTranslation();
  return (
    <NetworkLoader>
      {(network) => (
        <>
          <PageHeader
            title={network.name}
            description={network.description ?? t('screens.adminNetworkDetails')}
            actions={
              <Group gap="xs">
                <Button
                  component={Link}
                  to={pathTo('adminNetworkAddAffiliate', { id: network.id })}
                  leftSection={<IconUserPlus size={16} />}
                >
                  {t('networks.addAffiliates')}
                </Button>
                <Button
                  component={Link}
                  to={pathTo('adminNetworkEdit', { id: network.id })}
                  variant="default"
                  leftSection={<IconPencil size={16} />}
                >
                  {t('networks.edit')}
                </Button>
                <Button
                  component={Link}
                  to={pathTo('adminNetworkSales', { id: network.id })}
                  variant="default"
                  leftSection={<IconReceipt size={16} />}
                >
                  {t('networks.sales')}
                </Button>
              </Group>
            }
          />
          <NetworkMembers network={network} />
        </>
      )}
    </NetworkLoader>
  );
}
