import { SimpleGrid } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { AuditTrail } from '../../../features/audit/components/audit-trail';
import { NetworkForm } from '../../../features/networks/components/network-form';
import { NetworkLoader } from '../../../features/networks/components/network-loader';
import { useTranslation } from '../../../i18n';

export default function NetworkEditScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.adminNetworkEdit')} />
      <NetworkLoader>
        {(network) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <NetworkForm network={network} />
            <AuditTrail entity="network" entityId={network.id} />
          </SimpleGrid>
        )}
      </NetworkLoader>
    </>
  );
}
