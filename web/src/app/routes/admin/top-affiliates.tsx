import { MetricsScreen } from '../../../features/metrics/components/metrics-screen';
import { TopAffiliatesTable } from '../../../features/metrics/components/top-affiliates-table';
import { useNetworks } from '../../../features/networks/api/networks';
import { useTranslation } from '../../../i18n';

export default function TopAffiliatesScreen() {
  const { t } = useTranslation();
  const networks = (useNetworks().data ?? []).map((n) => ({ value: String(n.id), label: n.name }));
  return (
    <MetricsScreen
      title={t('screens.adminTopAffiliates')}
      description={t('metrics.topDescription')}
      networks={networks}
    >
      {(query) => <TopAffiliatesTable query={query} />}
    </MetricsScreen>
  );
}
