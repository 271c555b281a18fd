import { BreakdownView } from '../../../features/metrics/components/breakdown-view';
import { MetricsScreen } from '../../../features/metrics/components/metrics-screen';
import { useNetworks } from '../../../features/networks/api/networks';
import { useTranslation } from '../../../i18n';

export default function PaymentMethodMetricsScreen() {
  const { t } = useTranslation();
  const networks = (useNetworks().data ?? []).map((n) => ({ value: String(n.id), label: n.name }));
  return (
    <MetricsScreen
      title={t('screens.adminPaymentMethodMetrics')}
      description={t('metrics.approvedOnly')}
      networks={networks}
    >
      {(query) => (
        <BreakdownView
          path="payment-methods"
          query={query}
          overTime={t('metrics.amountOverTime')}
          tables={[{ key: 'by_method', title: t('metrics.tables.by_method') }]}
          label={(_table, key) => t(`campaigns.methods.${key}`, { defaultValue: key })}
        />
      )}
    </MetricsScreen>
  );
}
