import { BreakdownView } from '../../../features/metrics/components/breakdown-view';
import { MetricsScreen } from '../../../features/metrics/components/metrics-screen';
import { useNetworks } from '../../../features/networks/api/networks';
import { originLabel } from '../../../features/sales/components/origin-label';
import { useTranslation } from '../../../i18n';

export default function SalesOriginMetricsScreen() {
  const { t } = useTranslation();
  const networks = (useNetworks().data ?? []).map((n) => ({ value: String(n.id), label: n.name }));
  return (
    <MetricsScreen
      title={t('screens.adminSalesOriginMetrics')}
      description={t('metrics.approvedOnly')}
      networks={networks}
    >
      {(query) => (
        <BreakdownView
          path="origins"
          query={query}
          overTime={t('metrics.amountOverTime')}
          tables={[
            { key: 'by_origin', title: t('metrics.tables.by_origin') },
            { key: 'by_utm_source', title: t('metrics.tables.by_utm_source') },
          ]}
          // Origins are the merchant's tags ("site", "app"): shown as words. UTM sources stay as the affiliate typed them.
          label={(table, key) => (table === 'by_origin' ? originLabel(key, t) : key)}
        />
      )}
    </MetricsScreen>
  );
}
