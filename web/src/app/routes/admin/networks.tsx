import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { NetworksTable } from '../../../features/networks/components/networks-table';
import { useTranslation } from '../../../i18n';
import { paths } from '../../paths';

export default function NetworksScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('screens.adminNetworks')}
        description={t('networks.description')}
        actions={
          <Button component={Link} to={paths.adminNetworkCreate} leftSection={<IconPlus size={16} />}>
            {t('networks.create')}
          </Button>
        }
      />
      <NetworksTable />
    </>
  );
}
