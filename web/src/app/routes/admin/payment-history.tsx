import { PageHeader } from '../../../components/page-header';
import { PaymentsTable } from '../../../features/ledger/components/payments-table';
import { useNetworks } from '../../../features/networks/api/networks';
import { useTranslation } from '../../../i18n';

export default function AdminPaymentHistoryScreen() {
  const { t } = useTranslation();
  const networks = useNetworks();
  const options = (networks.data ?? []).map((n) => ({ value: String(n.id), label: n.name }));
  return (
    <>
      <PageHeader title={t('screens.adminPaymentHistory')} description={t('ledger.paymentsDescription')} />
      <PaymentsTable admin networks={options} />
    </>
  );
}
