import { IndicatorCards } from '../../../features/metrics/components/indicator-cards';
import { MetricsScreen } from '../../../features/metrics/components/metrics-screen';
import { useNetworks } from '../../../features/networks/api/networks';
import { useTranslation } from '../../../i18n';

export default function IndicatorsScreen() {
  const { t } = useTranslation();
  const networks = (useNetworks().data ?? []).map((n) => ({ value: String(n.id), label: n.name }));
  return (
    <MetricsScreen
      title={t('screens.adminIndicators')}
      description={t('metrics.indicatorsDescription')}
      networks={networks}
    >
      {(query) => <IndicatorCards query={query} />}
    </MetricsScreen>
  );
}
