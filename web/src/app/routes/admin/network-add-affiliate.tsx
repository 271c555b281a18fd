import { PageHeader } from '../../../components/page-header';
import { AddNetworkMember } from '../../../features/networks/components/add-network-member';
import { NetworkLoader } from '../../../features/networks/components/network-loader';
import { useTranslation } from '../../../i18n';

export default function NetworkAddAffiliateScreen() {
  const { t } = useTranslation();
  return (
    <NetworkLoader>
      {(network) => (
        <>
          <PageHeader title={`${t('screens.adminNetworkAddAffiliate')}: ${network.name}`} />
          <AddNetworkMember network={network} />
        </>
      )}
    </NetworkLoader>
  );
}
