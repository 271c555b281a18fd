import { PageHeader } from '../../../components/page-header';
import { RedemptionRules } from '../../../features/ledger/components/redemption-rules';
import { RedemptionsTable } from '../../../features/ledger/components/redemptions-table';
import { useNetworks } from '../../../features/networks/api/networks';
import { useTranslation } from '../../../i18n';

export default function AdminRedemptionHistoryScreen() {
  const { t } = useTranslation();
  const networks = useNetworks();
  const options = (networks.data ?? []).map((n) => ({ value: String(n.id), label: n.name }));
  return (
    <>
      <PageHeader title={t('screens.adminRedemptionHistory')} description={t('ledger.adminDescription')} />
      <RedemptionRules />
      <RedemptionsTable admin networks={options} />
    </>
  );
}
