import { PageHeader } from '../../../components/page-header';
import { NetworkForm } from '../../../features/networks/components/network-form';
import { useTranslation } from '../../../i18n';

export default function NetworkCreateScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.adminNetworkCreate')} description={t('networks.description')} />
      <NetworkForm />
    </>
  );
}
